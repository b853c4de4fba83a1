import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  affineLayerScale,
  BICUBIC_SHARPER,
  BICUBIC_SMOOTHER,
  CUBIC_MAX_TAPS,
  CUBIC_MAX_WIDTH,
  cubicUniform,
  cubicWeights,
  kernelWidth,
  keysCubic,
  photoshopKernel,
  resampledByCubic,
} from '../../../engine/render/mockup/resampling';
import type { SmartObjectLayer } from '../../../engine/model';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

describe('keysCubic', () => {
  it('interpolates: 1 at 0, 0 at the other integers and outside -2..2', () => {
    for (const a of [-0.5, -0.6, -1, -2]) {
      expect(keysCubic(0, a)).toBe(1);
      for (const x of [-2, -1, 1, 2, 2.5, -3]) expect(keysCubic(x, a)).toBeCloseTo(0, 12);
    }
  });

  it('is symmetric and continuous at 1', () => {
    for (const a of [-0.5, -2]) {
      for (const x of [0.1, 0.7, 1.3, 1.9]) expect(keysCubic(-x, a)).toBe(keysCubic(x, a));
      expect(keysCubic(1 - 1e-9, a)).toBeCloseTo(keysCubic(1 + 1e-9, a), 6);
    }
  });

  it('sums to 1 over unit-spaced taps at any phase (a partition of unity), for any a', () => {
    for (const a of [-0.5, -0.75, -2]) {
      for (const phase of [0, 0.1, 0.25, 0.5, 0.9]) {
        expect(sum([-1, 0, 1, 2].map((i) => keysCubic(i - phase, a)))).toBeCloseTo(1, 12);
      }
    }
  });

  it('a = -0.5 is Catmull-Rom: the midpoint weights are -1/16 and 9/16', () => {
    expect(keysCubic(0.5, -0.5)).toBeCloseTo(9 / 16, 12);
    expect(keysCubic(1.5, -0.5)).toBeCloseTo(-1 / 16, 12);
  });

  it('more negative a has deeper negative lobes (sharper)', () => {
    expect(keysCubic(1.5, -2)).toBeLessThan(keysCubic(1.5, -0.5));
    expect(keysCubic(0.5, -2)).toBeGreaterThan(keysCubic(0.5, -0.5));
  });
});

describe('cubicWeights', () => {
  it('are normalised and cover centre ± 2 widths', () => {
    for (const [center, width] of [
      [3.3, 1],
      [10.7, 2.45],
      [0.2, 1.15],
      [5, 3],
    ] as const) {
      const { first, weights } = cubicWeights(center, width, -0.6);
      expect(sum(weights)).toBeCloseTo(1, 12);
      expect(first).toBe(Math.floor(center - 2 * width) + 1);
      expect(first + weights.length - 1).toBe(Math.floor(center + 2 * width));
    }
  });

  it('at width 1 and an integer centre pick that texel alone', () => {
    const { first, weights } = cubicWeights(7, 1, -2);
    expect(first).toBe(6);
    [0, 1, 0, 0].forEach((w, i) => expect(weights[i]).toBeCloseTo(w, 12));
  });

  it('a widened kernel reads about 4 * width texels and stays symmetric about the centre', () => {
    const { first, weights } = cubicWeights(20, 2.5, -2);
    expect(weights.length).toBe(10);
    for (let i = 0; i < weights.length; i++) {
      const mirror = 2 * 20 - (first + i) - first;
      if (mirror >= 0 && mirror < weights.length) expect(weights[i]).toBeCloseTo(weights[mirror] as number, 12);
    }
  });

  it('Catmull-Rom (a = -0.5, width 1) reproduces a linear ramp exactly: the taps sit where the centre says', () => {
    for (const center of [10, 10.3, 10.5, 10.99]) {
      const { first, weights } = cubicWeights(center, 1, -0.5);
      expect(sum(weights.map((w, i) => w * (first + i)))).toBeCloseTo(center, 12);
    }
  });

  it('the shipped kernels move a ramp by less than 0.02 texel at any phase (no half-texel slip)', () => {
    for (const [kernel, footprint] of [
      [BICUBIC_SHARPER, 500 / 214],
      [BICUBIC_SMOOTHER, 32 / 54],
    ] as const) {
      const width = kernelWidth(kernel, footprint);
      for (let phase = 0; phase < 1; phase += 0.05) {
        const { first, weights } = cubicWeights(10 + phase, width, kernel.a);
        expect(Math.abs(sum(weights.map((w, i) => w * (first + i))) - (10 + phase))).toBeLessThan(0.02);
      }
    }
  });
});

describe('Photoshop kernels', () => {
  it('Bicubic Automatic: Sharper when reducing, Smoother when enlarging or at 1', () => {
    expect(photoshopKernel(0.43)).toBe(BICUBIC_SHARPER);
    expect(photoshopKernel(1.7)).toBe(BICUBIC_SMOOTHER);
    expect(photoshopKernel(1)).toBe(BICUBIC_SMOOTHER);
    // An unscaled placement whose arithmetic lands a hair under 1 still copies its texels.
    expect(photoshopKernel(1 - 1e-9)).toBe(BICUBIC_SMOOTHER);
    expect(photoshopKernel(0.999)).toBe(BICUBIC_SHARPER);
  });

  it('Sharper widens to 1.05 x the footprint, never below one texel', () => {
    expect(kernelWidth(BICUBIC_SHARPER, 500 / 214)).toBeCloseTo(1.05 * (500 / 214), 12);
    expect(kernelWidth(BICUBIC_SHARPER, 0.5)).toBe(1);
  });

  it('Smoother is 1 texel wide at scale 1 (a scale-1 layer is copied exactly) and 1.15 at the measured 54/32', () => {
    expect(kernelWidth(BICUBIC_SMOOTHER, 1)).toBeCloseTo(1, 12);
    expect(kernelWidth(BICUBIC_SMOOTHER, 32 / 54)).toBeCloseTo(1.15, 12);
    // A reduction inside an enlarged warp still widens with the footprint (area-aware).
    expect(kernelWidth(BICUBIC_SMOOTHER, 3)).toBe(3);
  });

  it('a scale-1 Smoother copies texels: integer centre, one weight', () => {
    const { weights } = cubicWeights(4, kernelWidth(BICUBIC_SMOOTHER, 1), BICUBIC_SMOOTHER.a);
    expect(Math.max(...weights)).toBeCloseTo(1, 12);
  });

  it('the shader uniform carries a, offset, slope and footprint in that order', () => {
    expect(cubicUniform(BICUBIC_SHARPER)).toEqual([-2, 0, 0, 1.05]);
  });

  it("an affine layer's scale is its area scale in output px per texel, whatever its rotation", () => {
    const at = (matrix: [number, number, number, number, number, number], os = { w: 500, h: 500 }) =>
      ({ M: { kind: 'affine', matrix }, OS: os }) as unknown as SmartObjectLayer;
    expect(affineLayerScale(at([0.43, 0, 0, 0.43, 10, 20]), 500, 500, 1, 1)).toBeCloseTo(0.43, 12);
    const r = Math.PI / 5;
    const rotated = at([0.43 * Math.cos(r), 0.43 * Math.sin(r), -0.43 * Math.sin(r), 0.43 * Math.cos(r), 0, 0]);
    expect(affineLayerScale(rotated, 500, 500, 1, 1)).toBeCloseTo(0.43, 12);
    // A flat composed at half size has half the texels; a 2x output doubles the scale.
    expect(affineLayerScale(at([0.43, 0, 0, 0.43, 0, 0]), 250, 250, 2, 2)).toBeCloseTo(1.72, 12);
    expect(() => affineLayerScale({ M: { kind: 'bezier' } } as SmartObjectLayer, 1, 1, 1, 1)).toThrow();
  });

  it('only affine layers take the cubic', () => {
    const layer = (M: SmartObjectLayer['M']) => ({ M }) as SmartObjectLayer;
    expect(resampledByCubic(layer({ kind: 'affine', matrix: [1, 0, 0, 1, 0, 0] }))).toBe(true);
    expect(resampledByCubic(layer({ kind: 'bezier' }))).toBe(false);
    expect(resampledByCubic(layer({ kind: 'quilt' }))).toBe(false);
  });
});

describe('the shader agrees', () => {
  const shader = readFileSync(new URL('../../../shaders/mesh.frag.glsl', import.meta.url), 'utf8');

  it('reads at most CUBIC_MAX_TAPS taps per axis', () => {
    expect(shader).toContain(`#define MAX_TAPS ${CUBIC_MAX_TAPS}`);
    expect(4 * CUBIC_MAX_WIDTH + 1).toBe(CUBIC_MAX_TAPS);
  });

  it('uses the same Keys polynomial', () => {
    expect(shader).toContain('((a + 2.0) * x - (a + 3.0)) * x * x + 1.0');
    expect(shader).toContain('a * (((x - 5.0) * x + 8.0) * x - 4.0)');
  });
});
