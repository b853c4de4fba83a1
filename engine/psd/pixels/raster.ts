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
