/**
 * A mockup PSD baked into a product template: what is below the design is flattened into the
 * photo, the design's smart object becomes a print area with its masks, and what is above keeps
 * its blend mode, clipping and masks as image layers; what the template cannot draw is named.
 */
import { describe, expect, it } from 'vitest';
import type { Layer, LayerMaskData, Psd } from 'ag-psd';
import { bakePsdTemplate, translateLayer } from '../../../../engine/psd/template-bake';
import type { Raster } from '../../../../engine/psd/pixels/raster';
import type { SmartObjectLayer } from '../../../../engine/model/types';

type Rgba = readonly [number, number, number, number];
const W = 20;
const H = 10;

function solid(w: number, h: number, c: Rgba) {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(c, i);
  return { width: w, height: h, data };
}

function raster(name: string, c: Rgba, rect = { left: 0, top: 0, w: W, h: H }, extra: Partial<Layer> = {}): Layer {
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

let placedId = 0;
function design(name: string, extra: Partial<Layer> = {}): Layer {
  placedId += 1;
  return {
    ...raster(name, [255, 0, 0, 255], { left: 0, top: 0, w: 10, h: 10 }),
    placedLayer: { id: `id-${placedId}`, type: 'raster', width: 10, height: 10, transform: [0, 0, 10, 0, 10, 10, 0, 10] } as never,
    ...extra,
  };
}

/** A mask showing the left `cols` columns of the document. */
function leftMask(cols: number): LayerMaskData {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.set(x < cols ? [255, 255, 255, 255] : [0, 0, 0, 255], (y * W + x) * 4);
  return { left: 0, top: 0, right: W, bottom: H, defaultColor: 0, imageData: { width: W, height: H, data } };
}

const px = (r: Raster, x: number, y: number) => Array.from(r.data.subarray((y * r.width + x) * 4, (y * r.width + x) * 4 + 4));
const doc = (children: Layer[]): Psd => ({ width: W, height: H, children });

describe('bakePsdTemplate', () => {
  it('flattens what is below the first design into the photo and leaves the design out of it', () => {
    const baked = bakePsdTemplate(
      doc([
        raster('photo', [100, 100, 100, 255]),
        design('Design'),
        raster('gloss', [255, 255, 255, 255], undefined, { blendMode: 'screen', opacity: 0.5 }),
      ]),
    );
    const view = baked.template.viewList[0]!;
    const photo = baked.images.find((i) => i.name === view.viewData.imageUrl)!;
    expect(px(photo.raster, 5, 5)).toEqual([100, 100, 100, 255]);
    const [so, gloss] = view.viewData.layers as SmartObjectLayer[];
    expect(so).toMatchObject({ T: 'SmartObject', F: { kind: 'flat', flatId: 'Design' }, blend: 7, opacity: 1 });
    expect(so!.maskUrl).toBeUndefined();
    // The layer above keeps its own mode (screen = code 8) and opacity, its pixels cropped.
    expect(gloss).toMatchObject({
      F: { kind: 'image' },
      blend: 8,
      opacity: 0.5,
      OS: { w: W, h: H },
      M: { kind: 'affine', matrix: [1, 0, 0, 1, 0, 0] },
    });
    expect(baked.template.flatList.map((f) => f.flatId)).toEqual(['Design']);
    expect(baked.notes).toEqual([]);
  });

  it('keeps a layer clipped to the design clipped, with its blend mode and masks baked in', () => {
    const shadow = raster('shadow', [0, 0, 0, 255], undefined, { clipping: true, blendMode: 'multiply', opacity: 0.8, mask: leftMask(4) });
    const baked = bakePsdTemplate(doc([raster('photo', [100, 100, 100, 255]), design('Design'), shadow]));
    const [, clipped] = baked.template.viewList[0]!.viewData.layers as SmartObjectLayer[];
    expect(clipped).toMatchObject({ clipToBelow: true, blend: 6, opacity: 0.8 });
    const img = baked.images.find((i) => i.name === (clipped!.F as { url: string }).url)!;
    // The mask is baked into the layer's pixels: only the left 4 columns remain.
    expect(img.raster.width).toBe(4);
    expect(px(img.raster, 0, 0)).toEqual([0, 0, 0, 255]);
  });

  it("gives a design its own and its group's raster masks as one mask image", () => {
    const group: Layer = {
      name: 'G',
      blendMode: 'pass through',
      opacity: 0.5,
      mask: leftMask(6),
      children: [design('Design', { mask: leftMask(3), opacity: 0.8 })],
    };
    const baked = bakePsdTemplate(doc([raster('photo', [100, 100, 100, 255]), group]));
    const [so] = baked.template.viewList[0]!.viewData.layers as SmartObjectLayer[];
    expect(so!.opacity).toBeCloseTo(0.4);
    const mask = baked.images.find((i) => i.name === so!.maskUrl)!;
    expect(px(mask.raster, 2, 5)).toEqual([255, 255, 255, 255]);
    expect(px(mask.raster, 4, 5)).toEqual([0, 0, 0, 255]);
    expect(px(mask.raster, 8, 5)).toEqual([0, 0, 0, 255]);
  });

  it('turns the shape a design is clipped to into its mask', () => {
    const shape = raster('shirt', [255, 255, 255, 255], { left: 2, top: 0, w: 5, h: H });
    const baked = bakePsdTemplate(doc([raster('photo', [100, 100, 100, 255]), shape, design('Design', { clipping: true })]));
    const view = baked.template.viewList[0]!;
    const photo = baked.images.find((i) => i.name === view.viewData.imageUrl)!;
    // The shape is below the design: it is part of the photo.
    expect(px(photo.raster, 3, 5)).toEqual([255, 255, 255, 255]);
    const [so] = view.viewData.layers as SmartObjectLayer[];
    const mask = baked.images.find((i) => i.name === so!.maskUrl)!;
    expect(px(mask.raster, 1, 5)[0]).toBe(0);
    expect(px(mask.raster, 3, 5)[0]).toBe(255);
    expect(px(mask.raster, 8, 5)[0]).toBe(0);
  });

  it("turns adjustments clipped to a design into the design's colour table", () => {
    const invert: Layer = { name: 'Invert', blendMode: 'normal', opacity: 0.5, clipping: true, adjustment: { type: 'invert' } as never };
    const baked = bakePsdTemplate(doc([raster('photo', [100, 100, 100, 255]), design('Design'), invert]));
    const [so] = baked.template.viewList[0]!.viewData.layers as SmartObjectLayer[];
    expect(baked.template.viewList[0]!.viewData.layers).toHaveLength(1);
    const lut = baked.images.find((i) => i.name === so!.colorLutUrl)!.raster;
    expect([lut.width, lut.height]).toEqual([33 * 33, 33]);
    // Half-strength invert: black goes to mid-grey, white too; (255, 0, 0) to (128, 128, 128).
    const entry = (r: number, g: number, b: number) => px(lut, b * 33 + r, g).slice(0, 3);
    expect(entry(0, 0, 0)).toEqual([128, 128, 128]);
    expect(entry(32, 32, 32)).toEqual([128, 128, 128]);
    expect(entry(32, 0, 0)).toEqual([128, 128, 128]);
    expect(entry(16, 8, 0).map((v) => Math.abs(v - 128) <= 1)).toEqual([true, true, true]);
    expect(baked.notes).toEqual([]);
  });

  it("draws a design's colour overlay as a layer clipped to it (the design's mask limits both)", () => {
    const overlay = {
      solidFill: [{ enabled: true, color: { r: 0, g: 255, b: 0 }, blendMode: 'multiply', opacity: 0.5 }],
      dropShadow: [{ enabled: true }],
    };
    const baked = bakePsdTemplate(
      doc([raster('photo', [100, 100, 100, 255]), design('Design', { effects: overlay as never, mask: leftMask(5) })]),
    );
    const [so, fill] = baked.template.viewList[0]!.viewData.layers as SmartObjectLayer[];
    expect(so!.maskUrl).toBeDefined();
    expect(fill).toMatchObject({ clipToBelow: true, blend: 6 });
    expect(fill!.maskUrl).toBeUndefined();
    expect(fill!.opacity).toBeCloseTo(128 / 255);
    const img = baked.images.find((i) => i.name === (fill!.F as { url: string }).url)!;
    expect(px(img.raster, 0, 0)).toEqual([0, 255, 0, 255]);
    // The shadow follows the design's edge, which the template cannot know: named.
    expect(baked.notes.join('\n')).toMatch(/Design: layer effects on a design layer that follow its edge are not drawn \(drop shadow\)/);
  });

  it("keeps a design's Gaussian Blur smart filter as the layer's blur and names the others", () => {
    const filter = {
      enabled: true,
      validAtPosition: true,
      maskEnabled: false,
      maskLinked: false,
      maskExtendWithWhite: true,
      list: [
        {
          name: 'Gaussian Blur',
          type: 'gaussian blur',
          enabled: true,
          opacity: 1,
          blendMode: 'normal',
          filter: { radius: { units: 'Pixels', value: 1.5 } },
        },
        {
          name: 'Gaussian Blur',
          type: 'gaussian blur',
          enabled: true,
          opacity: 1,
          blendMode: 'normal',
          filter: { radius: { units: 'Pixels', value: 2 } },
        },
        { name: 'Add Noise', type: 'add noise', enabled: true, opacity: 1, blendMode: 'normal', filter: {} },
      ],
    };
    const d = design('Design');
    const baked = bakePsdTemplate(
      doc([raster('photo', [100, 100, 100, 255]), { ...d, placedLayer: { ...d.placedLayer!, filter } as never }]),
    );
    const [so] = baked.template.viewList[0]!.viewData.layers as SmartObjectLayer[];
    expect(so!.blur).toBeCloseTo(2.5);
    expect(baked.notes.join('\n')).toMatch(/Design: smart filter "Add Noise" \(add noise\) is not part of the template/);
  });

  it('names what a template cannot draw: an adjustment above the design', () => {
    const curves: Layer = { name: 'Curves 1', blendMode: 'normal', opacity: 1, adjustment: { type: 'invert' } as never };
    const baked = bakePsdTemplate(doc([raster('photo', [100, 100, 100, 255]), design('Design'), curves]));
    expect(baked.notes.join('\n')).toMatch(/Curves 1: adjustment 'invert' above a design left out/);
    expect(baked.template.viewList[0]!.viewData.layers).toHaveLength(1);
  });

  it('makes each artboard a view of its own, cut to its rectangle', () => {
    const board = (name: string, left: number, colour: Rgba): Layer => {
      placedId += 1;
      return {
        name,
        blendMode: 'pass through',
        opacity: 1,
        artboard: { rect: { left, top: 0, right: left + 10, bottom: H } },
        children: [
          raster(`${name} photo`, colour, { left, top: 0, w: 10, h: H }),
          {
            ...raster(`${name} design`, [255, 0, 0, 255], { left: left + 2, top: 2, w: 5, h: 5 }),
            placedLayer: {
              id: `ab-${placedId}`,
              type: 'raster',
              width: 5,
              height: 5,
              transform: [left + 2, 2, left + 7, 2, left + 7, 7, left + 2, 7],
            } as never,
          },
        ],
      };
    };
    const baked = bakePsdTemplate(doc([board('Front', 0, [10, 10, 10, 255]), board('Back', 10, [200, 200, 200, 255])]));
    const views = baked.template.viewList;
    expect(views.map((v) => [v.viewId, v.viewData.width, v.viewData.height])).toEqual([
      ['Front', 10, H],
      ['Back', 10, H],
    ]);
    const back = views[1]!;
    const photo = baked.images.find((i) => i.name === back.viewData.imageUrl)!.raster;
    expect([photo.width, px(photo, 0, 0)]).toEqual([10, [200, 200, 200, 255]]);
    const so = back.viewData.layers[0] as SmartObjectLayer;
    expect(so.F).toEqual({ kind: 'flat', flatId: 'Back/Back design' });
    // Placed at x 12 in the document: x 2 in its artboard.
    if (so.M.kind === 'affine') expect(so.M.matrix[4]).toBeCloseTo(2);
    else if (so.M.kind === 'perspective') expect(so.M.quad[0]).toBeCloseTo(2);
    else throw new Error(`unexpected placement ${so.M.kind}`);
  });

  it('moves a warp under perspective by composing the shift into its projection', () => {
    const projection: [number, number, number, number, number, number, number, number, number] = [
      2, 0.1, 0.001, 0.2, 1.5, 0.002, 30, 40, 1,
    ];
    const layer: SmartObjectLayer = {
      T: 'SmartObject',
      PS: { kind: 'custom', points: [] },
      OS: { w: 10, h: 10 },
      M: { kind: 'bezier', projection },
      PPC: null,
      F: { kind: 'flat', flatId: 'f' },
      blend: 7,
      opacity: 1,
    };
    const moved = translateLayer(layer, -20, 5) as SmartObjectLayer;
    const apply = (p: number[], x: number, y: number) => {
      const w = p[2]! * x + p[5]! * y + p[8]!;
      return [(p[0]! * x + p[3]! * y + p[6]!) / w, (p[1]! * x + p[4]! * y + p[7]!) / w];
    };
    const before = apply(projection, 7, 3);
    const after = apply((moved.M as { projection: number[] }).projection, 7, 3);
    expect(after[0]).toBeCloseTo(before[0]! - 20, 9);
    expect(after[1]).toBeCloseTo(before[1]! + 5, 9);
  });

  it('refuses a document without a design layer', () => {
    expect(() => bakePsdTemplate(doc([raster('photo', [100, 100, 100, 255])]))).toThrow(/no smart-object layers/);
  });
});
