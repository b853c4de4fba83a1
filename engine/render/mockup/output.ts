/** Output size of a mockup and the limits of the canvas it is assembled on. */
import { DataError, type ViewData } from '../../model/index.ts';

export interface OutputSize {
  readonly width: number;
  readonly height: number;
}

/** Chrome's 2D canvas limits; the assembled output lives on one. */
export const MAX_CANVAS_SIDE = 32767;
export const MAX_CANVAS_AREA = 268_435_456;

/** The output size for `size` (longer side in px) keeping the view's aspect; the view's own size without it. */
export function outputSizeFor(view: ViewData, size?: number): OutputSize {
  const { width, height } = view;
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
    throw new DataError(`view size ${width}x${height} is not positive`);
  }
  if (size === undefined) return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
  if (!(size > 0 && Number.isFinite(size))) throw new Error(`render size must be a positive number, got ${size}`);
  const k = size / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/**
 * Tiles take care of the GPU's limits; the 2D canvas the tiles are assembled on has its own,
 * and a size past them fails here with a clear message instead of a blank canvas.
 */
export function assertCanvasSize(out: OutputSize): void {
  if (out.width > MAX_CANVAS_SIDE || out.height > MAX_CANVAS_SIDE || out.width * out.height > MAX_CANVAS_AREA) {
    throw new Error(
      `mockup output ${out.width}x${out.height} is larger than a canvas can hold (${MAX_CANVAS_SIDE} px a side, ${MAX_CANVAS_AREA} px in all)`,
    );
  }
}

export function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  return ctx;
}
