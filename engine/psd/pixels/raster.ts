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

/** `src` (placed with its top-left at left, top) copied onto a new transparent width x height raster. */
export function placeRaster(src: Raster, left: number, top: number, width: number, height: number): Raster {
  const out = createRaster(width, height);
  for (let y = 0; y < src.height; y++) {
    const dy = y + top;
    if (dy < 0 || dy >= height) continue;
    const x0 = Math.max(0, -left);
    const x1 = Math.min(src.width, width - left);
    if (x1 <= x0) continue;
    out.data.set(src.data.subarray((y * src.width + x0) * 4, (y * src.width + x1) * 4), (dy * width + x0 + left) * 4);
  }
  return out;
}
