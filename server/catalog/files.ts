/**
 * Catalogue files: the generated pictures, their colour versions (made on first request) and
 * resized copies (one of the image component's size presets, or a width), all cached on disk.
 *
 * Safety: a path is a list of segments of letters, digits, '.', '_' and '-' that start with a
 * letter or digit, so '..', hidden files and the cache folder can never be named; the resolved
 * path must still lie inside the catalogue folder. Widths snap to a fixed ladder so a crawler
 * cannot fill the disk with one copy per pixel width.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { tintView } from './tint';
import { TINT_NAME_RE, catalogRoot } from './paths';

/** The image component's size presets 1-5 (px), padded to a square. 0 is the original. */
export const SIZE_PRESETS: Readonly<Record<number, number>> = { 1: 200, 2: 150, 3: 100, 4: 60, 5: 250 };
export const WIDTH_LADDER = [60, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1600, 2000, 2400] as const;

export class FileRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404,
  ) {
    super(message);
  }
}

export interface ServedFile {
  contentType: string;
  /** Depends on the source file and the variant only, so a 304 needs no resize. */
  etag: string;
  body(): Promise<Buffer>;
  /**
   * Another file shown while the one asked for is made (a thumbnail of a product model or view not
   * yet photographed shows a picture of the same product made at first start): not to be cached.
   */
  provisional?: boolean;
}

const SEGMENT_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const TYPES: Readonly<Record<string, string>> = { '.jpg': 'image/jpeg', '.png': 'image/png' };

/** Inside the catalogue folder or refused. */
export function safePath(root: string, rel: string): string {
  const segments = rel.split('/');
  if (rel.length > 400 || segments.length > 6 || !segments.every((s) => SEGMENT_RE.test(s) && !s.includes('..'))) {
    throw new FileRefused('Invalid file path', 400);
  }
  const abs = path.resolve(root, ...segments);
  if (!abs.startsWith(root + path.sep)) throw new FileRefused('Invalid file path', 400);
  return abs;
}

export function parseVariant(query: { size?: string; w?: string }): string | null {
  const { size, w } = query;
  if (size !== undefined && size !== '') {
    if (!/^[0-5]$/.test(size)) throw new FileRefused('size must be a preset from 0 to 5', 400);
    return size === '0' ? null : `s${size}`;
  }
  if (w !== undefined && w !== '') {
    const n = /^\d{1,5}$/.test(w) ? Number(w) : NaN;
    const snapped = WIDTH_LADDER.find((x) => x >= n);
    if (!(n >= 1) || snapped === undefined)
      throw new FileRefused(`w must be a width from 1 to ${WIDTH_LADDER[WIDTH_LADDER.length - 1]}`, 400);
    return `w${snapped}`;
  }
  return null;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Writes via a temporary name so a reader never sees half a file. */
async function writeAtomic(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** Concurrent requests for the same missing file wait for one generation. */
const inflight = new Map<string, Promise<void>>();

function once(key: string, make: () => Promise<void>): Promise<void> {
  const running = inflight.get(key);
  if (running) return running;
  const p = make().finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

/** A colour version '<view>-<RRGGBB>.jpg' beside its white '<view>.jpg', made on demand. */
async function deriveTint(abs: string): Promise<boolean> {
  const m = TINT_NAME_RE.exec(path.basename(abs));
  if (!m || !m[1] || !m[2]) return false;
  const dir = path.dirname(abs);
  if (!(await exists(path.join(dir, `${m[1]}.jpg`)))) return false;
  await once(abs, async () => writeAtomic(abs, await tintView(dir, m[1] as string, `#${m[2]}`)));
  return true;
}

async function resize(source: string, variant: string, png: boolean): Promise<Buffer> {
  const img = sharp(source);
  const n = Number(variant.slice(1));
  const sized = variant.startsWith('s')
    ? img.resize(SIZE_PRESETS[n] ?? n, SIZE_PRESETS[n] ?? n, {
        fit: 'contain',
        background: png ? { r: 0, g: 0, b: 0, alpha: 0 } : '#FFFFFF',
      })
    : img.resize({ width: n, withoutEnlargement: true });
  return png ? sized.png({ compressionLevel: 6 }).toBuffer() : sized.jpeg({ quality: 82 }).toBuffer();
}

/**
 * Makes missing catalogue files that are generated on first request (a product model's photos
 * and maps, the drawing's views after its first: demo/catalog/on-demand.ts), or the white photo
 * a missing colour version is made from. The demo catalogue registers it.
 */
export interface CatalogProducer {
  /** Makes the file `rel` names; resolves false when it names nothing this makes. */
  make(dataDir: string, rel: string): Promise<boolean>;
  /**
   * A file already made that shows the same product (the first model's same view, or its first
   * view), for thumbnails: a catalogue page asks for dozens at once, and browsers open six
   * connections to a host, so thumbnails waiting on photography would hold back the page's own
   * API calls. Null: none.
   */
  standIn(rel: string, dataDir: string): string | null;
}

let producer: CatalogProducer | null = null;

export function setCatalogProducer(make: CatalogProducer | null): void {
  producer = make;
}

export async function serveCatalogFile(dataDir: string, rel: string, query: { size?: string; w?: string }): Promise<ServedFile> {
  const root = catalogRoot(dataDir);
  const abs = safePath(root, rel);
  const contentType = TYPES[path.extname(abs).toLowerCase()];
  if (!contentType) throw new FileRefused('Invalid file path', 400);
  const variant = parseVariant(query);
  if (!(await exists(abs))) {
    const standIn = variant && producer ? producer.standIn(rel, dataDir) : null;
    if (standIn && producer) {
      // The thumbnail answers now from the stand-in; the real file is made meanwhile.
      producer.make(dataDir, rel).catch(() => undefined);
      const shown = await serveCatalogFile(dataDir, standIn, query);
      return { ...shown, provisional: true };
    }
    if (producer) await producer.make(dataDir, rel);
    if (!(await exists(abs)) && !(await deriveTint(abs))) throw new FileRefused('File not found', 404);
  }

  const source = await stat(abs);
  const etag = `"${createHash('sha1')
    .update(`${rel}|${variant ?? ''}|${source.size}|${source.mtimeMs}`)
    .digest('hex')
    .slice(0, 24)}"`;
  if (!variant) return { contentType, etag, body: () => readFile(abs) };

  // Resized copies live in a dot-folder no URL can name (segments never start with '.').
  const cached = path.join(root, '.cache', variant, rel);
  const body = async () => {
    if (!(await exists(cached)))
      await once(cached, async () => writeAtomic(cached, await resize(abs, variant, contentType === 'image/png')));
    return readFile(cached);
  };
  return { contentType, etag, body };
}
