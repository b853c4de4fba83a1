/**
 * A fingerprint of everything the client build reads, written beside the build (`.build-stamp`
 * in the output folder) so `npm start` rebuilds only when one of these changed. Contents are
 * hashed, not modification times: a fresh clone or a `touch` changes every mtime, not the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What `vite build` reads, from the repository root: the app, its engine and worker code, shaders, fonts, config and the locked dependencies. */
export const CLIENT_SOURCES = [
  'src',
  'engine',
  'contract',
  'workers',
  'personalizer',
  'shaders',
  'fonts',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'tools/build',
];

/** Not sources: installed packages and build output (the engine package's own dist/). */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.vite']);

export const STAMP_FILE = '.build-stamp';

function filesUnder(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full, { withFileTypes: true })
    .filter((e) => !(e.isDirectory() && SKIPPED_FOLDERS.has(e.name)))
    .flatMap((e) => (e.isDirectory() || e.isFile() ? filesUnder(root, path.posix.join(rel, e.name)) : []));
}

/** SHA-256 over the path and contents of every client source file, in a fixed order. */
export function sourceStamp(root: string, sources: readonly string[] = CLIENT_SOURCES): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((s) => filesUnder(root, s)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp a finished build left in `outDir`, or null when there is none (never built, or built before stamps). */
export function readStamp(outDir: string): string | null {
  const file = path.join(outDir, STAMP_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

export function writeStamp(outDir: string, stamp: string): void {
  writeFileSync(path.join(outDir, STAMP_FILE), `${stamp}\n`);
}
