/**
 * Layers kept for blending on the CPU (cpu-blend.ts), by what their terms depend on: the layer,
 * the flat texture it draws, its mesh, the maps, the output size, the tile and the rect. A tile
 * is blended on the CPU from the second render that brings the same layers (the same design in
 * another colour): a render made once (each edit of a design) keeps nothing and pays nothing.
 */
import { SourceCache } from '../../gl/resources.ts';
import type { CpuLayer } from './cpu-blend.ts';
import { ObjectIds } from './object-ids.ts';

/** Bytes of kept terms: 28-52 a changed pixel, so a few views of a 1200 px mockup. */
const KEPT_BYTES = 48 * 1024 * 1024;
/** Bytes of kept map samples: 4 a pixel of a layer's rect, so the maps of a few views. */
const SAMPLE_BYTES = 24 * 1024 * 1024;
/** Keys seen once are only hints: the list is cleared past this many. */
const MAX_SEEN = 256;

export class CpuLayers {
  private readonly kept = new SourceCache<string, CpuLayer>(KEPT_BYTES, () => {});
  /**
   * A view's maps (shading, highlight, photo) sampled over a layer's rect: the same for every
   * design, so a new design's terms read back only its own layer.
   */
  private readonly samples = new SourceCache<string, Uint8Array>(SAMPLE_BYTES, () => {});
  private readonly seen = new Set<string>();
  private readonly ids = new ObjectIds();

  /** A key from the objects a layer's terms follow from (compared by identity) and plain values. */
  key(objects: readonly (object | null)[], values: readonly (string | number)[]): string {
    return [...objects.map((o) => (o === null ? 0 : this.ids.of(o))), ...values].join('|');
  }

  get(key: string): CpuLayer | undefined {
    return this.kept.get(key);
  }

  /**
   * Whether every key in `keys` not kept yet was seen by an earlier render; the ones not seen are
   * noted for the next.
   */
  seenBefore(keys: readonly string[]): boolean {
    let all = true;
    for (const key of keys) {
      if (this.kept.get(key) || this.seen.has(key)) continue;
      all = false;
      if (this.seen.size >= MAX_SEEN) this.seen.clear();
      this.seen.add(key);
    }
    return all;
  }

  keep(key: string, layer: CpuLayer): void {
    this.seen.delete(key);
    this.kept.set(key, layer, layer.bytes);
  }

  /** A map sampled over a rect (`key` from the map's texture and the rect), if kept. */
  sample(key: string): Uint8Array | undefined {
    return this.samples.get(key);
  }

  keepSample(key: string, pixels: Uint8Array): Uint8Array {
    this.samples.set(key, pixels, pixels.byteLength);
    return pixels;
  }

  clear(): void {
    this.samples.clear();
    this.kept.clear();
    this.seen.clear();
  }
}
