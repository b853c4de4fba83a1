/**
 * One print-sized 2D canvas kept between print files. Creating a 4500×5400 canvas and touching
 * its 97 MB for the first time cost about as much as encoding it (measured 196-244 ms against
 * 19-21 ms to clear a kept one, on the 2-core machine under load); a merchant's order or a render
 * node prints many files of one size in a row. The canvas is lent to one composition at a time
 * (the PNG encode is asynchronous, so a second print file may start before the first is encoded)
 * and dropped after a short idle time, so an idle worker holds no print-sized buffer.
 */

/** How long an unused canvas is kept for the next print file. */
export const CANVAS_KEEP_MS = 5000;
/** Smaller canvases are cheap to create and are not kept. */
const KEEP_MIN_PIXELS = 2048 * 2048;

export interface CanvasLease {
  readonly canvas: OffscreenCanvas;
  /** Gives the canvas back; the caller must not use it afterwards. */
  release(): void;
}

let idle: OffscreenCanvas | null = null;
let dropTimer: ReturnType<typeof setTimeout> | null = null;

function drop(): void {
  if (idle) {
    // Shrinking frees the backing store at once instead of whenever the collector runs.
    idle.width = 1;
    idle.height = 1;
  }
  idle = null;
  dropTimer = null;
}

/** A cleared, transparent canvas of exactly `width` × `height`, the kept one when it fits. */
export function leaseCanvas(width: number, height: number): CanvasLease {
  let canvas: OffscreenCanvas;
  if (idle && idle.width === width && idle.height === height) {
    canvas = idle;
    idle = null;
    if (dropTimer) clearTimeout(dropTimer);
    dropTimer = null;
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('2D canvas is not available');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    ctx.clearRect(0, 0, width, height);
  } else {
    canvas = new OffscreenCanvas(width, height);
  }
  let released = false;
  return {
    canvas,
    release() {
      if (released) return;
      released = true;
      if (width * height < KEEP_MIN_PIXELS) return;
      if (idle && idle !== canvas) {
        idle.width = 1;
        idle.height = 1;
      }
      idle = canvas;
      if (dropTimer) clearTimeout(dropTimer);
      dropTimer = setTimeout(drop, CANVAS_KEEP_MS);
    },
  };
}
