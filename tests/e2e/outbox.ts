import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './env';

/** The 6-digit code of the newest mail to `to`, waiting briefly for it to be written. */
export async function codeFromOutbox(to: string, timeoutMs = 5000): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const mail = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { to: string; text: string };
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (mail.to === to.toLowerCase() && code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}
