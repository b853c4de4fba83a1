/**
 * The JavaScript the home page needs before it can run: the entry chunk and every chunk it imports
 * statically (what index.html loads and modulepreloads), read from Vite's manifest. Lazy route
 * chunks (dynamic imports) are not part of it: they load when their route is first shown.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The part of a Vite manifest entry this reads (`build.manifest: true` writes `.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The budget for the home page's initial JavaScript, gzip. */
export const INITIAL_JS_TARGET_BYTES = 200_000;

export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, MANIFEST_PATH), 'utf8')) as Manifest;
}

/** The manifest keys of the entry and of every chunk it reaches through static imports, entry first. */
export function initialChunks(manifest: Manifest, entry = 'index.html'): string[] {
  const seen: string[] = [];
  const visit = (key: string) => {
    if (seen.includes(key) || !manifest[key]) return;
    seen.push(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entry);
  return seen;
}

export interface InitialJs {
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

/** Sizes of the initial JavaScript of a build in `outDir`; gzip sizes are those of the `.gz` files served, else gzip -9 of the file. */
export function measureInitialJs(outDir: string, manifest = readManifest(outDir)): InitialJs {
  const files = initialChunks(manifest).map((key) => {
    const file = manifest[key]!.file;
    const body = readFileSync(path.join(outDir, file));
    const gz = path.join(outDir, `${file}.gz`);
    const gzipBytes = existsSync(gz) ? readFileSync(gz).length : gzipSync(body, { level: 9 }).length;
    return { file, bytes: body.length, gzipBytes };
  });
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatInitialJs(m: InitialJs, target = INITIAL_JS_TARGET_BYTES): string {
  return (
    `initial JS for /: ${kB(m.gzipBytes)} gzip (target ≤ ${kB(target)}), ${kB(m.bytes)} raw, ` +
    `${m.files.length} file${m.files.length === 1 ? '' : 's'}: ${m.gzipBytes <= target ? 'PASS' : 'MISS'}`
  );
}
