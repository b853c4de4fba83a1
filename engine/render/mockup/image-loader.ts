/**
 * Image loading for the mockup pipeline (photos, shading/highlight maps, parts, image layers).
 * Injectable: the renderer only sees `ImageLoader`, so tests and the CLI hand in bitmaps
 * directly and a page can share one cache between renderers.
 */

export interface ImageLoader {
  /** Resolves to a premultiplied image source for `url`; rejects with an Error naming the url. */
  load(url: string): Promise<TexImageSource>;
}

/**
 * Decodes to a premultiplied bitmap, as the GL upload expects (engine/gl/textures.ts), with no
 * colour-space conversion so pixel values match the file (and Photoshop's numbers).
 */
export function decodeImage(blob: Blob): Promise<ImageBitmap> {
  return createImageBitmap(blob, { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' });
}

export interface FetchImageLoaderOptions {
  /** Defaults to the global fetch. */
  readonly fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  readonly init?: RequestInit;
  /** Decoded images kept, least recently used dropped first. */
  readonly maxEntries?: number;
}

export interface CachingImageLoader extends ImageLoader {
  /** Forgets every cached image (bitmaps are left to the garbage collector: a render may still hold one). */
  clear(): void;
  readonly size: number;
}

/** fetch → blob → ImageBitmap, with an LRU cache of the decode promises (concurrent loads of one url share a fetch). */
export function createFetchImageLoader(options: FetchImageLoaderOptions = {}): CachingImageLoader {
  const doFetch = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  const maxEntries = Math.max(1, options.maxEntries ?? 64);
  const cache = new Map<string, Promise<ImageBitmap>>();

  const fetchOne = async (url: string): Promise<ImageBitmap> => {
    let response: Response;
    try {
      response = await doFetch(url, options.init);
    } catch (e) {
      throw new Error(`image load failed: ${url} (${e instanceof Error ? e.message : String(e)})`);
    }
    if (!response.ok) throw new Error(`image load failed: ${url} (HTTP ${response.status})`);
    try {
      return await decodeImage(await response.blob());
    } catch (e) {
      throw new Error(`image decode failed: ${url} (${e instanceof Error ? e.message : String(e)})`);
    }
  };

  return {
    load(url: string): Promise<ImageBitmap> {
      const hit = cache.get(url);
      if (hit) {
        cache.delete(url);
        cache.set(url, hit);
        return hit;
      }
      const p = fetchOne(url);
      cache.set(url, p);
      // A failed load must not stay cached: the next render retries it.
      p.catch(() => {
        if (cache.get(url) === p) cache.delete(url);
      });
      while (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return p;
    },
    clear() {
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}

/** Serves images from a map (tests, the CLI, pre-decoded assets); unknown urls go to `fallback` or reject. */
export function createMapImageLoader(
  images: Readonly<Record<string, TexImageSource>> | ReadonlyMap<string, TexImageSource>,
  fallback?: ImageLoader,
): ImageLoader {
  const get = (url: string): TexImageSource | undefined =>
    images instanceof Map ? images.get(url) : (images as Readonly<Record<string, TexImageSource>>)[url];
  return {
    load(url: string): Promise<TexImageSource> {
      const image = get(url);
      if (image) return Promise.resolve(image);
      if (fallback) return fallback.load(url);
      return Promise.reject(new Error(`image load failed: ${url} (not in the image map)`));
    },
  };
}
