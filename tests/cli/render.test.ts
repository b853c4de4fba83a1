/**
 * `npm run render`: bulk mockups from a jobs file through the built engine package in headless
 * Chromium. Good jobs write right-sized images with the design where the print area is, a bad job
 * is reported without stopping the others (and fails the run), and a second run skips what is done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { writeFixtureTemplate } from './fixtures';
import { buildEnginePackage } from './engine-package.ts';

const run = promisify(execFile);
let dir = '';
let out = '';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}
async function render(args: string[]): Promise<CliResult> {
  return run('npx', ['tsx', 'scripts/render.ts', ...args], { cwd: process.cwd(), timeout: 170_000 }).then(
    (r) => ({ code: 0, ...r }),
    (e: CliResult) => e,
  );
}
async function raw(file: string) {
  const { format } = await sharp(file).metadata();
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    info: { ...info, format },
    at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3)],
  };
}
/** JPEG moves colours a little: each channel within this of the expected value. */
const JPEG_TOLERANCE = 12;
const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) <= JPEG_TOLERANCE);

afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));
beforeAll(async () => {
  await buildEnginePackage();
  dir = await mkdtemp(path.join(tmpdir(), 'pod-render-'));
  out = path.join(dir, 'out');
  await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
    .png()
    .toFile(path.join(dir, 'photo.png'));
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0000ff' } })
    .png()
    .toFile(path.join(dir, 'blue.png'));
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00c000' } })
    .png()
    .toFile(path.join(dir, 'green.png'));
  await writeFixtureTemplate(path.join(dir, 'template.json'), 'photo.png');
  const jobs = [
    { id: 'blue-400', template: 'template.json', design: 'blue.png', size: 400 },
    { id: 'green-orange', template: 'template.json', design: 'green.png', color: '#FF8800' },
    { id: 'blue-png', template: 'template.json', design: 'blue.png', size: 300, format: 'png' },
    { id: 'no-such-view', template: 'template.json', design: 'blue.png', view: 'back' },
  ];
  await writeFile(path.join(dir, 'jobs.jsonl'), jobs.map((j) => JSON.stringify(j)).join('\n'));
}, 180_000);

describe('npm run render', () => {
  it('renders every good job, reports the bad one, and fails the run', async () => {
    const res = await render(['--jobs', path.join(dir, 'jobs.jsonl'), '--out', out, '--concurrency', '2']);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('4 job(s) to render on 2 page(s)');
    expect(res.stdout).toMatch(/\[\d\/4\] ok blue-400 /);
    expect(res.stdout).toMatch(/\[\d\/4\] FAILED no-such-view: .*no view 'back'/);
    expect(res.stdout).toContain('3 rendered, 0 skipped (already there), 1 failed');
    expect(res.stderr).toMatch(/failed:\n {2}no-such-view: /);

    const big = await raw(path.join(out, 'blue-400.jpg'));
    expect([big.info.width, big.info.height, big.info.format]).toEqual([400, 400, 'jpeg']);
    expect(near(big.at(200, 200), [0, 0, 255]), `print area: ${big.at(200, 200).join(',')}`).toBe(true);
    expect(near(big.at(10, 10), [255, 255, 255])).toBe(true);
    // Default size: the view's photo (200 px); the SKU colour tints the photo, not the design.
    const tinted = await raw(path.join(out, 'green-orange.jpg'));
    expect([tinted.info.width, tinted.info.height]).toEqual([200, 200]);
    expect(near(tinted.at(100, 100), [0, 192, 0]), `print area: ${tinted.at(100, 100).join(',')}`).toBe(true);
    expect(near(tinted.at(5, 5), [255, 136, 0]), `photo: ${tinted.at(5, 5).join(',')}`).toBe(true);
    const png = await raw(path.join(out, 'blue-png.png'));
    expect([png.info.width, png.info.height, png.info.format]).toEqual([300, 300, 'png']);
    expect(png.at(150, 150)).toEqual([0, 0, 255]);
    await expect(stat(path.join(out, 'no-such-view.jpg'))).rejects.toThrow();
  }, 180_000);

  it('skips finished jobs on a second run and renders only what is missing', async () => {
    await rm(path.join(out, 'blue-png.png'));
    const res = await render(['--jobs', path.join(dir, 'jobs.jsonl'), '--out', out]);
    expect(res.code).toBe(1);
    // The finished ones are not rendered again: the removed one and the bad one are left.
    expect(res.stdout).toMatch(/2 job\(s\) to render on \d page\(s\)/);
    expect(res.stdout).toMatch(/skipped blue-400: .*blue-400\.jpg is already there/);
    expect(res.stdout).toMatch(/skipped green-orange: /);
    expect(res.stdout).toMatch(/ok blue-png /);
    expect(res.stdout).toContain('1 rendered, 2 skipped (already there), 1 failed');
    expect((await raw(path.join(out, 'blue-png.png'))).info.width).toBe(300);
  }, 180_000);

  it('refuses to start without its arguments', async () => {
    const res = await render(['--jobs', path.join(dir, 'jobs.jsonl')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('usage: npm run render');
  }, 60_000);
});
