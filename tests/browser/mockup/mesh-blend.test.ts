/**
 * A layer with edge coverage is blended by its warp mesh, only where it lands, straight from the
 * flat without a layer buffer, in every render (it is never kept for the next colour). It must
 * give the picture of a quad blend over the layer's rect, byte for byte, in every blend variant it
 * takes (modes, opacity, shading and highlight maps, photo lighting, raster masks, colour tables,
 * clipping), render after render, or a design would change as a merchant switched colours.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { CoverageSplit } from '../../../engine/render/mockup/coverage-split.ts';
import { contentOfBoxes, type FlatContent } from '../../../engine/render/flat-content.ts';
import { GpuCache } from '../../../engine/render/mockup/gpu-cache.ts';
import { LayerResults } from '../../../engine/render/mockup/layer-results.ts';
import { identityColorLut } from '../../../engine/psd/template-bake.ts';
import type { BlendCode, SmartObjectLayer, TemplateLayer, TemplateView } from '../../../engine/model/index.ts';
import { bitmap, canvas, checker, createRenderer, productPhoto, view } from './helpers.ts';

const SIZE = 256;
/**
 * Renderers that blend by the mesh on the GPU in every render: the CPU blend, which takes a
 * design's later renders over the cut-out's opaque body on an emulated GPU, has tests of its own.
 */
const MESH_BLEND = { antialias: 'coverage', cpuBlend: false } as const;
let images: Record<string, ImageBitmap>;
let flat: ImageBitmap;

/** A 4x4 custom warp of a 100x100 flat over (40..220, 50..210), bulged by `bulge` view px. */
function warped(bulge: number, extra: Partial<SmartObjectLayer> = {}): SmartObjectLayer {
  const points = [];
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) {
      const inner = (r === 1 || r === 2) && (c === 1 || c === 2);
      points.push({ x: 40 + 60 * c + (inner ? bulge * (c - 1.5) : 0), y: 50 + (160 * r) / 3 + (inner ? bulge * 0.5 : 0) });
    }
  return {
    T: 'SmartObject',
    M: { kind: 'bezier' },
    PS: { kind: 'custom', points },
    OS: { w: 100, h: 100 },
    PPC: null,
    F: { kind: 'flat', flatId: 'front' },
    blend: 7,
    opacity: 1,
    ...extra,
  };
}

beforeAll(async () => {
  const lut = identityColorLut();
  for (let i = 0; i < lut.data.length; i += 4)
    for (let c = 0; c < 3; c++) lut.data[i + c] = Math.round((lut.data[i + c]! / 255) ** 1.7 * 255);
  const gradient = (from: string, to: string) =>
    bitmap(
      canvas(SIZE, SIZE, (ctx) => {
        const g = ctx.createLinearGradient(0, 0, SIZE, SIZE);
        g.addColorStop(0, from);
        g.addColorStop(1, to);
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, SIZE, SIZE);
      }),
    );
  images = {
    photo: await productPhoto(SIZE),
    shading: await gradient('rgba(0,0,0,0.5)', 'rgba(255,255,255,0.2)'),
    highlight: await gradient('rgba(0,0,0,0)', 'rgba(90,90,90,0.4)'),
    mask: await gradient('#ffffff', '#202020'),
    lut: await createImageBitmap(new ImageData(new Uint8ClampedArray(lut.data), lut.width, lut.height)),
  };
  // Translucent cells too: the blend formulas differ most where the source is partly covering.
  flat = await bitmap(
    canvas(100, 100, (ctx) => {
      for (let y = 0; y < 10; y++)
        for (let x = 0; x < 10; x++) {
          ctx.fillStyle = `rgba(${x * 25}, ${200 - y * 18}, ${(x * y * 7) % 256}, ${0.35 + ((x + y) % 3) * 0.3})`;
          ctx.fillRect(x * 10, y * 10, 10, 10);
        }
    }),
  );
});

afterAll(() => vi.restoreAllMocks());

/**
 * Renders `v` three times on one renderer (a layer buffer would be kept from the second render and
 * drawn from the third), counting per render the layers blended by their mesh (`coverageSplit`)
 * and the draws offered to be kept (each went through a layer buffer); and once as the quad blend over the
 * layer's rect draws it (the mesh reported as overlapping itself: no mesh blending at all).
 */
async function renders(v: TemplateView, f: ImageBitmap = flat) {
  const options = { view: v, flats: { front: f }, color: '#4477AA' };
  const quad = createRenderer(images, MESH_BLEND);
  const overlapping = vi.spyOn(GpuCache.prototype, 'meshOverlapsItself').mockReturnValue(true);
  const reference = await quad.renderViewToImageData(options).finally(() => overlapping.mockRestore());
  await quad.dispose();
  const splits = vi.spyOn(GpuCache.prototype, 'coverageSplit');
  const offers = vi.spyOn(LayerResults.prototype, 'offer');
  const renderer = createRenderer(images, MESH_BLEND);
  try {
    const out = [];
    for (let i = 0; i < 3; i++) {
      splits.mockClear();
      offers.mockClear();
      const image = await renderer.renderViewToImageData(options);
      out.push({ image, byMesh: splits.mock.results.map((r) => r.value as CoverageSplit), buffered: offers.mock.calls.length });
    }
    return { reference, out };
  } finally {
    splits.mockRestore();
    offers.mockRestore();
    await renderer.dispose();
  }
}

function differing(a: ImageData, b: ImageData): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) n++;
  return n;
}

const cases: [string, TemplateLayer[], Parameters<typeof view>[1]][] = [
  ...([5, 6, 7, 8, 12, 16, 23] as BlendCode[]).map((mode): [string, TemplateLayer[], Parameters<typeof view>[1]] => [
    `blend code ${mode} at 80 %`,
    [warped(30, { blend: mode, opacity: 0.8 })],
    {},
  ]),
  ['shading and highlight maps', [warped(30, { blend: 6 })], { shadingUrl: 'shading', highlightUrl: 'highlight' }],
  ['a raster mask and a colour table', [warped(-20, { blend: 5, maskUrl: 'mask', colorLutUrl: 'lut' })], {}],
  ['a layer clipped to the one below', [warped(10), warped(40, { blend: 6, clipToBelow: true })], {}],
];

describe('blending a layer by its mesh', () => {
  test.each(cases)('%s: the same pixels as the quad blend, render after render', async (_name, layers, init) => {
    const { reference, out } = await renders(view(layers, init));
    const bases = layers.filter((_l, i) => (layers[i + 1] as SmartObjectLayer | undefined)?.clipToBelow).length;
    const blended = layers.length - bases;
    // Every layer but a clipping base is blended by its mesh from the flat in every render; only
    // a clipping base goes through a buffer (kept from the second render, so not offered again).
    expect(out.map((r) => r.byMesh.length)).toEqual([blended, blended, blended]);
    expect(out.map((r) => r.buffered)).toEqual([bases, bases, 0]);
    // Fully covered triangles skipped the mask read, the rim's read it.
    for (const split of out.flatMap((r) => r.byMesh)) expect(split.covered > 0 && split.partial > 0, JSON.stringify(split)).toBe(true);
    for (const [i, r] of out.entries()) expect(differing(r.image, reference), `render ${i + 1}`).toBe(0);
  });

  test('photo lighting', async () => {
    const v = view([warped(25, { blend: 6 })]);
    const lit = { ...v, viewData: { ...v.viewData, photoLighting: { black: 40, white: 200 } } };
    const { reference, out } = await renders(lit);
    expect(out.map((r) => r.byMesh.length)).toEqual([1, 1, 1]);
    for (const r of out) expect(differing(r.image, reference)).toBe(0);
  });

  test('a warp that folds over itself is drawn through its buffer and blended by a quad, the front fold over the back', async () => {
    const { reference, out } = await renders(view([warped(-260, { blend: 7 })]), await checker(100, 100, 10));
    expect(out.map((r) => [r.byMesh.length, r.buffered])).toEqual([
      [0, 1],
      [0, 1],
      [0, 0],
    ]);
    for (const r of out) expect(differing(r.image, reference)).toBe(0);
  });
});

/**
 * A flat of `size` px, transparent but for translucent cells over the box [lo, hi) on both axes,
 * and its content grid (render/flat-content.ts) marking that box.
 */
async function partlyDrawnFlat(size: number, lo: number, hi: number): Promise<{ flat: ImageBitmap; content: FlatContent }> {
  const cells = 8;
  const step = (hi - lo) / cells;
  const flat = await bitmap(
    canvas(size, size, (ctx) => {
      for (let y = 0; y < cells; y++)
        for (let x = 0; x < cells; x++) {
          ctx.fillStyle = `rgba(${x * 30}, ${200 - y * 20}, ${(x * y * 9) % 256}, ${0.35 + ((x + y) % 3) * 0.3})`;
          ctx.fillRect(lo + x * step, lo + y * step, step, step);
        }
    }),
  );
  return { flat, content: contentOfBoxes(size, size, [{ x0: lo, y0: lo, x1: hi, y1: hi }]) };
}

describe('leaving out the triangles over transparent parts of the flat', () => {
  /**
   * `v` rendered twice with the flat's content (the second time from the kept cull), counting the
   * triangles the blend drew against those it would have; and once without the content.
   */
  async function culled(v: TemplateView, f: ImageBitmap, content: FlatContent) {
    const options = { view: v, flats: { front: f }, color: '#4477AA' };
    const plain = createRenderer(images, MESH_BLEND);
    const reference = await plain.renderViewToImageData(options).finally(() => plain.dispose());
    const splits = vi.spyOn(GpuCache.prototype, 'coverageSplit');
    const culls = vi.spyOn(GpuCache.prototype, 'contentSplit');
    const renderer = createRenderer(images, MESH_BLEND);
    const count = (s: CoverageSplit) => s.covered + s.partial;
    try {
      const out = [];
      for (let i = 0; i < 2; i++) {
        splits.mockClear();
        culls.mockClear();
        const image = await renderer.renderViewToImageData({ ...options, flatContent: { front: content } });
        const whole = splits.mock.results.reduce((n, r) => n + count(r.value as CoverageSplit), 0);
        const drawn = culls.mock.results.reduce((n, r) => n + count(r.value as CoverageSplit), 0);
        out.push({ image, whole, drawn });
      }
      return { reference, out };
    } finally {
      splits.mockRestore();
      culls.mockRestore();
      await renderer.dispose();
    }
  }

  test.each(cases)('%s: the same pixels with fewer triangles drawn', async (_name, layers, init) => {
    const { flat: part, content } = await partlyDrawnFlat(100, 34, 66);
    const { reference, out } = await culled(view(layers, init), part, content);
    for (const [i, r] of out.entries()) {
      expect(differing(r.image, reference), `render ${i + 1}`).toBe(0);
      expect(r.drawn, `render ${i + 1}`).toBeGreaterThan(0);
      expect(r.drawn, `render ${i + 1}`).toBeLessThan(0.6 * r.whole);
    }
  });

  test('a flat read through mipmaps (drawn at a fifth of its size): the same pixels', async () => {
    const { flat: part, content } = await partlyDrawnFlat(1000, 430, 570);
    const layer = warped(30, { blend: 6, OS: { w: 1000, h: 1000 } });
    const { reference, out } = await culled(view([layer]), part, content);
    for (const r of out) {
      expect(differing(r.image, reference)).toBe(0);
      expect(r.drawn).toBeLessThan(r.whole);
    }
  });

  test('a flat with nothing drawn: the photo shows unchanged, no triangle drawn', async () => {
    const { flat: part } = await partlyDrawnFlat(100, 40, 40);
    const { reference, out } = await culled(view([warped(30, { blend: 5 })]), part, contentOfBoxes(100, 100, []));
    for (const r of out) {
      expect(differing(r.image, reference)).toBe(0);
      expect(r.drawn).toBe(0);
    }
  });
});
