/**
 * The built client as the blog's server-rendered pages need it: index.html (the shell the
 * rendered page goes into) and the stylesheets of the blog's own chunk, found in the build's
 * manifest (CLIENT_DIR/.vite/manifest.json), so a rendered page is styled before the app loads.
 * Both are re-read when the build changes (by modification time), never per request otherwise.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The blog pages' module, as the manifest names it (src/routes/table.tsx loads it lazily). */
export const BLOG_CHUNK_SOURCE = 'src/pages/blog/BlogPages.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** A file's content, re-read only when its modification time changes; null when it is missing. */
function cachedRead<T>(file: string, parse: (text: string) => T): () => T | null {
  let seen: number | null = null;
  let value: T | null = null;
  return () => {
    const m = mtimeOf(file);
    if (m === null) return null;
    if (m !== seen) {
      value = parse(readFileSync(file, 'utf8'));
      seen = m;
    }
    return value;
  };
}

/** The chunk's stylesheets and those of the chunks it imports, except the entry's (index.html links it already). */
export function chunkStylesheets(manifest: Record<string, ManifestChunk>, source: string): string[] {
  const out = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    for (const css of chunk.css ?? []) out.add(`/${css}`);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(source);
  return [...out];
}

export interface ClientShell {
  /** index.html, or null without a built client. */
  indexHtml(): string | null;
  blogStylesheets(): string[];
}

export function clientShell(clientDir: string): ClientShell {
  const index = cachedRead(path.join(clientDir, 'index.html'), (t) => t);
  const manifest = cachedRead(path.join(clientDir, '.vite', 'manifest.json'), (t) => {
    try {
      return chunkStylesheets(JSON.parse(t) as Record<string, ManifestChunk>, BLOG_CHUNK_SOURCE);
    } catch {
      // A manifest being rewritten by a build in progress: no extra stylesheets this time.
      return [];
    }
  });
  return { indexHtml: index, blogStylesheets: () => manifest() ?? [] };
}
