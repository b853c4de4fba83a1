import { DPI, UPLOAD_DOWNSCALE_LIMIT, type DpiQuality } from './constants.ts';
import type { FlatData, ImageElement } from './types.ts';

/** Good at 120 dpi or more, medium from 72 to under 120, bad (low resolution) below. */
export function dpiQuality(dpi: number): DpiQuality {
  if (dpi >= DPI.goodMin) return 'good';
  if (dpi >= DPI.mediumMin) return 'medium';
  // NaN lands here too: an image whose resolution cannot be told is not trusted for print.
  return 'bad';
}

export type DpiElement = Pick<ImageElement, 'originalWidth' | 'originalHeight' | 'width' | 'height' | 'scaleX' | 'scaleY'>;
export type DpiFlat = Pick<FlatData, 'width' | 'height' | 'flatWidth' | 'flatHeight'>;

/**
 * Print DPI of an image element: its original pixels divided by the inches it covers on the
 * printed flat. The flat is edited in width x height design pixels and printed at
 * flatWidth x flatHeight pixels at `printDpi`, so one design pixel is flatWidth / width print
 * pixels. The worse axis is returned because a stretched image is only as sharp as that axis.
 * An element with no printed extent returns Infinity (nothing to be blurry).
 */
export function effectiveDpi(element: DpiElement, flat: DpiFlat, printDpi: number = DPI.default): number {
  const axis = (original: number, size: number, scale: number, editSize: number, printSize: number) => {
    const printedPx = size * Math.abs(scale) * (printSize / editSize);
    const inches = printedPx / printDpi;
    return inches > 0 ? original / inches : Number.POSITIVE_INFINITY;
  };
  const x = axis(element.originalWidth, element.width, element.scaleX, flat.width, flat.flatWidth);
  const y = axis(element.originalHeight, element.height, element.scaleY, flat.height, flat.flatHeight);
  return Math.min(x, y);
}

/** Size an uploaded image is scaled down to (anything over 1200x1200 is scaled down), aspect kept. */
export function downscaledSize(width: number, height: number, limit: number = UPLOAD_DOWNSCALE_LIMIT): { width: number; height: number } {
  const scale = Math.min(1, limit / width, limit / height);
  if (scale >= 1) return { width, height };
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
