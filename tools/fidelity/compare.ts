/**
 * How close a render is to Photoshop's: mean absolute error per channel (0-255) on RGB
 * premultiplied by alpha plus alpha, over the pixels either image covers (alpha > 0 in one of
 * them), and the intersection-over-union of the two coverages. Both rasters are document-size.
 */
import type { Raster } from '@pod-studio/engine/psd';

export interface Comparison {
  /** Mean absolute error per channel over the covered pixels; 0 when neither covers anything. */
  mae: number;
  /** |A ∩ B| / |A ∪ B| of the pixels with alpha > 0; 1 when both are empty. */
  iou: number;
  /** Pixels either image covers. */
  covered: number;
}

export function compareRasters(a: Raster, b: Raster): Comparison {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  }
  let sum = 0;
  let union = 0;
  let inter = 0;
  const da = a.data;
  const db = b.data;
  for (let i = 0; i < da.length; i += 4) {
    const aa = da[i + 3]!;
    const ab = db[i + 3]!;
    if (aa === 0 && ab === 0) continue;
    union++;
    if (aa > 0 && ab > 0) inter++;
    const fa = aa / 255;
    const fb = ab / 255;
    sum +=
      Math.abs(da[i]! * fa - db[i]! * fb) +
      Math.abs(da[i + 1]! * fa - db[i + 1]! * fb) +
      Math.abs(da[i + 2]! * fa - db[i + 2]! * fb) +
      Math.abs(aa - ab);
  }
  return { mae: union ? sum / (union * 4) : 0, iou: union ? inter / union : 1, covered: union };
}
