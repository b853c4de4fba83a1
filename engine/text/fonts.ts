/**
 * The bundled design fonts (fonts/manifest.json) and their loader.
 *
 * Fonts are loaded with the FontFace API into the FontFaceSet of the realm the engine runs in:
 * `document.fonts` on a page, `self.fonts` in a worker. Canvas text in that realm then uses them.
 * A family that cannot be loaded rejects with 'Error loading font': callers must
 * never draw with a fallback face and hand the result on as if it were the design.
 */
import manifestJson from '../../fonts/manifest.json';

/** The message shown when a font cannot be loaded. */
export const FONT_ERROR_MSG = 'Error loading font' as const;

export interface BundledFontFace {
  /** Stable id, e.g. 'comfortaa-bold'. */
  readonly id: string;
  /** What the typeface picker shows (the real name of the shipped font). */
  readonly displayName: string;
  /** CSS family the face is registered under; faces of one family differ by weight. */
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic';
  /** The product's font name this face stands for. */
  readonly specName: string;
  /** True when the product's font is not freely licensed and this is the closest OFL font. */
  readonly substitute: boolean;
  /** Other spellings found in saved designs (matched like every name: see fontKey). */
  readonly aliases: readonly string[];
  /** File name under fonts/. */
  readonly file: string;
  readonly license: string;
  readonly licenseFile: string;
  readonly source: string;
}

interface FontManifest {
  readonly version: number;
  readonly defaultFace: string;
  readonly faces: readonly BundledFontFace[];
}

/** A face that is in the realm's FontFaceSet and ready for canvas text. */
export interface LoadedFont {
  readonly face: BundledFontFace;
  /** CSS font shorthand for a pixel size, e.g. `normal 700 40px "Comfortaa"`. */
  css(sizePx: number): string;
}

export class FontLoadError extends Error {
  /** The family the design asked for. */
  readonly family: string;

  constructor(family: string, cause?: unknown) {
    // The message is exactly the product's: it is what the UI shows and what crosses Comlink
    // (structuredClone keeps an Error's message, not its extra fields).
    super(FONT_ERROR_MSG, cause === undefined ? undefined : { cause });
    this.name = 'FontLoadError';
    this.family = family;
  }
}

export function isFontLoadError(error: unknown): error is FontLoadError {
  return error instanceof Error && error.message === FONT_ERROR_MSG;
}

function checkManifest(value: unknown): FontManifest {
  const m = value as FontManifest;
  const ok =
    typeof m === 'object' &&
    m !== null &&
    Array.isArray(m.faces) &&
    m.faces.every(
      (f) =>
        typeof f.id === 'string' &&
        typeof f.family === 'string' &&
        typeof f.file === 'string' &&
        Number.isFinite(f.weight) &&
        Array.isArray(f.aliases),
    ) &&
    m.faces.some((f) => f.id === m.defaultFace);
  if (!ok) throw new Error('fonts/manifest.json is malformed');
  return m;
}

const MANIFEST = checkManifest(manifestJson);

export const BUNDLED_FONTS: readonly BundledFontFace[] = MANIFEST.faces;

/** The face new text elements get (no default is named; this is one of the product's fonts). */
export const DEFAULT_FONT_FACE: BundledFontFace = MANIFEST.faces.find((f) => f.id === MANIFEST.defaultFace)!;

// Vite turns each file into a URL that works in the app, in workers and in tests (dev server
// path or hashed asset). Root-relative URLs resolve the same from a page and from a worker.
// `no-inline` keeps them separate files in the engine's package build too (library builds otherwise
// inline every asset as base64): there each URL is resolved against the built module's own URL.
const FILE_URLS: Record<string, string> = import.meta.glob<string>('../../fonts/*.woff2', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

let urlResolver: ((face: BundledFontFace) => string) | null = null;

/**
 * Overrides where font files are fetched from, for pages that embed the engine with its fonts
 * hosted elsewhere. Pass null to go back to the bundled URLs.
 */
export function setFontUrlResolver(resolver: ((face: BundledFontFace) => string) | null): void {
  urlResolver = resolver;
}

export function fontFaceUrl(face: BundledFontFace): string {
  if (urlResolver) return urlResolver(face);
  const url = FILE_URLS[`../../fonts/${face.file}`];
  if (url === undefined) throw new Error(`font file fonts/${face.file} is not bundled`);
  return url;
}

/**
 * Matching key for family names: saved designs spell the same font 'Comfortaa-Bold',
 * 'Comfortaa Bold' or 'comfortaa bold', so case, spaces, hyphens, underscores and quotes are
 * ignored.
 */
export function fontKey(name: string): string {
  return name.toLowerCase().replace(/[\s\-_'"]+/g, '');
}

const BY_KEY = new Map<string, BundledFontFace>();
for (const face of MANIFEST.faces) {
  for (const name of [face.id, face.displayName, face.specName, ...face.aliases]) {
    const key = fontKey(name);
    // First face wins, so a family name shared by several weights ('Comfortaa') is claimed by
    // the face that lists it explicitly (its regular weight) rather than overwritten.
    if (!BY_KEY.has(key)) BY_KEY.set(key, face);
  }
}
for (const face of MANIFEST.faces) {
  // A bare family name ('Montserrat', 'Comfortaa') means its regular face when one exists.
  const key = fontKey(face.family);
  const current = BY_KEY.get(key);
  if (current === undefined || (current.family === face.family && Math.abs(face.weight - 400) < Math.abs(current.weight - 400))) {
    BY_KEY.set(key, face);
  }
}

/** The bundled face a design's fontFamily names, or null when it names none of them. */
export function resolveFontFace(name: string): BundledFontFace | null {
  return BY_KEY.get(fontKey(name)) ?? null;
}

function quoteFamily(family: string): string {
  return `"${family.replace(/["\\]/g, '\\$&')}"`;
}

function loadedFont(face: BundledFontFace): LoadedFont {
  const family = quoteFamily(face.family);
  return { face, css: (sizePx) => `${face.style} ${face.weight} ${sizePx}px ${family}` };
}

/** The FontFaceSet canvas text of this realm uses: document.fonts on a page, self.fonts in a worker. */
function realmFontSet(): FontFaceSet {
  const set = typeof document !== 'undefined' ? document.fonts : (globalThis as { fonts?: FontFaceSet }).fonts;
  if (!set) throw new Error('this realm has no FontFaceSet');
  return set;
}

const cache = new Map<string, Promise<LoadedFont>>();
const loadedIds = new Set<string>();

export interface LoadFontOptions {
  /** Gives up (with 'Error loading font') after this long; default 20 s. */
  readonly timeoutMs?: number;
}

async function loadFace(face: BundledFontFace, requested: string, timeoutMs: number): Promise<LoadedFont> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const fontFace = new FontFace(face.family, `url(${JSON.stringify(fontFaceUrl(face))})`, {
      weight: String(face.weight),
      style: face.style,
    });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`font load timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    await Promise.race([fontFace.load(), timeout]);
    realmFontSet().add(fontFace);
    loadedIds.add(face.id);
    return loadedFont(face);
  } catch (cause) {
    throw new FontLoadError(requested, cause);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Loads the bundled face a design's fontFamily names into this realm and resolves once canvas
 * text can use it. Loads are cached per face; a failed load is forgotten so a later call retries.
 * Rejects with FontLoadError ('Error loading font') for an unknown family or a failed download.
 */
export function loadFont(name: string, options: LoadFontOptions = {}): Promise<LoadedFont> {
  const face = resolveFontFace(name);
  if (face === null) return Promise.reject(new FontLoadError(name));
  const cached = cache.get(face.id);
  if (cached) return cached;
  const pending = loadFace(face, name, options.timeoutMs ?? 20_000);
  cache.set(face.id, pending);
  pending.catch(() => {
    if (cache.get(face.id) === pending) cache.delete(face.id);
  });
  return pending;
}

/** Loads every distinct family in `names`; rejects with the first failure. Keys are the names given. */
export async function loadFonts(names: Iterable<string>, options: LoadFontOptions = {}): Promise<Map<string, LoadedFont>> {
  const unique = [...new Set(names)];
  const loaded = await Promise.all(unique.map((name) => loadFont(name, options)));
  return new Map(unique.map((name, i) => [name, loaded[i]!]));
}

/** Whether the face `name` resolves to is loaded in this realm (so text can be drawn now). */
export function isFontLoaded(name: string): boolean {
  const face = resolveFontFace(name);
  return face !== null && loadedIds.has(face.id);
}

/**
 * Forgets which faces this module loaded (the FontFaces stay in the realm's FontFaceSet), so the
 * next loadFont fetches again. For tests of the failure path and for long-lived workers that
 * want a font file re-fetched after it changed.
 */
export function resetFontCache(): void {
  cache.clear();
  loadedIds.clear();
}
