/**
 * Raster layer masks as coverage: the stored grey pixels inside the mask's own rectangle, its
 * default colour everywhere else, then Photoshop's Properties-panel density and feather.
 */
import type { Layer, LayerMaskData } from 'ag-psd';
import { gaussianBlurPlane, gaussianReach } from '../pixels/gaussian';
import { channel01 } from './pixel-data';
import { type Coverage, type Rect, createCoverage, cropCoverage, intersectRects, isEmptyRect } from './coverage';

/**
 * The user (pixel) mask of a layer, or null. When a layer has both a vector and a pixel mask, the
 * file's first mask record is Photoshop's rendering of the vector mask (flagged "from vector data")
 * and the pixel mask moves to the "real" record; the vector mask is drawn from its paths instead.
 */
export function userMaskOf(layer: Layer): LayerMaskData | null {
  const m = layer.mask;
  if (!m) return null;
  const real = layer.realMask;
  if (real?.imageData && real.imageData.width > 0 && real.imageData.height > 0) {
    return { ...real, userMaskDensity: m.userMaskDensity, userMaskFeather: m.userMaskFeather };
  }
  if (m.fromVectorData && layer.vectorMask) return null;
  return m;
}

/** Density d keeps 1 − d of the hidden part visible: a 50% density mask hides at most half. */
export function applyDensity(c: Coverage, density: number): Coverage {
  if (!(density < 1)) return c;
  const d = Math.max(0, density);
  const data = new Float32Array(c.data.length);
  for (let i = 0; i < data.length; i++) data[i] = 1 - d * (1 - c.data[i]!);
  return { ...c, data, outside: 1 - d * (1 - c.outside) };
}

/**
 * Feather: a Gaussian blur of the mask whose standard deviation is the feather radius (Photoshop's
 * blur radii are standard deviations), the rect grown by the blur's reach within `bounds`.
 */
export function featherCoverage(c: Coverage, sigma: number, bounds: Rect): Coverage {
  if (!(sigma > 0)) return c;
  const pad = gaussianReach(sigma);
  const grown = intersectRects({ left: c.left - pad, top: c.top - pad, width: c.width + 2 * pad, height: c.height + 2 * pad }, bounds);
  const out = cropCoverage(c, grown);
  if (isEmptyRect(out)) return out;
  // The blur repeats edge pixels; at the document edge that is what Photoshop's mask does too,
  // and elsewhere the reach padding already holds the outside value.
  gaussianBlurPlane(out.data, out.width, out.height, sigma);
  return out;
}

/**
 * The mask's coverage, cut to `bounds` (the document). `disabled` masks are the caller's to skip.
 * The stored rect is in document pixels whether or not the mask is linked to the layer
 * (positionRelativeToLayer only records the link that makes them move together).
 */
export function rasterMaskCoverage(mask: LayerMaskData, bounds: Rect): Coverage {
  const outside = (mask.defaultColor ?? 0) >= 128 ? 1 : 0;
  const left = mask.left ?? 0;
  const top = mask.top ?? 0;
  const w = Math.max(0, (mask.right ?? 0) - left);
  const h = Math.max(0, (mask.bottom ?? 0) - top);
  const img = mask.imageData;
  let c: Coverage;
  if (!img || img.width !== w || img.height !== h || w === 0 || h === 0) {
    c = createCoverage({ left: 0, top: 0, width: 0, height: 0 }, outside);
  } else {
    c = { left, top, width: w, height: h, data: channel01(img, 0), outside };
    const cut = intersectRects(c, bounds);
    if (cut.width !== w || cut.height !== h) c = cropCoverage(c, cut);
  }
  if (mask.userMaskDensity !== undefined) c = applyDensity(c, mask.userMaskDensity);
  if (mask.userMaskFeather) c = featherCoverage(c, mask.userMaskFeather, bounds);
  return c;
}
