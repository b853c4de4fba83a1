/**
 * Photo adjustments of an image element: brightness, contrast, saturation and one filter, kept in
 * the design document as parameters (never baked into the uploaded file) so the merchant can undo
 * or change them, and applied by the engine to the element's pixels before it is placed, so the
 * live stage, the mockups and the print file all draw the same adjusted picture.
 *
 * The maths follows the CSS filter functions, applied in this order, each step clamped to 0–1:
 * `brightness(1 + b/100) contrast(1 + c/100) saturate(1 + s/100)` and then the filter
 * (`grayscale(1)`, `sepia(1)`, or a warm or cool white balance). Alpha is never changed.
 */
import type { ImageAdjust, ImageFilter } from './types.ts';

export const IMAGE_FILTERS = ['none', 'greyscale', 'sepia', 'warm', 'cool'] as const satisfies readonly ImageFilter[];

/** Each slider runs from -100 to 100; 0 leaves the picture as it is. */
export const ADJUST_RANGE = { min: -100, max: 100 } as const;

export const NEUTRAL_ADJUST: Readonly<ImageAdjust> = { brightness: 0, contrast: 0, saturation: 0, filter: 'none' };

/** True when the adjustment changes no pixel (absent counts as neutral). */
export function isNeutralAdjust(a: ImageAdjust | null | undefined): boolean {
  return !a || (a.brightness === 0 && a.contrast === 0 && a.saturation === 0 && a.filter === 'none');
}

/** A canonical text of the adjustment: equal adjustments give equal keys (caches of adjusted pictures use it). */
export function adjustKey(a: ImageAdjust | null | undefined): string {
  if (isNeutralAdjust(a) || !a) return '';
  return `b${a.brightness}c${a.contrast}s${a.saturation}f${a.filter}`;
}

/** Where the engine keeps an image element's picture: its URL, plus its adjustment when it has one. */
export function imageAssetKey(el: { url: string; adjust?: ImageAdjust | null | undefined }): string {
  const k = adjustKey(el.adjust);
  return k === '' ? el.url : `${el.url}#adjust=${k}`;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

// Rec. 709 luma weights, as the CSS saturate() and grayscale() matrices use them.
const LR = 0.2126;
const LG = 0.7152;
const LB = 0.0722;

/** White-balance gains of the warm and cool filters (red, green, blue). */
const WARM: readonly [number, number, number] = [1.1, 1.0, 0.85];
const COOL: readonly [number, number, number] = [0.88, 1.0, 1.12];

/**
 * One colour through the adjustment, channels 0–1 in and out. Pure, so the unit tests check the
 * maths and the browser tests check that rendering gives the same numbers.
 */
export function adjustRgb(r0: number, g0: number, b0: number, a: ImageAdjust): [number, number, number] {
  let r = r0;
  let g = g0;
  let b = b0;
  if (a.brightness !== 0) {
    const k = 1 + a.brightness / 100;
    r = clamp01(r * k);
    g = clamp01(g * k);
    b = clamp01(b * k);
  }
  if (a.contrast !== 0) {
    const k = 1 + a.contrast / 100;
    r = clamp01((r - 0.5) * k + 0.5);
    g = clamp01((g - 0.5) * k + 0.5);
    b = clamp01((b - 0.5) * k + 0.5);
  }
  if (a.saturation !== 0) {
    const s = 1 + a.saturation / 100;
    const nr = (LR + (1 - LR) * s) * r + (LG - LG * s) * g + (LB - LB * s) * b;
    const ng = (LR - LR * s) * r + (LG + (1 - LG) * s) * g + (LB - LB * s) * b;
    const nb = (LR - LR * s) * r + (LG - LG * s) * g + (LB + (1 - LB) * s) * b;
    r = clamp01(nr);
    g = clamp01(ng);
    b = clamp01(nb);
  }
  switch (a.filter) {
    case 'greyscale': {
      const y = clamp01(LR * r + LG * g + LB * b);
      return [y, y, y];
    }
    case 'sepia':
      return [
        clamp01(0.393 * r + 0.769 * g + 0.189 * b),
        clamp01(0.349 * r + 0.686 * g + 0.168 * b),
        clamp01(0.272 * r + 0.534 * g + 0.131 * b),
      ];
    case 'warm':
      return [clamp01(r * WARM[0]), clamp01(g * WARM[1]), clamp01(b * WARM[2])];
    case 'cool':
      return [clamp01(r * COOL[0]), clamp01(g * COOL[1]), clamp01(b * COOL[2])];
    case 'none':
      return [r, g, b];
  }
}

/**
 * Adjusts straight-alpha RGBA pixels (ImageData's layout) in place. Colours are cached per
 * distinct input colour: photos repeat colours often enough that this halves the work, and the
 * cache is dropped when it grows past a bound so memory stays flat on noisy pictures.
 */
export function adjustPixels(data: Uint8ClampedArray, a: ImageAdjust): void {
  if (isNeutralAdjust(a)) return;
  const memo = new Map<number, number>();
  for (let i = 0; i + 3 < data.length; i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const key = (r << 16) | (g << 8) | b;
    let out = memo.get(key);
    if (out === undefined) {
      const [nr, ng, nb] = adjustRgb(r / 255, g / 255, b / 255, a);
      out = (Math.round(nr * 255) << 16) | (Math.round(ng * 255) << 8) | Math.round(nb * 255);
      if (memo.size > 65_536) memo.clear();
      memo.set(key, out);
    }
    data[i] = (out >> 16) & 0xff;
    data[i + 1] = (out >> 8) & 0xff;
    data[i + 2] = out & 0xff;
  }
}
