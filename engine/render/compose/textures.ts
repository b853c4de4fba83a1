/**
 * GPU textures of the caller's ImageBitmaps, kept between compositions. The editor recomposes a
 * flat on every change with the same few images; uploading a 1200² bitmap (and its mipmaps)
 * costs tens of milliseconds under SwiftShader, far more than drawing it.
 *
 * Keyed by bitmap identity: an ImageBitmap's pixels never change, and a closed bitmap reports
 * 0×0, which evicts its texture. Bounded by bytes, least recently used first.
 */
import { ImageSource, Texture } from 'pixi.js';

interface Entry {
  readonly texture: Texture;
  readonly bytes: number;
  readonly mipmaps: boolean;
}

export class BitmapTextureCache {
  // Map iteration order is insertion order: re-inserting on use makes the first entry the LRU.
  private readonly entries = new Map<ImageBitmap, Entry>();
  private bytes = 0;

  /** @param maxBytes GPU memory the cache may hold (textures in use are never evicted). */
  constructor(private readonly maxBytes: number = 256 * 1024 * 1024) {}

  /** The texture of `bitmap`; with mipmaps when it will be drawn at under half size. */
  get(bitmap: ImageBitmap, mipmaps: boolean): Texture {
    const found = this.entries.get(bitmap);
    if (found && (found.mipmaps || !mipmaps)) {
      this.entries.delete(bitmap);
      this.entries.set(bitmap, found);
      return found.texture;
    }
    if (found) this.drop(bitmap, found);
    const source = new ImageSource({
      resource: bitmap,
      alphaMode: 'premultiply-alpha-on-upload',
      autoGenerateMipmaps: mipmaps,
    });
    const entry: Entry = {
      texture: new Texture({ source }),
      bytes: bitmap.width * bitmap.height * 4 * (mipmaps ? 4 / 3 : 1),
      mipmaps,
    };
    this.entries.set(bitmap, entry);
    this.bytes += entry.bytes;
    return entry.texture;
  }

  /**
   * Frees textures of closed bitmaps, then least recently used ones until the cache fits,
   * sparing those `inUse` (the composition about to draw).
   */
  trim(inUse: ReadonlySet<ImageBitmap>): void {
    for (const [bitmap, entry] of this.entries) {
      if (bitmap.width === 0 && !inUse.has(bitmap)) this.drop(bitmap, entry);
    }
    for (const [bitmap, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      if (!inUse.has(bitmap)) this.drop(bitmap, entry);
    }
  }

  clear(): void {
    for (const [bitmap, entry] of this.entries) this.drop(bitmap, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(bitmap: ImageBitmap, entry: Entry): void {
    this.entries.delete(bitmap);
    this.bytes -= entry.bytes;
    // Destroying the source deletes the GL texture; the bitmap itself stays the caller's.
    entry.texture.destroy(true);
  }
}
