/**
 * Log output for a person at a terminal: pino's JSON lines (what the server writes everywhere else,
 * for CI, e2e and log collectors) turned into one short line each,
 *
 *   14:02:31 INFO  GET /prod-api/api/user/getInfo → 200 (4 ms)
 *   14:02:40 WARN  store order pull failed connectionId=3 err="timeout"
 *
 * A request is one line when it completes (method and URL from its "incoming request" line, which
 * is not printed). The URL is the one already redacted by the request serializer. Small on
 * purpose: pino-pretty would bring a dozen packages for the same job.
 */
import { Writable } from 'node:stream';

const LEVELS: Record<number, [name: string, color: string]> = {
  10: ['TRACE', '\x1b[90m'],
  20: ['DEBUG', '\x1b[90m'],
  30: ['INFO ', '\x1b[32m'],
  40: ['WARN ', '\x1b[33m'],
  50: ['ERROR', '\x1b[31m'],
  60: ['FATAL', '\x1b[35m'],
};
const DIM = '\x1b[2m';
const RESET = '\x1b[0m';
/** Fields every line has, or that this format shows in its own place. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'v']);
/** Requests seen but not yet completed; bounded, since an aborted request never completes. */
const MAX_PENDING = 1000;

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  /** An Error as pino serializes it, or a message some callers log as it is. */
  err?: string | { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

function value(v: unknown): string {
  const text = typeof v === 'string' ? (/[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v) : JSON.stringify(v);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

export interface LogFormatOptions {
  /** ANSI colours (a terminal). */
  color: boolean;
  /** Messages not printed: what the caller says better itself (the start-up's address). */
  hide?: RegExp;
}

/** Formats pino JSON lines, or null for a line not to print. Lines that are not JSON pass through as they are. */
export function createLogFormatter({ color, hide }: LogFormatOptions): (line: string) => string | null {
  const pending = new Map<string, string>();
  const paint = (code: string, text: string) => (color ? `${code}${text}${RESET}` : text);
  return (line) => {
    let entry: LogLine;
    try {
      entry = JSON.parse(line) as LogLine;
    } catch {
      return line;
    }
    if (entry.msg === 'incoming request' && entry.reqId && entry.req) {
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value!);
      pending.set(entry.reqId, `${entry.req.method ?? ''} ${entry.req.url ?? ''}`);
      return null;
    }
    if (hide && (entry.level ?? 30) <= 30 && hide.test(entry.msg ?? '')) return null;
    const [name, code] = LEVELS[entry.level ?? 30] ?? ['LOG  ', ''];
    let msg = entry.msg ?? '';
    let quiet = false;
    if (msg === 'request completed' && entry.reqId) {
      const request = pending.get(entry.reqId) ?? 'request';
      pending.delete(entry.reqId);
      const status = entry.res?.statusCode ?? 0;
      msg = `${request} → ${status} (${Math.round(entry.responseTime ?? 0)} ms)`;
      quiet = status < 400 && (entry.level ?? 30) <= 30;
    }
    const fields = Object.entries(entry)
      .filter(([k]) => !SHOWN_APART.has(k))
      .map(([k, v]) => `${k}=${value(v)}`);
    const err = typeof entry.err === 'string' ? { message: entry.err } : entry.err;
    if (err) fields.push(`err=${value(err.message ?? err.type ?? 'error')}`);
    const text = [msg, ...fields].filter(Boolean).join(' ');
    let out = `${paint(DIM, clock(entry.time))} ${paint(code, name)} ${quiet ? paint(DIM, text) : text}`;
    if (err?.stack && (entry.level ?? 30) >= 50) out += `\n${paint(DIM, err.stack.replace(/^/gm, '    '))}`;
    return out;
  };
}

/** A stream for pino (Fastify's `logger.stream`) writing the formatted lines to `out`. */
export function prettyLogStream(
  opts: Partial<LogFormatOptions> = {},
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Writable {
  const format = createLogFormatter({ color: opts.color ?? Boolean(out.isTTY), hide: opts.hide });
  let rest = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = (rest + String(chunk)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line) continue;
        const text = format(line);
        if (text !== null) out.write(`${text}\n`);
      }
      done();
    },
  });
}
