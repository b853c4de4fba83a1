/**
 * The temporary-tattoo print files of a composed flat: the print PNG (white out, mirrored, padded
 * so the cut stays on the page, its DPI recorded) and the cut line as an SVG page of the same size
 * in mm. The pixel work is ./tattoo.ts (pure); this file only reads and writes canvases.
 */
import { withPngDpi } from './png.ts';
import { cutLineSvg, tattooPrint, type RgbaPixels, type WhiteToAlphaOptions } from './tattoo.ts';

export interface TattooPrintFiles {
  /** The PNG to print on tattoo paper, mirrored, with its DPI in a pHYs chunk. */
  readonly png: Blob;
  /** The contour cutter's path: an SVG page in mm the size of the PNG at its DPI. */
  readonly cutLineSvg: string;
  readonly width: number;
  readonly height: number;
  readonly dpi: number;
  /** Transparent px round the design on every side (the cut offset and 1 mm). */
  readonly paddingPx: number;
  /** Pieces the cutter cuts out (outer rings of the cut line). */
  readonly pieces: number;
}

/** The bitmap's straight-alpha pixels, read through a 2D canvas. */
export function bitmapPixels(bitmap: ImageBitmap): RgbaPixels {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D canvas for the tattoo print');
  ctx.drawImage(bitmap, 0, 0);
  const { width, height, data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  return { width, height, data };
}

export async function tattooPrintFiles(
  flat: ImageBitmap,
  opts: { dpi: number; cutOffsetMm: number; white?: WhiteToAlphaOptions },
): Promise<TattooPrintFiles> {
  const print = tattooPrint(bitmapPixels(flat), opts);
  const { width, height, data } = print.pixels;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas for the tattoo print');
  ctx.putImageData(new ImageData(new Uint8ClampedArray(data), width, height), 0, 0);
  const png = await withPngDpi(await canvas.convertToBlob({ type: 'image/png' }), opts.dpi);
  return {
    png,
    cutLineSvg: cutLineSvg(print.cut),
    width,
    height,
    dpi: opts.dpi,
    paddingPx: print.paddingPx,
    pieces: print.cut.rings.length,
  };
}
