/**
 * A document-space picture as the PSD tools work on it: 8-bit RGBA, straight (not premultiplied)
 * alpha, row-major, top-left origin: the layout of ImageData and of ag-psd's `useImageData` pixels,
 * so layer pixels, composites and engine renders meet without conversion.
 */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** A pixel rectangle, inclusive on both ends. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The bounding box of pixels with any alpha, grown by `reach` and clipped to the raster; null when all transparent. */
export function contentBox(img: Raster, reach: number): Box | null {
  const { width: w, height: h, data: d } = img;
  let x0 = w,
    y0 = h,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w * 4;
    for (let x = 0; x < w; x++) {
      if (d[row + x * 4 + 3] !== 0) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
  }
  if (x1 < 0) return null;
  return { x0: Math.max(0, x0 - reach), y0: Math.max(0, y0 - reach), x1: Math.min(w - 1, x1 + reach), y1: Math.min(h - 1, y1 + reach) };
}
