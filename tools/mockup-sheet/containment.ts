/**
 * Whether a print stays on its product: the pixels a design changes in a mockup (against the same
 * mockup without it) must lie inside the product's mask, grown by a small allowance for
 * antialiased edges and the displacement map's shift. Pure, so it is unit-tested without a browser.
 */
export interface GreyPlane {
  width: number;
  height: number;
  /** One byte per pixel, 0 = outside. */
  data: Uint8Array | Uint8ClampedArray;
}

export interface RgbaPlane {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface Containment {
  /** Pixels the design changed. */
  changed: number;
  /** Of those, pixels outside the grown mask. */
  outside: number;
}

/** The mask's inside (> 127) grown by `grow` px (a square max filter, separable). */
export function growMask(mask: GreyPlane, grow: number): Uint8Array {
  const { width: w, height: h } = mask;
  const inside = Uint8Array.from(mask.data, (v) => (v > 127 ? 1 : 0));
  if (grow <= 0) return inside;
  // Along rows, then along columns: a square of side 2 * grow + 1.
  const pass = (src: Uint8Array, step: number, count: number, lines: number, lineStep: number): Uint8Array => {
    const out = new Uint8Array(w * h);
    for (let line = 0; line < lines; line++) {
      for (let i = 0; i < count; i++) {
        let on = 0;
        for (let k = Math.max(0, i - grow); k <= Math.min(count - 1, i + grow) && !on; k++) on = src[line * lineStep + k * step]!;
        out[line * lineStep + i * step] = on;
      }
    }
    return out;
  };
  return pass(pass(inside, 1, w, h, w), w, h, w, 1);
}

/** Counts what `withDesign` changed against `without` (any channel more than `threshold` apart) and how much of it is off the product. */
export function printContainment(withDesign: RgbaPlane, without: RgbaPlane, mask: GreyPlane, grow: number, threshold = 24): Containment {
  const { width: w, height: h } = withDesign;
  if (without.width !== w || without.height !== h || mask.width !== w || mask.height !== h) {
    throw new Error(`sizes differ: ${w}x${h}, ${without.width}x${without.height}, mask ${mask.width}x${mask.height}`);
  }
  const inside = growMask(mask, grow);
  let changed = 0;
  let outside = 0;
  for (let i = 0; i < w * h; i++) {
    const o = i * 4;
    const d = Math.max(
      Math.abs(withDesign.data[o]! - without.data[o]!),
      Math.abs(withDesign.data[o + 1]! - without.data[o + 1]!),
      Math.abs(withDesign.data[o + 2]! - without.data[o + 2]!),
    );
    if (d <= threshold) continue;
    changed++;
    if (!inside[i]) outside++;
  }
  return { changed, outside };
}
