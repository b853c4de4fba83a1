import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BezierPath, BlendMode, Layer, LayerMaskData, Psd } from 'ag-psd';
import { compositeDocument, flattenOver, storedCompositeStatus } from '../../../engine/psd/composite';
import { compositeStack, type AdjustFn } from '../../../engine/psd/composite/stack';
import { userMaskOf } from '../../../engine/psd/composite/masks';
import { readPsdBytes } from '../../../engine/psd/read';
import type { Raster } from '../../../engine/psd/pixels/raster';
import { compareRasters } from '../../../tools/fidelity/compare';

// ---------------------------------------------------------------------------
// Helpers: documents built in memory, as ag-psd returns them (straight RGBA, bottom layer first).

type Rgba = readonly [number, number, number, number];

function solid(w: number, h: number, c: Rgba): { width: number; height: number; data: Uint8ClampedArray } {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(c, i);
  return { width: w, height: h, data };
}

function layer(name: string, c: Rgba, extra: Partial<Layer> = {}, rect = { left: 0, top: 0, w: 1, h: 1 }): Layer {
  return {
    name,
    left: rect.left,
    top: rect.top,
    right: rect.left + rect.w,
    bottom: rect.top + rect.h,
    blendMode: 'normal',
    opacity: 1,
    imageData: solid(rect.w, rect.h, c),
    ...extra,
  };
}

function doc(children: Layer[], width = 1, height = 1): Psd {
  return { width, height, children };
}

function px(r: Raster, x = 0, y = 0): number[] {
  const i = (y * r.width + x) * 4;
  return Array.from(r.data.subarray(i, i + 4));
}

function greyMask(
  rect: { left: number; top: number; w: number; h: number },
  values: number[],
  extra: Partial<LayerMaskData> = {},
): LayerMaskData {
  const data = new Uint8ClampedArray(rect.w * rect.h * 4);
  values.forEach((v, i) => data.set([v, v, v, 255], i * 4));
  return {
    left: rect.left,
    top: rect.top,
    right: rect.left + rect.w,
    bottom: rect.top + rect.h,
    defaultColor: 0,
    imageData: { width: rect.w, height: rect.h, data },
    ...extra,
  };
}

const corner = (x: number, y: number) => ({ linked: false, points: [x, y, x, y, x, y] });
function rectPath(x0: number, y0: number, x1: number, y1: number, operation: BezierPath['operation'] = 'combine'): BezierPath {
  return { open: false, operation, fillRule: 'non-zero', knots: [corner(x0, y0), corner(x1, y0), corner(x1, y1), corner(x0, y1)] };
}

/** Stand-in adjustment for these tests only: 'invert' inverts RGB, everything else is unsupported. */
const invertOnly: AdjustFn = (adj, img) => {
  if (adj.type !== 'invert') return false;
  for (let i = 0; i < img.data.length; i += 4) {
    img.data[i] = 255 - img.data[i]!;
    img.data[i + 1] = 255 - img.data[i + 1]!;
    img.data[i + 2] = 255 - img.data[i + 2]!;
  }
  return true;
};

function compositeWith(psd: Psd, warnings: string[] = []): Raster {
  return compositeStack(psd, { adjust: invertOnly, warn: (m) => warnings.push(m) });
}

// ---------------------------------------------------------------------------

describe('blend modes: Photoshop formulas on opaque 8-bit pixels', () => {
  // Backdrop b, source s as 8-bit values; expectations are the formulas evaluated in 0..1 and
  // rounded to 8 bits (e.g. multiply b*s, screen b+s-bs, colour burn 1-(1-b)/s, soft light
  // b-(1-2s)b(1-b) | b+(2s-1)(sqrt(b)-b), hard mix b+s >= 1, HSL modes with Rec.601 luminosity
  // 0.3/0.59/0.11 and the ClipColor/SetLum/SetSat construction).
  const B1: Rgba = [51, 102, 204, 255];
  const S1: Rgba = [204, 102, 26, 255];
  const B2: Rgba = [230, 128, 10, 255];
  const S2: Rgba = [128, 230, 255, 255];
  const table: [BlendMode, number[], number[]][] = [
    ['normal', [204, 102, 26], [128, 230, 255]],
    ['darken', [51, 102, 26], [128, 128, 10]],
    ['multiply', [41, 41, 21], [115, 115, 10]],
    ['color burn', [0, 0, 0], [205, 114, 10]],
    ['linear burn', [0, 0, 0], [103, 103, 10]],
    ['darker color', [51, 102, 204], [230, 128, 10]],
    ['lighten', [204, 102, 204], [230, 230, 255]],
    ['screen', [214, 163, 209], [243, 243, 255]],
    ['color dodge', [255, 170, 227], [255, 255, 255]],
    ['linear dodge', [255, 204, 230], [255, 255, 255]],
    ['lighter color', [204, 102, 26], [128, 230, 255]],
    ['overlay', [82, 82, 163], [230, 230, 20]],
    ['soft light', [89, 90, 172], [230, 170, 50]],
    ['hard light', [173, 82, 42], [230, 230, 255]],
    ['vivid light', [128, 64, 5], [231, 255, 255]],
    ['linear light', [204, 51, 1], [231, 255, 255]],
    ['pin light', [153, 102, 52], [230, 205, 255]],
    ['hard mix', [255, 0, 0], [255, 255, 255]],
    ['difference', [153, 0, 178], [102, 102, 245]],
    ['exclusion', [173, 122, 188], [127, 127, 245]],
    ['subtract', [0, 0, 178], [102, 0, 0]],
    ['divide', [64, 255, 255], [255, 142, 10]],
    ['hue', [166, 79, 13], [17, 194, 237]],
    ['saturation', [43, 103, 221], [194, 135, 67]],
    ['color', [177, 76, 0], [71, 173, 198]],
    ['luminosity', [77, 128, 230], [255, 191, 117]],
  ];
  it.each(table)('%s', (mode, e1, e2) => {
    const r1 = compositeWith(doc([layer('b', B1), layer('s', S1, { blendMode: mode })]));
    const r2 = compositeWith(doc([layer('b', B2), layer('s', S2, { blendMode: mode })]));
    expect(px(r1)).toEqual([...e1, 255]);
    expect(px(r2)).toEqual([...e2, 255]);
  });

  it("soft light is Photoshop's (square root), not the W3C polynomial, on dark backdrops", () => {
    // b = 26, s = 255: Photoshop sqrt(b) -> 81.4; W3C ((16b-12)b+4)b -> 76.5.
    const r = compositeWith(doc([layer('b', [26, 26, 26, 255]), layer('s', [255, 255, 255, 255], { blendMode: 'soft light' })]));
    expect(px(r)).toEqual([81, 81, 81, 255]);
  });

  it('darker color compares luminosity, not the channel sum', () => {
    // (174,154,194) has the larger sum (522 vs 435) but the lower luminosity (164.4 vs 167.9).
    const r = compositeWith(doc([layer('b', [225, 161, 49, 255]), layer('s', [174, 154, 194, 255], { blendMode: 'darker color' })]));
    expect(px(r)).toEqual([174, 154, 194, 255]);
  });

  it('dissolve draws each pixel fully or not at all, about opacity of them', () => {
    const n = 64;
    const r = compositeWith(
      doc(
        [
          layer('b', [0, 0, 0, 255], {}, { left: 0, top: 0, w: n, h: n }),
          layer('s', [255, 255, 255, 255], { blendMode: 'dissolve', opacity: 0.5 }, { left: 0, top: 0, w: n, h: n }),
        ],
        n,
        n,
      ),
    );
    let white = 0;
    for (let i = 0; i < r.data.length; i += 4) {
      expect([0, 255]).toContain(r.data[i]);
      if (r.data[i] === 255) white++;
    }
    expect(white / (n * n)).toBeGreaterThan(0.45);
    expect(white / (n * n)).toBeLessThan(0.55);
  });
});

describe('alpha compositing', () => {
  it('a blend mode acts in proportion to the backdrop alpha', () => {
    // a_b = 128/255: C = s + a_b (B(b, s) - s) -> 204 + 0.502 (40.8 - 204) = 122.1 ...
    const r = compositeWith(doc([layer('b', [51, 102, 204, 128]), layer('s', [204, 102, 26, 255], { blendMode: 'multiply' })]));
    expect(px(r)).toEqual([122, 71, 23, 255]);
  });

  it('over transparency every mode draws the layer as it is', () => {
    const r = compositeWith(doc([layer('s', [204, 102, 26, 200], { blendMode: 'multiply' })]));
    expect(px(r)).toEqual([204, 102, 26, 200]);
  });

  it('opacity and fill opacity both scale the layer', () => {
    const r = compositeWith(doc([layer('b', [0, 0, 0, 255]), layer('s', [255, 255, 255, 255], { opacity: 0.5, fillOpacity: 0.5 })]));
    expect(px(r)).toEqual([64, 64, 64, 255]);
    const m = compositeWith(
      doc([layer('b', [51, 102, 204, 255]), layer('s', [204, 102, 26, 255], { blendMode: 'multiply', opacity: 0.5 })]),
    );
    // b + 0.5 (b*s - b): 51 + 0.5 (40.8 - 51) = 45.9, 102 + 0.5 (40.8 - 102) = 71.4, 112.4.
    expect(px(m)).toEqual([46, 71, 112, 255]);
  });

  it('two half-transparent layers combine alpha as a_s + a_b - a_s a_b', () => {
    const r = compositeWith(doc([layer('b', [255, 0, 0, 128]), layer('s', [0, 0, 255, 128])]));
    // a = 0.502 + 0.502 - 0.252 = 0.752 -> 192; colour weights 0.502/0.752 for the top layer.
    expect(px(r)).toEqual([85, 0, 170, 192]);
  });

  it('hidden layers and everything inside hidden groups are skipped', () => {
    const r = compositeWith(
      doc([
        layer('b', [10, 20, 30, 255]),
        layer('h', [255, 255, 255, 255], { hidden: true }),
        { name: 'g', hidden: true, blendMode: 'pass through', opacity: 1, children: [layer('c', [255, 0, 0, 255])] },
      ]),
    );
    expect(px(r)).toEqual([10, 20, 30, 255]);
  });
});

describe('masks', () => {
  const row = { left: 0, top: 0, w: 4, h: 1 };
  const base = (): Layer => layer('b', [0, 0, 0, 255], {}, row);

  it('a layer mask covers its own rect and uses its default colour outside it', () => {
    const top = (defaultColor: number) =>
      layer('s', [255, 255, 255, 255], { mask: greyMask({ left: 1, top: 0, w: 2, h: 1 }, [255, 128], { defaultColor }) }, row);
    const hideOutside = compositeWith(doc([base(), top(0)], 4, 1));
    expect([0, 1, 2, 3].map((x) => px(hideOutside, x)[0])).toEqual([0, 255, 128, 0]);
    const showOutside = compositeWith(doc([base(), top(255)], 4, 1));
    expect([0, 1, 2, 3].map((x) => px(showOutside, x)[0])).toEqual([255, 255, 128, 255]);
  });

  it('a disabled mask is ignored; density lifts what the mask hides', () => {
    const m = greyMask({ left: 0, top: 0, w: 4, h: 1 }, [0, 0, 255, 255]);
    const off = compositeWith(doc([base(), layer('s', [255, 255, 255, 255], { mask: { ...m, disabled: true } }, row)], 4, 1));
    expect(px(off, 0)[0]).toBe(255);
    const half = compositeWith(doc([base(), layer('s', [255, 255, 255, 255], { mask: { ...m, userMaskDensity: 0.5 } }, row)], 4, 1));
    expect([px(half, 0)[0], px(half, 3)[0]]).toEqual([128, 255]);
  });

  it('mask coordinates are document pixels, linked to the layer or not', () => {
    const m = greyMask({ left: 2, top: 0, w: 2, h: 1 }, [255, 255]);
    for (const positionRelativeToLayer of [false, true]) {
      const r = compositeWith(
        doc([base(), layer('s', [255, 255, 255, 255], { mask: { ...m, positionRelativeToLayer } }, { left: 1, top: 0, w: 3, h: 1 })], 4, 1),
      );
      expect([0, 1, 2, 3].map((x) => px(r, x)[0])).toEqual([0, 0, 255, 255]);
    }
  });

  it('with both masks the pixel mask is the "real" record, the first one being the vector rendering', () => {
    const real = greyMask({ left: 0, top: 0, w: 1, h: 1 }, [200]);
    const rendered = greyMask({ left: 0, top: 0, w: 1, h: 1 }, [10], { fromVectorData: true });
    const l: Layer = { name: 'x', mask: rendered, realMask: real, vectorMask: { paths: [rectPath(0, 0, 1, 1)] } };
    expect(userMaskOf(l)?.imageData?.data[0]).toBe(200);
    expect(userMaskOf({ name: 'y', mask: rendered, vectorMask: l.vectorMask })).toBeNull();
  });

  it('vector masks are rasterised anti-aliased in document pixels', () => {
    const r = compositeWith(
      doc([base(), layer('s', [255, 255, 255, 255], { vectorMask: { paths: [rectPath(0.5, 0, 3.25, 1)] } }, row)], 4, 1),
    );
    expect([0, 1, 2, 3].map((x) => px(r, x)[0])).toEqual([128, 255, 255, 64]);
  });

  it('vector mask components combine by their operations, and invert flips them', () => {
    const paths = [rectPath(0, 0, 4, 1, 'combine'), rectPath(1, 0, 3, 1, 'subtract')];
    const r = compositeWith(doc([base(), layer('s', [255, 255, 255, 255], { vectorMask: { paths } }, row)], 4, 1));
    expect([0, 1, 2, 3].map((x) => px(r, x)[0])).toEqual([255, 0, 0, 255]);
    const inv = compositeWith(doc([base(), layer('s', [255, 255, 255, 255], { vectorMask: { paths, invert: true } }, row)], 4, 1));
    expect([0, 1, 2, 3].map((x) => px(inv, x)[0])).toEqual([0, 255, 255, 0]);
  });

  it('mask feather blurs the edge (Gaussian, radius = standard deviation) and says so', () => {
    const warnings: string[] = [];
    const wide = { left: 0, top: 0, w: 20, h: 1 };
    const m = greyMask({ left: 10, top: 0, w: 10, h: 1 }, Array(10).fill(255), { userMaskFeather: 2 });
    const r = compositeWith(
      doc([layer('b', [0, 0, 0, 255], {}, wide), layer('s', [255, 255, 255, 255], { mask: m }, wide)], 20, 1),
      warnings,
    );
    const v = Array.from({ length: 20 }, (_, x) => px(r, x)[0]!);
    expect(v[0]).toBe(0);
    expect(v[19]).toBeGreaterThan(250);
    expect(v[9]).toBeGreaterThan(60);
    expect(v[10]).toBeLessThan(200);
    for (let x = 1; x < 20; x++) expect(v[x]).toBeGreaterThanOrEqual(v[x - 1]!);
    expect(warnings).toEqual(['s: layer mask feather drawn as a Gaussian blur (approximate at its edges)']);
  });

  it('layer and vector masks multiply', () => {
    const r = compositeWith(
      doc(
        [
          base(),
          layer(
            's',
            [255, 255, 255, 255],
            {
              mask: greyMask({ left: 0, top: 0, w: 4, h: 1 }, [255, 128, 128, 255]),
              vectorMask: { paths: [rectPath(0, 0, 2, 1)] },
            },
            row,
          ),
        ],
        4,
        1,
      ),
    );
    expect([0, 1, 2, 3].map((x) => px(r, x)[0])).toEqual([255, 128, 0, 0]);
  });
});

describe('clipping groups', () => {
  const row = { left: 0, top: 0, w: 4, h: 1 };
  // Base covers pixels 1..2 only (pixel 2 half transparent); the clipped layer covers all four.
  const baseLayer = (extra: Partial<Layer> = {}): Layer => {
    const l = layer('base', [0, 0, 255, 255], extra, { left: 1, top: 0, w: 2, h: 1 });
    l.imageData!.data[7] = 128;
    return l;
  };
  const clip = (extra: Partial<Layer> = {}): Layer => layer('clip', [255, 0, 0, 255], { clipping: true, ...extra }, row);
  const bg = (): Layer => layer('bg', [255, 255, 255, 255], {}, row);

  it('clipped layers show only through the base alpha', () => {
    const r = compositeWith(doc([bg(), baseLayer(), clip()], 4, 1));
    expect([0, 1, 2, 3].map((x) => px(r, x))).toEqual([
      [255, 255, 255, 255],
      [255, 0, 0, 255],
      [255, 127, 127, 255],
      [255, 255, 255, 255],
    ]);
  });

  it("the base's opacity applies to its clipped layers, its fill opacity does not", () => {
    const half = compositeWith(doc([bg(), baseLayer({ opacity: 0.5 }), clip()], 4, 1));
    expect(px(half, 1)).toEqual([255, 128, 128, 255]);
    const noFill = compositeWith(doc([bg(), baseLayer({ fillOpacity: 0 }), clip({ opacity: 0.5 })], 4, 1));
    // The base's own colour is gone, the clipped layer still shows at its 50% inside the shape
    // (stored as alpha 128 in the 8-bit group, so 255 - 255 * 128/255 = 127).
    expect(px(noFill, 1)).toEqual([255, 127, 127, 255]);
  });

  it('a hidden base hides its clipping group; a hidden clipped layer is just skipped', () => {
    const r = compositeWith(doc([bg(), baseLayer({ hidden: true }), clip()], 4, 1));
    expect(px(r, 1)).toEqual([255, 255, 255, 255]);
    const s = compositeWith(doc([bg(), baseLayer(), clip({ hidden: true })], 4, 1));
    expect(px(s, 1)).toEqual([0, 0, 255, 255]);
  });

  it('"blend clipped layers as group" blends them with the base only; off, with everything below', () => {
    // Multiply over a half-transparent blue base on a green backdrop (pixel 2).
    const below = (): Layer => layer('bg', [0, 255, 0, 255], {}, row);
    const asGroup = compositeWith(doc([below(), baseLayer(), clip({ blendMode: 'multiply', fillOpacity: 1 })], 4, 1));
    // In the group the clip multiplies the opaque blue base to black; the group shows at 50%.
    expect(px(asGroup, 2)).toEqual([0, 127, 0, 255]);
    const separate = compositeWith(doc([below(), baseLayer({ blendClippendElements: false }), clip({ blendMode: 'multiply' })], 4, 1));
    // Off: the base mixes with green (0,127,128), then red multiplies that mix to black within
    // the shape (128/255): (0, 127 * 0.498, 128 * 0.498) = (0, 63.2, 63.7).
    expect(px(separate, 2)).toEqual([0, 63, 64, 255]);
  });

  it('clipped layers above a group clip to the group result', () => {
    const group: Layer = { name: 'g', blendMode: 'normal', opacity: 1, children: [baseLayer()] };
    const r = compositeWith(doc([bg(), group, clip()], 4, 1));
    expect([0, 1, 3].map((x) => px(r, x))).toEqual([
      [255, 255, 255, 255],
      [255, 0, 0, 255],
      [255, 255, 255, 255],
    ]);
  });
});

describe('groups', () => {
  const multiplyChild = (): Layer => layer('m', [128, 128, 128, 255], { blendMode: 'multiply' });
  const backdrop = (): Layer => layer('bg', [200, 100, 50, 255]);

  it('pass-through groups blend their children with the backdrop', () => {
    const r = compositeWith(doc([backdrop(), { name: 'g', blendMode: 'pass through', opacity: 1, children: [multiplyChild()] }]));
    expect(px(r)).toEqual([100, 50, 25, 255]);
  });

  it('other group modes composite the children in isolation first', () => {
    // Alone in the group, the multiply layer has no backdrop and stays grey; the group is normal.
    const r = compositeWith(doc([backdrop(), { name: 'g', blendMode: 'normal', opacity: 1, children: [multiplyChild()] }]));
    expect(px(r)).toEqual([128, 128, 128, 255]);
    const m = compositeWith(doc([backdrop(), { name: 'g', blendMode: 'screen', opacity: 1, children: [multiplyChild()] }]));
    expect(px(m)).toEqual([228, 178, 153, 255]);
  });

  it('a pass-through group fades what its children did by its opacity and mask', () => {
    const g = (extra: Partial<Layer>): Layer => ({
      name: 'g',
      blendMode: 'pass through',
      opacity: 1,
      children: [multiplyChild()],
      ...extra,
    });
    const half = compositeWith(doc([backdrop(), g({ opacity: 0.5 })]));
    expect(px(half)).toEqual([150, 75, 38, 255]);
    const masked = compositeWith(doc([backdrop(), g({ mask: greyMask({ left: 0, top: 0, w: 1, h: 1 }, [0]) })]));
    expect(px(masked)).toEqual([200, 100, 50, 255]);
  });

  it('layer paths passed to callbacks join group names with /', () => {
    const seen: string[] = [];
    const so: Layer = { ...layer('Design', [0, 0, 0, 255]), placedLayer: { id: 'x', type: 'raster', transform: [] } as never };
    const psd = doc([
      {
        name: 'Outer',
        blendMode: 'pass through',
        opacity: 1,
        children: [{ name: 'Inner', blendMode: 'pass through', opacity: 1, children: [so] }],
      },
    ]);
    const r = compositeDocument(psd, {
      smartObject: (_l, p) => {
        seen.push(p);
        return { width: 1, height: 1, data: new Uint8ClampedArray([9, 8, 7, 255]) };
      },
    });
    expect(seen).toEqual(['Outer/Inner/Design']);
    expect(px(r)).toEqual([9, 8, 7, 255]);
  });
});

describe('adjustment layers', () => {
  const adj = (extra: Partial<Layer> = {}): Layer => ({
    name: 'inv',
    blendMode: 'normal',
    opacity: 1,
    adjustment: { type: 'invert' },
    ...extra,
  });

  it('change the composite below through their opacity and mask, keeping its alpha', () => {
    const row = { left: 0, top: 0, w: 2, h: 1 };
    const r = compositeWith(
      doc(
        [layer('b', [200, 100, 50, 128], {}, row), adj({ opacity: 0.5, mask: greyMask({ left: 0, top: 0, w: 2, h: 1 }, [255, 0]) })],
        2,
        1,
      ),
    );
    expect(px(r, 0)).toEqual([128, 128, 128, 128]);
    expect(px(r, 1)).toEqual([200, 100, 50, 128]);
  });

  it('inside an isolated group they change only the group; clipped, only their base', () => {
    const below = layer('below', [200, 100, 50, 255], {}, { left: 0, top: 0, w: 2, h: 1 });
    const grouped = compositeWith(
      doc([below, { name: 'g', blendMode: 'normal', opacity: 1, children: [layer('in', [10, 20, 30, 255]), adj()] }], 2, 1),
    );
    expect([px(grouped, 0), px(grouped, 1)]).toEqual([
      [245, 235, 225, 255],
      [200, 100, 50, 255],
    ]);
    const clipped = compositeWith(doc([below, layer('base', [10, 20, 30, 255]), adj({ clipping: true })], 2, 1));
    expect([px(clipped, 0), px(clipped, 1)]).toEqual([
      [245, 235, 225, 255],
      [200, 100, 50, 255],
    ]);
  });

  it('go through applyAdjustment in compositeDocument', () => {
    const r = compositeDocument(doc([layer('b', [200, 100, 50, 255]), adj()]));
    expect(px(r)).toEqual([55, 155, 205, 255]);
  });

  it('an unsupported kind warns with its kind and changes nothing', () => {
    const warnings: string[] = [];
    const r = compositeWith(doc([layer('b', [200, 100, 50, 255]), adj({ name: 'Levels 1', adjustment: { type: 'levels' } })]), warnings);
    expect(px(r)).toEqual([200, 100, 50, 255]);
    expect(warnings).toEqual(["Levels 1: adjustment 'levels' not supported, left out"]);
  });
});

describe('fill layers', () => {
  it('a solid colour fill covers the document through its vector mask', () => {
    const fill: Layer = {
      name: 'Color Fill 1',
      blendMode: 'normal',
      opacity: 1,
      vectorFill: { type: 'color', color: { r: 10, g: 200, b: 30 } },
      vectorMask: { paths: [rectPath(1, 0, 3, 1)] },
    };
    const r = compositeWith(doc([fill], 4, 1));
    expect([0, 1, 2, 3].map((x) => px(r, x))).toEqual([
      [0, 0, 0, 0],
      [10, 200, 30, 255],
      [10, 200, 30, 255],
      [0, 0, 0, 0],
    ]);
  });

  it("a shape's stored pixels are used as they are, its vector mask already in them", () => {
    const stored = layer('Shape 1', [255, 0, 0, 128], {
      vectorFill: { type: 'color', color: { r: 0, g: 0, b: 255 } },
      vectorMask: { paths: [rectPath(0, 0, 0.5, 1)] },
    });
    expect(px(compositeWith(doc([stored])))).toEqual([255, 0, 0, 128]);
  });

  it("a gradient fill with Photoshop's stored render uses it", () => {
    const warnings: string[] = [];
    const stored = layer('Gradient Fill 2', [1, 2, 3, 255], {
      vectorFill: { type: 'solid', name: 'g', colorStops: [], opacityStops: [] },
      mask: greyMask({ left: 0, top: 0, w: 1, h: 1 }, [128]),
    });
    expect(px(compositeWith(doc([stored]), warnings))).toEqual([1, 2, 3, 128]);
    expect(warnings).toEqual([]);
  });

  it('a linear gradient fill runs along its angle (drawn approximately, and says so)', () => {
    const warnings: string[] = [];
    const fill: Layer = {
      name: 'Gradient Fill 1',
      blendMode: 'normal',
      opacity: 1,
      vectorFill: {
        type: 'solid',
        name: 'bw',
        style: 'linear',
        angle: 0,
        colorStops: [
          { color: { r: 0, g: 0, b: 0 }, location: 0, midpoint: 0.5 },
          { color: { r: 255, g: 255, b: 255 }, location: 1, midpoint: 0.5 },
        ],
        opacityStops: [
          { opacity: 1, location: 0, midpoint: 0.5 },
          { opacity: 1, location: 1, midpoint: 0.5 },
        ],
      },
    };
    const r = compositeWith(doc([fill], 8, 1), warnings);
    const values = Array.from({ length: 8 }, (_, x) => px(r, x)[0]!);
    expect(values[0]).toBeLessThan(32);
    expect(values[7]).toBeGreaterThan(223);
    for (let x = 1; x < 8; x++) expect(values[x]).toBeGreaterThan(values[x - 1]!);
    expect(warnings).toEqual(['Gradient Fill 1: gradient fill (linear) drawn approximately']);
  });
});

describe('warnings and robustness', () => {
  it('names enabled layer effects it does not draw only (effects themselves: psd/effects.test.ts)', () => {
    const warnings: string[] = [];
    compositeWith(
      doc([
        {
          ...layer('Logo', [0, 0, 0, 255]),
          effects: {
            dropShadow: [{ enabled: true }],
            bevel: { enabled: true },
            satin: { enabled: false },
            patternOverlay: { enabled: true },
          },
        },
        {
          ...layer('Off', [0, 0, 0, 255]),
          effects: { disabled: true, bevel: { enabled: true } },
        },
      ]),
      warnings,
    );
    expect(warnings).toEqual(['Logo: layer effects not drawn (bevel and emboss, pattern overlay)']);
  });

  it('zero-size layers, empty groups and 16-bit pixels do not break it', () => {
    const deep: Layer = {
      name: 'deep',
      left: 0,
      top: 0,
      right: 1,
      bottom: 1,
      blendMode: 'normal',
      opacity: 1,
      imageData: { width: 1, height: 1, data: new Uint16Array([65535, 32896, 0, 65535]) },
    };
    const r = compositeWith(
      doc([
        { name: 'empty', left: 0, top: 0, right: 0, bottom: 0, blendMode: 'normal', opacity: 1 },
        { name: 'g', blendMode: 'pass through', opacity: 1, children: [] },
        deep,
      ]),
    );
    expect(px(r)).toEqual([255, 128, 0, 255]);
  });

  it('a 1000x1000 document with 10 layers composites in well under a second', () => {
    const W = 1000;
    const modes: BlendMode[] = [
      'normal',
      'multiply',
      'screen',
      'overlay',
      'soft light',
      'color',
      'difference',
      'normal',
      'luminosity',
      'hard light',
    ];
    const layers = modes.map((m, k): Layer => {
      const data = new Uint8ClampedArray(W * W * 4);
      for (let i = 0; i < data.length; i += 4)
        data.set([(i * 7 + k * 31) & 255, (i * 3 + k) & 255, (i >> 5) & 255, k === 0 ? 255 : (i >> 3) & 255], i);
      const l: Layer = {
        name: `L${k}`,
        left: 0,
        top: 0,
        right: W,
        bottom: W,
        blendMode: m,
        opacity: 0.8,
        imageData: { width: W, height: W, data },
      };
      if (k % 3 === 1)
        l.mask = greyMask(
          { left: 0, top: 0, w: W, h: W },
          Array.from({ length: W * W }, (_, i) => i & 255),
        );
      return l;
    });
    const psd = doc(layers, W, W);
    compositeDocument(psd);
    const t0 = performance.now();
    compositeDocument(psd);
    // Measured about 0.25 s on a 2-core machine; the bound leaves room for a loaded one.
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

// ---------------------------------------------------------------------------
// Photoshop's own composites (psd.imageData) of the oracle documents, with stored pixels for
// every layer (no smartObject callback).

const ORACLE = path.resolve('../shared/oracle/psd');

interface OracleCase {
  /** Measured MAE (per channel, 0..255) and the bound asserted. */
  measured: number;
  maxMae: number;
  /** Layers to hide first, when the file was edited after Photoshop saved its composite. */
  hide?: string[];
  /** Documents saved without "maximize compatibility": no real composite to compare with. */
  placeholder?: true;
}

const CASES: Record<string, OracleCase> = {
  agpsd_cylinder_warp: { measured: 0, maxMae: 0.01 },
  // The README: the copy clears the hidden bit of "transform"; the composite was saved with it
  // hidden (drawn, MAE 6.36 inside that layer only).
  agpsd_mesh_transform: { measured: 0.0014, maxMae: 0.01, hide: ['transform'] },
  agpsd_placed_transform: { measured: 0, maxMae: 0.01 },
  agpsd_smart_filter_average: { measured: NaN, maxMae: NaN, placeholder: true },
  agpsd_smart_object: { measured: 0, maxMae: 0.01 },
  agpsd_smart_object_png: { measured: NaN, maxMae: NaN, placeholder: true },
  agpsd_werps: { measured: 0, maxMae: 0.01 },
  aspose_clipping_blending: { measured: 0.0068, maxMae: 0.02 },
  aspose_inflate: { measured: 0, maxMae: 0.01 },
  // Two gradient overlays (10% and 21%), drawn (13.09 before): what is left is Photoshop's
  // 'smooth' ramp, bent where ours is linear, and its CMYK black one level off in green.
  aspose_iphone15snapcase: { measured: 0.157, maxMae: 0.2 },
  aspose_smart_test: { measured: 0, maxMae: 0.01 },
  aspose_source: { measured: 0, maxMae: 0.01 },
  aspose_squeeze: { measured: 0, maxMae: 0.01 },
  aspose_warping: { measured: 0, maxMae: 0.01 },
};

function oracleFile(dir: string): string {
  const folder = path.join(ORACLE, dir);
  if (!existsSync(folder))
    throw new Error(
      `oracle document folder missing: ${folder} (expected the shared oracle at ../shared/oracle/psd relative to the repository root)`,
    );
  const file = readdirSync(folder).find((f) => f.toLowerCase().endsWith('.psd'));
  if (!file) throw new Error(`no .psd in ${folder}`);
  return path.join(folder, file);
}

function hideLayers(layers: readonly Layer[], names: readonly string[]): void {
  for (const l of layers) {
    if (names.includes(l.name ?? '')) l.hidden = true;
    if (l.children) hideLayers(l.children, names);
  }
}

describe("oracle documents: composite vs Photoshop's stored composite", () => {
  it('the oracle folder exists and every document in it has a case here', () => {
    if (!existsSync(ORACLE))
      throw new Error(`oracle folder missing: ${ORACLE} (run the tests from the repository root, next to ../shared)`);
    const dirs = readdirSync(ORACLE).filter((d) => readdirSync(path.join(ORACLE, d)).some((f) => f.toLowerCase().endsWith('.psd')));
    expect(dirs.sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES))('%s', (dir, c) => {
    const psd = readPsdBytes(readFileSync(oracleFile(dir)), { pixels: true });
    if (c.hide) hideLayers(psd.children ?? [], c.hide);
    const warnings: string[] = [];
    let out = compositeDocument(psd, { warn: (m) => warnings.push(m) });
    expect([out.width, out.height]).toEqual([psd.width, psd.height]);
    const ref = storedCompositeStatus(psd);
    if (c.placeholder) {
      // Nothing to compare with: Photoshop stored a blank placeholder, which must be recognised.
      expect(ref.status).toBe('placeholder');
      expect(ref.reason).toContain('uniform 255,255,255,255');
      return;
    }
    expect(ref.status).toBe('real');
    if (ref.opaque) out = flattenOver(out, [255, 255, 255]);
    const cmp = compareRasters(out, ref.raster!);
    expect(cmp.mae).toBeLessThanOrEqual(c.maxMae);
    expect(cmp.iou).toBeGreaterThanOrEqual(0.999);
    expect(warnings).toEqual([]);
  });
});
