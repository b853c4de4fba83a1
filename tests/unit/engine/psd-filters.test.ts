import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { Filter, PlacedLayerFilter } from 'ag-psd';
import { readPsdBytes } from '../../../engine/psd/read';
import {
  applySmartFilters,
  averageRaster,
  displaceRaster,
  gaussianBlurRaster,
  type SmartFilterContext,
} from '../../../engine/psd/pixels/filters';
import { BOX_PASSES, EXACT_SIGMA_LIMIT, gaussianBlurPlane, gaussianKernel } from '../../../engine/psd/pixels/gaussian';
import { createRaster, type Raster } from '../../../engine/psd/pixels/raster';

const ORACLE = '/work/shared/oracle/psd/agpsd_smart_filter_average';

function setPx(img: Raster, x: number, y: number, rgba: number[]): void {
  img.data.set(rgba, (y * img.width + x) * 4);
}
const px = (img: Raster, x: number, y: number): number[] =>
  Array.from(img.data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
const filled = (w: number, h: number, rgba: number[]): Raster => {
  const img = createRaster(w, h);
  for (let i = 0; i < w * h; i++) img.data.set(rgba, i * 4);
  return img;
};
const ctxOf = (extra: Partial<SmartFilterContext> = {}) => {
  const warnings: string[] = [];
  return { warnings, ctx: { warn: (m: string) => warnings.push(m), ...extra } as SmartFilterContext };
};
const base = {
  opacity: 1,
  blendMode: 'normal',
  enabled: true,
  hasOptions: true,
  foregroundColor: { r: 0, g: 0, b: 0 },
  backgroundColor: { r: 255, g: 255, b: 255 },
} as const;
const mk = (f: Record<string, unknown>): Filter => ({ ...base, name: String(f.type), ...f }) as unknown as Filter;
const stack = (list: Filter[], over: Partial<PlacedLayerFilter> = {}): PlacedLayerFilter => ({
  enabled: true,
  validAtPosition: true,
  maskEnabled: false,
  maskLinked: false,
  maskExtendWithWhite: true,
  list,
  ...over,
});

/** Moments of a float plane: total, and variance along x and y about the centre. */
function moments(p: Float32Array, w: number, h: number) {
  let sum = 0,
    vx = 0,
    vy = 0;
  const cx = (w - 1) / 2,
    cy = (h - 1) / 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = p[y * w + x]!;
      sum += v;
      vx += v * (x - cx) ** 2;
      vy += v * (y - cy) ** 2;
    }
  return { sum, vx: vx / sum, vy: vy / sum };
}

describe('Gaussian blur', () => {
  it.each([0.8, 2, EXACT_SIGMA_LIMIT, 10])('a single pixel keeps its energy and spreads with variance sigma^2 (sigma %s)', (sigma) => {
    const n = 2 * Math.ceil(5 * sigma) + 1;
    const plane = new Float32Array(n * n);
    plane[(n * n - 1) / 2] = 1;
    gaussianBlurPlane(plane, n, n, sigma);
    const m = moments(plane, n, n);
    expect(m.sum).toBeCloseTo(1, 5);
    // sampling and the 4-sigma cut move the variance by well under 1 % (exact path); the boxes match it by construction
    expect(Math.abs(m.vx / (sigma * sigma) - 1)).toBeLessThan(0.01);
    expect(Math.abs(m.vy / (sigma * sigma) - 1)).toBeLessThan(0.01);
  });

  it(`the ${BOX_PASSES}-box path stays within 1 level of the true Gaussian on a hard edge`, () => {
    for (const sigma of [EXACT_SIGMA_LIMIT + 0.5, 8, 20]) {
      const w = 400;
      const step = new Float32Array(w);
      for (let x = w / 2; x < w; x++) step[x] = 255;
      const boxed = new Float32Array(step);
      gaussianBlurPlane(boxed, w, 1, sigma);
      const k = gaussianKernel(sigma);
      const R = (k.length - 1) / 2;
      let worst = 0;
      for (let x = 0; x < w; x++) {
        let s = 0;
        for (let j = -R; j <= R; j++) s += k[j + R]! * step[Math.min(w - 1, Math.max(0, x + j))]!;
        worst = Math.max(worst, Math.abs(s - boxed[x]!));
      }
      expect(worst).toBeLessThan(1);
    }
  });

  it('blurs premultiplied: a white pixel fades out white, never grey, and keeps its total alpha', () => {
    const img = createRaster(41, 41);
    setPx(img, 20, 20, [255, 255, 255, 255]);
    const out = gaussianBlurRaster(img, 2);
    let alphaSum = 0,
      lit = 0;
    for (let i = 0; i < out.data.length; i += 4) {
      const a = out.data[i + 3]!;
      alphaSum += a;
      if (a > 0) {
        lit++;
        expect([out.data[i], out.data[i + 1], out.data[i + 2]]).toEqual([255, 255, 255]);
      }
    }
    expect(Math.abs(alphaSum - 255)).toBeLessThanOrEqual(lit * 0.5);
    // the centre keeps 1/(2 pi sigma^2) of the energy
    expect(px(out, 20, 20)[3]).toBe(Math.round(255 / (2 * Math.PI * 4)));
    expect(px(out, 20, 0)[3]).toBe(0); // 10 px = 5 sigma away: nothing reaches
  });

  it('an opaque red square keeps pure red at its softened edge; the outside stays transparent far away', () => {
    const img = createRaster(60, 60);
    for (let y = 20; y < 40; y++) for (let x = 20; x < 40; x++) setPx(img, x, y, [255, 0, 0, 255]);
    const out = gaussianBlurRaster(img, 3);
    expect(px(out, 19, 30).slice(0, 3)).toEqual([255, 0, 0]);
    expect(px(out, 19, 30)[3]).toBeGreaterThan(100);
    expect(px(out, 19, 30)[3]).toBeLessThan(155);
    expect(px(out, 30, 30)).toEqual([255, 0, 0, 255]);
    expect(px(out, 2, 2)[3]).toBe(0);
  });
});

describe('Average', () => {
  it('fills the layer with the mean stored colour of the whole canvas, white outside the layer, alpha kept', () => {
    const img = createRaster(4, 1);
    setPx(img, 0, 0, [200, 0, 0, 255]);
    setPx(img, 1, 0, [9, 9, 9, 0]); // transparent inside the layer's box: its hidden colour counts
    setPx(img, 2, 0, [0, 0, 200, 51]);
    setPx(img, 3, 0, [7, 7, 7, 0]); // outside the box: counted as white
    const out = averageRaster(img);
    // (200 + 9 + 0 + 255) / 4, (0 + 9 + 0 + 255) / 4, (0 + 9 + 200 + 255) / 4
    expect(px(out, 0, 0)).toEqual([116, 66, 116, 255]);
    expect(px(out, 2, 0)).toEqual([116, 66, 116, 51]);
    expect(px(out, 1, 0)).toEqual([0, 0, 0, 0]);
    expect(px(out, 3, 0)).toEqual([0, 0, 0, 0]);
  });

  it('an opaque layer over part of the canvas averages with white, not with itself', () => {
    const img = createRaster(4, 4);
    for (let y = 1; y < 3; y++) for (let x = 1; x < 3; x++) setPx(img, x, y, [255, 0, 0, 255]);
    // 4 red pixels and 12 white ones: (4 * 0 + 12 * 255) / 16 = 191.25
    expect(px(averageRaster(img), 1, 1)).toEqual([255, 191, 191, 255]);
    expect(averageRaster(createRaster(2, 2)).data.every((v) => v === 0)).toBe(true);
  });

  it.runIf(existsSync(`${ORACLE}/smart_filter_average.psd`))('against Photoshop (agpsd_smart_filter_average)', () => {
    const psd = readPsdBytes(readFileSync(`${ORACLE}/smart_filter_average.psd`), { pixels: true });
    const layer = psd.children!.find((l) => l.name === 'temmie')!;
    const { width: W, height: H } = psd;
    // Photoshop's own pre-filter pixels of the layer: the filter-effects block, zip with per-row deltas.
    const fx = psd.filterEffectsMasks!.find((m) => m.id === layer.placedLayer!.placed)!;
    const plane = (i: number): Uint8Array => {
      const c = fx.channels[i]!;
      expect(c.compressionMode).toBe(3);
      const raw = inflateSync(c.data);
      for (let y = 0; y < H; y++) for (let x = 1; x < W; x++) raw[y * W + x] = (raw[y * W + x]! + raw[y * W + x - 1]!) & 255;
      return raw;
    };
    const [r, g, b, a] = [plane(0), plane(1), plane(2), plane(25)];
    const before = createRaster(W, H);
    for (let i = 0; i < W * H; i++) before.data.set([r[i]!, g[i]!, b[i]!, a[i]!], i * 4);
    // Photoshop's result: the layer's stored pixels (reference/temmie.png is these, placed on the document)
    const ref = createRaster(W, H);
    const id = layer.imageData!;
    for (let y = 0; y < id.height; y++)
      ref.data.set(id.data.subarray(y * id.width * 4, (y + 1) * id.width * 4), ((y + layer.top!) * W + layer.left!) * 4);

    const { ctx, warnings } = ctxOf();
    const out = applySmartFilters(layer.placedLayer!.filter, before, ctx);
    expect(warnings).toEqual([]);
    let alphaDiff = 0;
    const colourDiff = [0, 0, 0];
    for (let i = 0; i < W * H; i++) {
      alphaDiff = Math.max(alphaDiff, Math.abs(out.data[i * 4 + 3]! - ref.data[i * 4 + 3]!));
      if (ref.data[i * 4 + 3]! > 0)
        for (let c = 0; c < 3; c++) colourDiff[c] = Math.max(colourDiff[c]!, Math.abs(out.data[i * 4 + c]! - ref.data[i * 4 + c]!));
    }
    expect(alphaDiff).toBe(0);
    // From Photoshop's own pre-filter pixels the filter gives exactly Photoshop's 138,129,133
    // (the alpha-weighted mean of the visible pixels would be 138,119,126).
    expect(px(ref, 128, 100)).toEqual([138, 129, 133, 255]);
    expect(px(out, 128, 100)).toEqual([138, 129, 133, 255]);
    expect(colourDiff).toEqual([0, 0, 0]);
    // What Photoshop averaged: every pixel's stored colour over the whole canvas, transparent ones included.
    const mean = [r, g, b].map((p) => p.reduce((s, v) => s + v, 0) / (W * H));
    expect(mean.map(Math.round)).toEqual([138, 129, 133]);
  });
});

describe('Displace', () => {
  const dot = (x: number, y: number, w = 50, h = 30) => {
    const img = createRaster(w, h);
    setPx(img, x, y, [10, 20, 30, 255]);
    return img;
  };
  const opts = { horizontalScale: 100, verticalScale: 100, tile: false, wrap: false };

  it('a 128 grey map moves nothing', () => {
    const img = dot(20, 10);
    expect(Array.from(displaceRaster(img, filled(7, 5, [128, 128, 128, 255]), opts).data)).toEqual(Array.from(img.data));
  });

  it('darker than 128 moves the picture right/down, lighter left/up, (v - 128) * scale% pixels', () => {
    // red 118 at 100 %: -10 px horizontally; green 133 at 200 %: +10 px vertically
    const out = displaceRaster(dot(20, 15), filled(4, 4, [118, 133, 0, 255]), { ...opts, verticalScale: 200 });
    expect(px(out, 30, 5)).toEqual([10, 20, 30, 255]);
    expect(px(out, 20, 15)[3]).toBe(0);
  });

  it('wraps around or repeats edge pixels where it samples outside', () => {
    const map = filled(1, 1, [138, 128, 128, 255]); // +10 px: the picture moves left by 10
    expect(px(displaceRaster(dot(5, 10), map, { ...opts, tile: true, wrap: true }), 45, 10)).toEqual([10, 20, 30, 255]);
    expect(px(displaceRaster(dot(5, 10), map, { ...opts, tile: true, wrap: false }), 45, 10)[3]).toBe(0);
    // repeat edge: the right-most column smears the edge pixel in
    expect(px(displaceRaster(dot(49, 10), map, { ...opts, tile: true }), 45, 10)).toEqual([10, 20, 30, 255]);
  });

  it('warns and skips when the displacement map is missing', () => {
    const img = dot(1, 1);
    const f = mk({
      type: 'displace',
      name: 'Displace',
      filter: {
        horizontalScale: 10,
        verticalScale: 10,
        displacementMap: 'stretch to fit',
        undefinedAreas: 'repeat edge pixels',
        displacementFile: { signature: '8BPS', path: 'C:\\maps\\cloth.psd' },
      },
    });
    const { ctx, warnings } = ctxOf();
    expect(applySmartFilters(stack([f]), img, ctx)).toBe(img);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/displacement map "C:\\maps\\cloth.psd" is missing/);
    const found = ctxOf({ displacementMap: (name) => (name.endsWith('cloth.psd') ? filled(2, 2, [118, 128, 0, 255]) : null) });
    expect(px(applySmartFilters(stack([f]), dot(1, 1), found.ctx), 2, 1)).toEqual([10, 20, 30, 255]);
    expect(found.warnings).toEqual([]);
  });
});

describe('the smart-filter stack', () => {
  const curvesHalf = mk({
    type: 'curves',
    filter: {
      presetKind: 'custom',
      adjustments: [
        {
          channels: ['composite'],
          curve: [
            { x: 0, y: 0 },
            { x: 255, y: 128 },
          ],
        },
      ],
    },
  });
  const invert = mk({ type: 'invert' });

  it('runs the enabled filters in list order; nothing applies: the same raster back', () => {
    const img = filled(2, 1, [200, 200, 200, 255]);
    const { ctx, warnings } = ctxOf();
    expect(px(applySmartFilters(stack([invert, curvesHalf]), img, ctx), 0, 0)).toEqual([28, 28, 28, 255]);
    expect(px(applySmartFilters(stack([curvesHalf, invert]), img, ctx), 0, 0)).toEqual([155, 155, 155, 255]);
    expect(applySmartFilters(stack([invert], { enabled: false }), img, ctx)).toBe(img);
    expect(applySmartFilters(stack([{ ...invert, enabled: false }]), img, ctx)).toBe(img);
    expect(applySmartFilters(undefined, img, ctx)).toBe(img);
    expect(px(img, 0, 0)).toEqual([200, 200, 200, 255]); // the input is never written to
    expect(warnings).toEqual([]);
  });

  it('names unsupported filters in a warning and skips them', () => {
    const img = filled(2, 1, [200, 200, 200, 255]);
    const { ctx, warnings } = ctxOf();
    const out = applySmartFilters(
      stack([mk({ type: 'motion blur', name: 'Motion Blur', filter: { angle: 0, distance: { units: 'Pixels', value: 5 } } }), invert]),
      img,
      ctx,
    );
    expect(warnings).toEqual(['Smart filter "Motion Blur" (motion blur) is not supported; skipped']);
    expect(px(out, 0, 0)).toEqual([55, 55, 55, 255]);
  });

  it('fades each filter by its opacity, premultiplied', () => {
    const img = filled(1, 1, [200, 200, 200, 255]);
    const { ctx } = ctxOf();
    expect(px(applySmartFilters(stack([{ ...invert, opacity: 0.5 }]), img, ctx), 0, 0)).toEqual([128, 128, 128, 255]);
    expect(px(applySmartFilters(stack([{ ...invert, opacity: 0 }]), img, ctx), 0, 0)).toEqual([200, 200, 200, 255]);
  });

  it('blends by the filter blend mode (multiply) and warns on modes it does not do', () => {
    const img = filled(1, 1, [200, 100, 0, 255]);
    const { ctx, warnings } = ctxOf();
    // invert then multiply with the original: 200*55/255, 100*155/255, 0
    expect(px(applySmartFilters(stack([{ ...invert, blendMode: 'multiply' }]), img, ctx), 0, 0)).toEqual([43, 61, 0, 255]);
    expect(warnings).toEqual([]);
    applySmartFilters(stack([{ ...invert, blendMode: 'hue' }]), img, ctx);
    expect(warnings).toEqual(['Smart filter "invert" (invert): blend mode "hue" is not supported; blended as normal']);
  });

  it('brightness/contrast and gaussian blur run as filters', () => {
    const { ctx } = ctxOf();
    const bc = mk({ type: 'brightness/contrast', filter: { brightness: 50, contrast: 0, useLegacy: true } });
    expect(px(applySmartFilters(stack([bc]), filled(1, 1, [100, 100, 100, 255]), ctx), 0, 0)).toEqual([150, 150, 150, 255]);
    const img = createRaster(21, 21);
    setPx(img, 10, 10, [255, 255, 255, 255]);
    const blur = mk({ type: 'gaussian blur', filter: { radius: { units: 'Pixels', value: 2 } } });
    expect(Array.from(applySmartFilters(stack([blur]), img, ctx).data)).toEqual(Array.from(gaussianBlurRaster(img, 2).data));
  });

  it('the filter mask keeps the unfiltered layer where it is black', () => {
    const img = filled(2, 1, [200, 200, 200, 255]);
    const mask = { width: 2, height: 1, data: new Uint8Array([0, 255]) };
    const { ctx } = ctxOf({ filterMask: mask });
    const out = applySmartFilters(stack([invert], { maskEnabled: true }), img, ctx);
    expect([px(out, 0, 0), px(out, 1, 0)]).toEqual([
      [200, 200, 200, 255],
      [55, 55, 55, 255],
    ]);
    const off = applySmartFilters(stack([invert], { maskEnabled: false }), img, ctx);
    expect(px(off, 0, 0)).toEqual([55, 55, 55, 255]);
  });
});
