import { describe, expect, it } from 'vitest';
import { BICUBIC_SMOOTHER, cubicWeights, kernelWidth, photoshopCubicSample } from '../../../engine/render/mockup/resampling';

/** A premultiplied image from straight [r, g, b, a] pixels (0..255), row by row. */
function image(width: number, height: number, pixels: readonly (readonly [number, number, number, number])[]) {
  const data = pixels.flatMap(([r, g, b, a]) => [(r * a) / 255, (g * a) / 255, (b * a) / 255, a]);
  return { width, height, data };
}

describe('photoshopCubicSample', () => {
  const width = kernelWidth(BICUBIC_SMOOTHER, 32 / 54);

  it('holds the sample centre at the edge texel and counts texels past the edge as transparent: 238 at 1.69x', () => {
    const white = image(
      32,
      32,
      Array.from({ length: 32 * 32 }, () => [255, 255, 255, 255] as const),
    );
    // Output pixel 0 of 54 maps to texel -0.204, held at 0.
    const [r, , , a] = photoshopCubicSample(white, (0.5 * 32) / 54 - 0.5, 16, width, width, BICUBIC_SMOOTHER.a);
    expect(Math.round(a * 255)).toBe(238);
    expect(r).toBeCloseTo(a, 12);
  });

  it('mixes colour straight: an uncovered tap takes the nearest covered tap colour', () => {
    // red, transparent, transparent, blue in one row, sampled at 1.2 (no rounding in the last pass).
    const row = image(4, 1, [
      [255, 0, 0, 255],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 255, 255],
    ]);
    const { first, weights } = cubicWeights(1.2, 1, -0.5);
    const w = (i: number) => weights[i - first] ?? 0;
    const [r, g, b, a] = photoshopCubicSample(row, 1.2, 0, 1, 1, -0.5);
    // Rows are rounded to 8 bits before the vertical pass (which has one tap here).
    const level = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255) / 255;
    const alpha = level(w(0) + w(3));
    expect(a).toBeCloseTo(alpha, 12);
    expect(r).toBeCloseTo(level(w(0) + w(1)) * alpha, 12);
    expect(g).toBe(0);
    expect(b).toBeCloseTo(level(w(2) + w(3)) * alpha, 12);
  });

  it('clamps each row before the columns: negative lobes off a corner leave no coverage', () => {
    // An opaque block in the top-left corner; sampled diagonally past its corner.
    const px = Array.from({ length: 16 * 16 }, (_, i) =>
      i % 16 < 6 && i < 16 * 6 ? ([255, 255, 255, 255] as const) : ([0, 0, 0, 0] as const),
    );
    const img = image(16, 16, px);
    const [, , , a] = photoshopCubicSample(img, 8.6, 8.6, 2.4, 2.4, -2);
    expect(a).toBe(0);
    // The block lies in the kernel's negative lobe along each axis; unclamped, the two passes'
    // shares multiply into visible positive alpha.
    const wx = cubicWeights(8.6, 2.4, -2);
    const inBlock = wx.weights.reduce((s, w, i) => s + (wx.first + i < 6 ? w : 0), 0);
    expect(inBlock).toBeLessThan(0);
    expect(inBlock * inBlock * 255).toBeGreaterThan(0.5);
  });
});
