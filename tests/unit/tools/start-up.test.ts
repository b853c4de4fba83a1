/**
 * What `npm start` relies on: the sources' fingerprint (rebuild only when a source's contents
 * changed) and the terminal log format (one short line per log entry and per request).
 */
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStamp, sourceStamp, writeStamp } from '../../../tools/build/source-stamp';
import { createLogFormatter } from '../../../server/platform/log-format';

describe('the sources fingerprint', () => {
  let dir = '';
  const sources = ['src', 'index.html'];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pod-stamp-'));
    await mkdir(path.join(dir, 'src', 'node_modules'), { recursive: true });
    await writeFile(path.join(dir, 'src', 'main.tsx'), 'export const a = 1;\n');
    await writeFile(path.join(dir, 'index.html'), '<div id="root"></div>');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stays the same when only modification times change, and changes with contents or a new file', async () => {
    const first = sourceStamp(dir, sources);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'src', 'main.tsx'), later, later);
    expect(sourceStamp(dir, sources)).toBe(first);
    await writeFile(path.join(dir, 'src', 'main.tsx'), 'export const a = 2;\n');
    const edited = sourceStamp(dir, sources);
    expect(edited).not.toBe(first);
    await writeFile(path.join(dir, 'src', 'extra.ts'), '');
    expect(sourceStamp(dir, sources)).not.toBe(edited);
  });

  it('ignores installed packages and build output under a source folder', async () => {
    const before = sourceStamp(dir, sources);
    await writeFile(path.join(dir, 'src', 'node_modules', 'x.js'), 'x');
    expect(sourceStamp(dir, sources)).toBe(before);
  });

  it('is read back as written, and is absent before any build', async () => {
    const out = path.join(dir, 'dist');
    expect(readStamp(out)).toBeNull();
    await mkdir(out);
    writeStamp(out, 'abc123');
    expect(readStamp(out)).toBe('abc123');
  });
});

describe('the terminal log format', () => {
  const line = (o: Record<string, unknown>) =>
    JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 0, 0), pid: 1, hostname: 'h', ...o });

  it('prints a request once, when it completes, with method, URL, status and time', () => {
    const format = createLogFormatter({ color: false });
    expect(format(line({ reqId: 'r1', req: { method: 'GET', url: '/?podToken=[redacted]' }, msg: 'incoming request' }))).toBeNull();
    const done = format(line({ reqId: 'r1', res: { statusCode: 200 }, responseTime: 3.6, msg: 'request completed' }));
    expect(done).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/\?podToken=\[redacted\] → 200 \(4 ms\)$/);
  });

  it('prints the level, the message and the other fields; errors with their stack', () => {
    const format = createLogFormatter({ color: false });
    expect(format(line({ level: 40, msg: 'store order pull failed', connectionId: 3, err: 'timed out' }))).toMatch(
      /WARN {2}store order pull failed connectionId=3 err="timed out"$/,
    );
    const failed = format(
      line({ level: 50, msg: 'request failed', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' } }),
    );
    expect(failed).toContain('ERROR request failed err=boom');
    expect(failed).toContain('    Error: boom');
  });

  it('hides what the start-up says itself, and passes lines that are not JSON through', () => {
    const format = createLogFormatter({ color: false, hide: /^Server listening at / });
    expect(format(line({ msg: 'Server listening at http://127.0.0.1:8080' }))).toBeNull();
    expect(format('plain text')).toBe('plain text');
  });
});
