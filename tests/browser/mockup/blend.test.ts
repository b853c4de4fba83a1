/**
 * Blend codes 1-7 (lighter, color, darken, lighten, overlay, multiply, none) with opacity, on
 * known colours. Each result is checked twice: against the W3C compositing formulas written out
 * here (independently of the shader), and against Chromium's Canvas2D drawing the same thing
 * with globalCompositeOperation, which is what the product's mode names are. Codes 8 and up
 * (Photoshop's modes, for PSD templates) are checked against the CPU compositor's formulas.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BLEND_MODES, type BlendCode } from '../../../engine/model/index.ts';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { blendNonSeparable, SEPARABLE_BLENDS } from '../../../engine/psd/composite/index.ts';
import type { BlendMode as PsdBlendMode } from 'ag-psd';
import { bitmap, canvas, createRenderer, maxDiff, px, smartObject, solid, view, type Rgba } from './helpers.ts';

type Rgb = [number, number, number];

const lum = (c: Rgb): number => 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];

function clipColor(c: Rgb): Rgb {
  const l = lum(c);
  const n = Math.min(...c);
  const x = Math.max(...c);
  let out = c;
  if (n < 0) out = out.map((v) => l + ((v - l) * l) / (l - n)) as Rgb;
  if (x > 1) out = out.map((v) => l + ((v - l) * (1 - l)) / (x - l)) as Rgb;
  return out;
}

function setLum(c: Rgb, l: number): Rgb {
  const d = l - lum(c);
  return clipColor(c.map((v) => v + d) as Rgb);
}

/** B(Cb, Cs) per mode, straight colours 0..1. */
function blendFn(mode: BlendCode, cb: Rgb, cs: Rgb): Rgb {
  switch (mode) {
    case 2:
      return setLum(cs, lum(cb));
    case 3:
      return cb.map((b, i) => Math.min(b, cs[i] as number)) as Rgb;
    case 4:
      return cb.map((b, i) => Math.max(b, cs[i] as number)) as Rgb;
    case 5:
      return cb.map((b, i) => {
        const s = cs[i] as number;
        return b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b);
      }) as Rgb;
    case 6:
      return cb.map((b, i) => b * (cs[i] as number)) as Rgb;
    default:
      return cs;
  }
}

/** Source (straight rgb 0..255, alpha 0..1) at `opacity` over an opaque backdrop, 0..255. */
function expected(mode: BlendCode, backdrop: Rgb, source: Rgb, alpha: number, opacity: number): Rgb {
  const cb = backdrop.map((v) => v / 255) as Rgb;
  const cs = source.map((v) => v / 255) as Rgb;
  const as = alpha * opacity;
  if (mode === 1) return cb.map((b, i) => Math.min(1, b + (cs[i] as number) * as) * 255) as Rgb;
  const b = blendFn(mode, cb, cs);
  // co = cs·as·(1 − ab) + cb·ab·(1 − as) + as·ab·B with ab = 1.
  return cb.map((v, i) => (v * (1 - as) + as * (b[i] as number)) * 255) as Rgb;
}

type ProductCode = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const CANVAS_OP: Record<ProductCode, GlobalCompositeOperation> = {
  1: 'lighter',
  2: 'color',
  3: 'darken',
  4: 'lighten',
  5: 'overlay',
  6: 'multiply',
  7: 'source-over',
};

function canvasReference(mode: ProductCode, backdrop: Rgb, source: Rgb, alpha: number, opacity: number): Rgba {
  const c = canvas(4, 4, (ctx) => {
    ctx.fillStyle = `rgb(${backdrop.join(',')})`;
    ctx.fillRect(0, 0, 4, 4);
    ctx.globalAlpha = opacity;
    ctx.globalCompositeOperation = CANVAS_OP[mode];
    ctx.fillStyle = `rgba(${source.join(',')},${alpha})`;
    ctx.fillRect(0, 0, 4, 4);
  });
  const d = c.getContext('2d')?.getImageData(1, 1, 1, 1).data;
  if (!d) throw new Error('no reference pixel');
  return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0];
}

const PAIRS: { backdrop: Rgb; source: Rgb }[] = [
  { backdrop: [200, 100, 50], source: [60, 180, 240] },
  { backdrop: [30, 60, 90], source: [250, 200, 10] },
  { backdrop: [128, 128, 128], source: [255, 0, 0] },
];

const CASES: { alpha: number; opacity: number }[] = [
  { alpha: 1, opacity: 1 },
  { alpha: 1, opacity: 0.6 },
  { alpha: 0.5, opacity: 0.9 },
];

const SIZE = 16;
let renderer: MockupRenderer;
const photos = new Map<string, ImageBitmap>();

async function photoFor(c: Rgb): Promise<string> {
  const key = `photo-${c.join('-')}`;
  if (!photos.has(key)) photos.set(key, await solid(SIZE, SIZE, `rgb(${c.join(',')})`));
  return key;
}

beforeAll(async () => {
  const images: Record<string, TexImageSource> = {};
  for (const { backdrop } of PAIRS) images[await photoFor(backdrop)] = photos.get(`photo-${backdrop.join('-')}`) as ImageBitmap;
  renderer = createRenderer(images);
});

afterAll(async () => {
  await renderer.dispose();
});

async function renderPair(mode: BlendCode, backdrop: Rgb, source: Rgb, alpha: number, opacity: number): Promise<Rgba> {
  const flat = await bitmap(
    canvas(SIZE, SIZE, (ctx) => {
      ctx.fillStyle = `rgba(${source.join(',')},${alpha})`;
      ctx.fillRect(0, 0, SIZE, SIZE);
    }),
  );
  const img = await renderer.renderViewToImageData({
    view: view([smartObject({ OS: { w: SIZE, h: SIZE }, blend: mode, opacity })], {
      width: SIZE,
      height: SIZE,
      imageUrl: await photoFor(backdrop),
    }),
    flats: { front: flat },
  });
  return px(img, SIZE / 2, SIZE / 2);
}

describe('blend codes on known colours', () => {
  for (const code of [1, 2, 3, 4, 5, 6, 7] as const) {
    test(`${code} (${BLEND_MODES[code]}) matches the formula and Canvas2D`, async () => {
      for (const { backdrop, source } of PAIRS) {
        for (const { alpha, opacity } of CASES) {
          const got = await renderPair(code, backdrop, source, alpha, opacity);
          const want = expected(code, backdrop, source, alpha, opacity);
          const ref = canvasReference(code, backdrop, source, alpha, opacity);
          const where = `backdrop ${backdrop} source ${source} alpha ${alpha} opacity ${opacity}: got ${got}`;
          // 8-bit buffers between passes (premultiplied layer, backdrop copy) round twice.
          expect(maxDiff(got.slice(0, 3), want), `${where} want ${want.map(Math.round)}`).toBeLessThanOrEqual(2);
          expect(maxDiff(got, ref), `${where} canvas ${ref}`).toBeLessThanOrEqual(3);
          expect(got[3]).toBe(255);
        }
      }
    });
  }

  test('the default overlay at alpha 0.9 differs from plain drawing', async () => {
    // A dark backdrop (< 0.5) makes overlay multiply: 2·cs·cb, well below the source itself.
    const overlay = await renderPair(5, [30, 60, 90], [200, 50, 50], 1, 0.9);
    const normal = await renderPair(7, [30, 60, 90], [200, 50, 50], 1, 0.9);
    expect(maxDiff(overlay, normal)).toBeGreaterThan(20);
  });

  test('over a transparent backdrop every separable mode shows the source itself', async () => {
    const flat = await solid(SIZE, SIZE, 'rgb(40,120,200)');
    for (const code of [2, 3, 4, 5, 6, 7] as const) {
      const img = await renderer.renderViewToImageData({
        view: view([smartObject({ OS: { w: SIZE, h: SIZE }, blend: code })], { width: SIZE, height: SIZE, imageUrl: '' }),
        flats: { front: flat },
        background: null,
      });
      expect(maxDiff(px(img, 8, 8), [40, 120, 200, 255]), `code ${code}`).toBeLessThanOrEqual(1);
    }
  });
});

/** Photoshop's B(Cb, Cs) from the CPU compositor, straight colours 0..1. */
function photoshopBlend(code: BlendCode, cb: Rgb, cs: Rgb): Rgb {
  const mode = BLEND_MODES[code] as PsdBlendMode;
  const sep = SEPARABLE_BLENDS[mode];
  if (sep) return cb.map((b, i) => sep(b, cs[i] as number)) as Rgb;
  const out = new Float64Array(3);
  blendNonSeparable(
    mode as Parameters<typeof blendNonSeparable>[0],
    cb[0] * 255,
    cb[1] * 255,
    cb[2] * 255,
    cs[0] * 255,
    cs[1] * 255,
    cs[2] * 255,
    out,
  );
  return [out[0]! / 255, out[1]! / 255, out[2]! / 255];
}

describe("Photoshop's blend modes (codes 8 and up)", () => {
  const codes = (Object.keys(BLEND_MODES).map(Number) as BlendCode[]).filter((c) => c >= 8);
  test('every Photoshop mode has a code', () => {
    expect(codes.map((c) => BLEND_MODES[c])).toEqual(
      expect.arrayContaining(['screen', 'soft light', 'linear burn', 'hue', 'lighter color']),
    );
    expect(codes.length).toBe(20);
  });
  for (const code of codes) {
    test(`${code} (${BLEND_MODES[code]}) matches the CPU compositor`, async () => {
      for (const { backdrop, source } of PAIRS) {
        for (const { alpha, opacity } of CASES) {
          const got = await renderPair(code, backdrop, source, alpha, opacity);
          const cb = backdrop.map((v) => v / 255) as Rgb;
          const b = photoshopBlend(code, cb, source.map((v) => v / 255) as Rgb);
          const as = alpha * opacity;
          const want = cb.map((v, i) => (v * (1 - as) + as * (b[i] as number)) * 255) as Rgb;
          const where = `backdrop ${backdrop} source ${source} alpha ${alpha} opacity ${opacity}: got ${got} want ${want.map(Math.round)}`;
          expect(maxDiff(got.slice(0, 3), want), where).toBeLessThanOrEqual(2);
          expect(got[3]).toBe(255);
        }
      }
    });
  }
});
