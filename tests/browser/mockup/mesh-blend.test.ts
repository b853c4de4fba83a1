/**
 * A layer drawn once (each edit of a design) is blended onto the photo straight from its warp
 * mesh, without a layer buffer; a layer drawn again goes through its buffer so that it can be
 * kept. Both must give the same picture, byte for byte, in every blend variant the shortcut takes
 * (modes, opacity, shading and highlight maps, photo lighting, raster masks, colour tables,
 * clipping), or a design would change as a merchant switched colours.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import type { LayerDraw } from '../../../engine/render/mockup/passes.ts';
import { GpuCache } from '../../../engine/render/mockup/gpu-cache.ts';
import { identityColorLut } from '../../../engine/psd/template-bake.ts';
import type { BlendCode, SmartObjectLayer, TemplateLayer, TemplateView } from '../../../engine/model/index.ts';
import { bitmap, canvas, checker, createRenderer, productPhoto, view } from './helpers.ts';

const SIZE = 256;
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

/** Renders `v` three times on one renderer: from the mesh, through the buffer (kept), from the kept buffer. */
async function threeRenders(v: TemplateView, f: ImageBitmap = flat) {
  const shortcut = vi.spyOn(MockupRenderer.prototype as unknown as { blendsFromMesh(d: LayerDraw, k?: string): boolean }, 'blendsFromMesh');
  shortcut.mockClear();
  const splits = vi.spyOn(GpuCache.prototype, 'coverageSplit');
  splits.mockClear();
  const renderer = createRenderer(images, { antialias: 'coverage' });
  try {
    const options = { view: v, flats: { front: f }, color: '#4477AA' };
    const renders = [];
    for (let i = 0; i < 3; i++) renders.push(await renderer.renderViewToImageData(options));
    return {
      renders,
      fromMesh: shortcut.mock.results.map((r) => r.value as boolean),
      splits: splits.mock.results.map((r) => r.value as { covered: number; partial: number }),
    };
  } finally {
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

describe('blending a layer straight from its mesh', () => {
  test.each(cases)('%s: the same pixels as through its layer buffer and from the kept buffer', async (_name, layers, init) => {
    const { renders, fromMesh, splits } = await threeRenders(view(layers, init));
    // Fully covered triangles skipped the mask read, the rim's read it.
    for (const split of splits) expect(split.covered > 0 && split.partial > 0, JSON.stringify(split)).toBe(true);
    // The first render took the shortcut for every layer that is not a clipping base; the second
    // went through the buffer to keep it; the third drew nothing (kept).
    const bases = layers.filter((l, i) => (layers[i + 1] as SmartObjectLayer | undefined)?.clipToBelow).length;
    expect(fromMesh.slice(0, layers.length - bases)).toEqual(Array(layers.length - bases).fill(true));
    expect(fromMesh.slice(layers.length - bases)).toEqual(Array(layers.length - bases).fill(false));
    const [first, second, third] = renders as [ImageData, ImageData, ImageData];
    expect(differing(first, second)).toBe(0);
    expect(differing(second, third)).toBe(0);
  });

  test('photo lighting', async () => {
    const v = view([warped(25, { blend: 6 })]);
    const lit = { ...v, viewData: { ...v.viewData, photoLighting: { black: 40, white: 200 } } };
    const { renders, fromMesh } = await threeRenders(lit);
    expect(fromMesh).toEqual([true, false]);
    expect(differing(renders[0]!, renders[1]!)).toBe(0);
  });

  test('a warp that folds over itself is drawn through its buffer, the front fold over the back', async () => {
    const { renders, fromMesh } = await threeRenders(view([warped(-260, { blend: 7 })]), await checker(100, 100, 10));
    expect(fromMesh).toEqual([false, false]);
    expect(differing(renders[0]!, renders[1]!)).toBe(0);
  });
});
