/**
 * The last output of a view, kept on the CPU, so the next render of the same view, colour and
 * size reads back from the GPU only the pixels its layers can have changed. Outside the layers'
 * rects an opaque view without part overlays is the tinted photo itself, the same every render;
 * reading it back again is most of a render's cost where WebGL runs on the CPU (a full 800x800
 * readback and copy measured 5.4 ms of a 14 ms frame). A frame is kept from the second render of
 * a key on, so one-off renders (bulk) pay nothing for it.
 */
import type { PixelRect } from '../../gl/targets.ts';
import { context2d } from './output.ts';

interface Kept {
  readonly canvas: OffscreenCanvas;
  /** Where the kept frame's layers drew (output px); null when none did. */
  dirty: PixelRect | null;
}

/** Frames kept at most: the views a designer shows at once. */
const MAX_FRAMES = 4;
/** Larger outputs are not kept (a print-size mockup is a one-off). */
const MAX_FRAME_PIXELS = 2048 * 2048;

/** The smallest rect holding both (either may be null). */
export function unionRects(a: PixelRect | null, b: PixelRect | null): PixelRect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

export class LastFrames {
  // Insertion order is recency order: the first entry is the least recently used.
  private readonly frames = new Map<string, Kept>();
  private readonly seen = new Set<string>();

  /**
   * Writes a render's output into `ctx` (a canvas of the frame's size). `dirty` is where this
   * render's layers drew; `read(rect)` reads those pixels of the finished composite back.
   */
  write(
    key: string,
    ctx: OffscreenCanvasRenderingContext2D,
    dirty: PixelRect | null,
    whole: PixelRect,
    read: (rect: PixelRect) => ImageData,
  ): void {
    const kept = this.frames.get(key);
    if (kept) {
      this.frames.delete(key);
      this.frames.set(key, kept);
      // Pixels the last render's layers drew and this one's did not are the photo again.
      const region = unionRects(dirty, kept.dirty);
      ctx.drawImage(kept.canvas, 0, 0);
      if (region) {
        const pixels = read(region);
        ctx.putImageData(pixels, region.x, region.y);
        context2d(kept.canvas).putImageData(pixels, region.x, region.y);
      }
      kept.dirty = dirty;
      return;
    }
    const pixels = read(whole);
    ctx.putImageData(pixels, whole.x, whole.y);
    if (whole.width * whole.height > MAX_FRAME_PIXELS) return;
    if (!this.seen.has(key)) {
      this.seen.add(key);
      return;
    }
    this.seen.delete(key);
    const canvas = new OffscreenCanvas(whole.width, whole.height);
    context2d(canvas).putImageData(pixels, 0, 0);
    this.frames.set(key, { canvas, dirty });
    for (const oldest of this.frames.keys()) {
      if (this.frames.size <= MAX_FRAMES) break;
      this.frames.delete(oldest);
    }
    // The keys seen once are only hints; keep that list as short as the frames.
    if (this.seen.size > 4 * MAX_FRAMES) this.seen.clear();
  }

  clear(): void {
    this.frames.clear();
    this.seen.clear();
  }
}
