/**
 * resampling: 'bicubic' draws affine layers with Photoshop's Bicubic Automatic (Keys cubic,
 * Sharper when reducing, Smoother when enlarging). The GPU's pixels are checked against the same
 * kernel applied the same way on the CPU (resampling.ts: rows first with an 8-bit intermediate),
 * and against bilinear: sharper, and closer to it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { kernelWidth, photoshopCubicSample, photoshopKernel } from '../../../engine/render/mockup/resampling.ts';
import type { Point } from '../../../engine/model/index.ts';
import { canvas, createRenderer, meanAbsDiff, smartObject, solid, view } from './helpers.ts';

let bilinear: MockupRenderer;
let bicubic: MockupRenderer;

beforeAll(async () => {
  const images = { grey: await solid(256, 256, '#808080') };
  // Both antialias edges by multisampling, so only resampling differs (the PSD path itself uses coverage).
  bilinear = createRenderer(images, { antialias: 'msaa' });
  bicubic = createRenderer(images, { resampling: 'bicubic', antialias: 'msaa' });
});

afterAll(async () => {
  await bilinear.dispose();
  await bicubic.dispose();
});

/** An opaque flat: red/blue checker of `cell` px with a black band, as canvas (for its pixels) and bitmap. */
async function pattern(size: number, cell: number): Promise<{ bitmap: ImageBitmap; pixels: ImageData }> {
  const c = canvas(size, size, (ctx) => {
    for (let y = 0; y < size; y += cell) {
      for (let x = 0; x < size; x += cell) {
        ctx.fillStyle = ((x + y) / cell) % 2 === 0 ? '#FF0000' : '#0000FF';
        ctx.fillRect(x, y, cell, cell);
      }
    }
    ctx.fillStyle = '#000000';
    ctx.fillRect(Math.round(size * 0.6), 0, Math.max(2, Math.round(size / 10)), size);
  });
  const pixels = c.getContext('2d')!.getImageData(0, 0, size, size);
  const bitmap = await createImageBitmap(c, { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' });
  return { bitmap, pixels };
}

/** The flat placed at `scale` with its top-left at (tx, ty), rendered over the grey photo. */
function render(renderer: MockupRenderer, flat: ImageBitmap, scale: number, tx: number, ty: number): Promise<ImageData> {
  const layer = smartObject({ OS: { w: flat.width, h: flat.height }, matrix: [scale, 0, 0, scale, tx, ty] });
  return renderer.renderViewToImageData({ view: view([layer], { imageUrl: 'grey' }), flats: { front: flat } });
}

/**
 * CPU reference of the renderer's cubic for an axis-aligned placement: channel `ch` of output pixel
 * (x, y). The patterns are opaque, so their straight pixels are their premultiplied ones.
 */
function cubicReference(src: ImageData, scale: number, tx: number, ty: number, x: number, y: number, ch: number): number {
  const k = photoshopKernel(scale);
  const width = kernelWidth(k, 1 / scale);
  const v = photoshopCubicSample(src, (x + 0.5 - tx) / scale - 0.5, (y + 0.5 - ty) / scale - 0.5, width, width, k.a);
  return (v[ch] as number) * 255;
}

interface Region {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Largest and mean difference from the CPU reference over `r` (red and blue channels). */
function versusReference(img: ImageData, src: ImageData, scale: number, tx: number, ty: number, r: Region): { max: number; mean: number } {
  let max = 0;
  let sum = 0;
  let n = 0;
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0; x < r.x1; x++) {
      for (const ch of [0, 2]) {
        const d = Math.abs((img.data[(y * img.width + x) * 4 + ch] as number) - cubicReference(src, scale, tx, ty, x, y, ch));
        max = Math.max(max, d);
        sum += d;
        n++;
      }
    }
  }
  return { max, mean: sum / n };
}

/** Sharpness: mean absolute difference between horizontally adjacent pixels (red channel). */
function edgeEnergy(img: ImageData, r: Region): number {
  let sum = 0;
  let n = 0;
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0; x < r.x1 - 1; x++) {
      const i = (y * img.width + x) * 4;
      sum += Math.abs((img.data[i] as number) - (img.data[i + 4] as number));
      n++;
    }
  }
  return sum / n;
}

/**
 * Pixels (interpolated) between the 10 % and 90 % crossings of the red channel rising along row
 * `y` from `x0` to `x1`: the width of a black-to-white edge.
 */
function riseWidth(img: ImageData, y: number, x0: number, x1: number): number {
  const v = (x: number) => img.data[(y * img.width + x) * 4] as number;
  const crossing = (level: number): number => {
    for (let x = x0; x < x1; x++) {
      if (v(x) < level && v(x + 1) >= level) return x + (level - v(x)) / (v(x + 1) - v(x));
    }
    return NaN;
  };
  return crossing(0.9 * 255) - crossing(0.1 * 255);
}

/** The pixels a layer covers fully, `inset` px inside its edges. */
function inside(size: number, scale: number, tx: number, ty: number, inset: number): Region {
  return {
    x0: Math.ceil(tx) + inset,
    y0: Math.ceil(ty) + inset,
    x1: Math.floor(tx + size * scale) - inset,
    y1: Math.floor(ty + size * scale) - inset,
  };
}

describe('bicubic reduction (Bicubic Sharper)', () => {
  // 240 px drawn at 102 px (Photoshop's measured case: 500 px at 214), off the pixel grid. The
  // rasteriser snaps vertices to a 1/16 px grid, so the corners sit on it for an exact comparison.
  const scale = 102 / 240;
  const tx = 20.3125;
  const ty = 30.6875;

  test('matches the CPU kernel within 2 levels, and is sharper than bilinear', async () => {
    const { bitmap, pixels } = await pattern(240, 6);
    const cubic = await render(bicubic, bitmap, scale, tx, ty);
    const linear = await render(bilinear, bitmap, scale, tx, ty);
    // Away from the layer's edges, where MSAA coverage (not the kernel) decides.
    const r = inside(240, scale, tx, ty, 3);
    const c = versusReference(cubic, pixels, scale, tx, ty, r);
    const l = versusReference(linear, pixels, scale, tx, ty, r);
    expect(c.max, `bicubic vs CPU kernel: max ${c.max}, mean ${c.mean}`).toBeLessThanOrEqual(2);
    // Bilinear (trilinear here: mipmapped past 2:1) is far from it…
    expect(l.mean, `bilinear vs CPU kernel: mean ${l.mean}`).toBeGreaterThan(10 * Math.max(c.mean, 0.5));
    // …and softer: neighbouring pixels differ less (measured 71 vs 66; 77 before the intermediate
    // was clamped, which cuts the overshoot of each pass).
    const sharp = edgeEnergy(cubic, r);
    const soft = edgeEnergy(linear, r);
    expect(sharp, `bicubic ${sharp} vs bilinear ${soft}`).toBeGreaterThan(1.05 * soft);
  });

  test('a sharp edge rises from 10 % to 90 % in about one pixel; bilinear takes over two', async () => {
    const half = await createImageBitmap(
      canvas(240, 240, (ctx) => {
        ctx.fillStyle = '#000000';
        ctx.fillRect(0, 0, 240, 240);
        ctx.fillStyle = '#FFFFFF';
        ctx.fillRect(117, 0, 123, 240);
      }),
      { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' },
    );
    const cubic = riseWidth(await render(bicubic, half, scale, tx, ty), 80, 30, 100);
    const linear = riseWidth(await render(bilinear, half, scale, tx, ty), 80, 30, 100);
    expect(cubic, `bicubic ${cubic} px, bilinear ${linear} px`).toBeLessThan(1.3);
    expect(linear).toBeGreaterThan(2);
  });

  test('down to 0.135x it reads the full-size texture: 0.25x matches the CPU kernel too', async () => {
    const { bitmap, pixels } = await pattern(240, 6);
    const img = await render(bicubic, bitmap, 0.25, 20.3125, 30.6875);
    const c = versusReference(img, pixels, 0.25, 20.3125, 30.6875, inside(240, 0.25, 20.3125, 30.6875, 3));
    expect(c.max, `max ${c.max}, mean ${c.mean}`).toBeLessThanOrEqual(2);
  });

  test('past that it reads a mip level: a 1 px checker at 0.1x comes out an even purple (no moiré)', async () => {
    const fine = await pattern(512, 1);
    // Only the checker part (the black band starts at 0.6 of the width).
    const img = await render(bicubic, fine.bitmap, 0.1, 10, 10);
    let worst = 0;
    for (let y = 14; y < 56; y++) {
      for (let x = 14; x < 36; x++) {
        const i = (y * img.width + x) * 4;
        worst = Math.max(
          worst,
          Math.abs((img.data[i] as number) - 128),
          Math.abs((img.data[i + 2] as number) - 128),
          img.data[i + 1] as number,
        );
      }
    }
    expect(worst).toBeLessThanOrEqual(6);
  });
});

describe('bicubic enlargement (Bicubic Smoother)', () => {
  // 32 px pixel art drawn at 54 px, Photoshop's measured case (corners on the 1/16 px grid).
  const scale = 54 / 32;
  const tx = 40.375;
  const ty = 50.25;

  test('matches the CPU kernel within 2 levels, and is about as sharp as bilinear', async () => {
    const { bitmap, pixels } = await pattern(32, 2);
    const cubic = await render(bicubic, bitmap, scale, tx, ty);
    const linear = await render(bilinear, bitmap, scale, tx, ty);
    const r = inside(32, scale, tx, ty, 3);
    const c = versusReference(cubic, pixels, scale, tx, ty, r);
    const l = versusReference(linear, pixels, scale, tx, ty, r);
    expect(c.max, `bicubic vs CPU kernel: max ${c.max}, mean ${c.mean}`).toBeLessThanOrEqual(2);
    expect(l.mean, `bilinear vs CPU kernel: mean ${l.mean}`).toBeGreaterThan(5 * Math.max(c.mean, 0.5));
    // Smoother is Photoshop's enlargement kernel: about as sharp as bilinear (measured 51 vs 52 with
    // the clamped intermediate, 55 without), with the cubic's lobes, not sharper.
    const sharp = edgeEnergy(cubic, r);
    const soft = edgeEnergy(linear, r);
    expect(sharp, `bicubic ${sharp} vs bilinear ${soft}`).toBeGreaterThan(0.95 * soft);
  });

  test('at scale 1 on the pixel grid it copies the flat exactly', async () => {
    const { bitmap, pixels } = await pattern(64, 3);
    const img = await render(bicubic, bitmap, 1, 30, 40);
    let worst = 0;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        for (let ch = 0; ch < 3; ch++) {
          const a = img.data[((y + 40) * img.width + x + 30) * 4 + ch] as number;
          worst = Math.max(worst, Math.abs(a - (pixels.data[(y * 64 + x) * 4 + ch] as number)));
        }
      }
    }
    expect(worst).toBeLessThanOrEqual(1);
  });
});

describe('what bicubic leaves alone', () => {
  test('a warped (bezier) layer is drawn bilinear as before', async () => {
    const { bitmap } = await pattern(100, 5);
    const pts: Point[] = [];
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) pts.push({ x: 30 + 50 * c + (r === 1 ? 8 : 0), y: 20 + 45 * r });
    const layer = smartObject({ M: { kind: 'bezier' }, PS: { kind: 'custom', points: pts } });
    const opts = { view: view([layer], { imageUrl: 'grey' }), flats: { front: bitmap } };
    const a = await bilinear.renderViewToImageData(opts);
    const b = await bicubic.renderViewToImageData(opts);
    expect(meanAbsDiff(a, b)).toBe(0);
  });

  test('translucent edges stay premultiplied: colour never exceeds coverage', async () => {
    // A white disc on transparency, reduced: the cubic's overshoot is clamped to [0, alpha].
    const disc = await createImageBitmap(
      canvas(120, 120, (ctx) => {
        ctx.fillStyle = '#FFFFFF';
        ctx.beginPath();
        ctx.arc(60, 60, 40, 0, Math.PI * 2);
        ctx.fill();
      }),
      { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' },
    );
    const layer = smartObject({ OS: { w: 120, h: 120 }, matrix: [0.45, 0, 0, 0.45, 10.5, 10.5] });
    const [img] = await bicubic.renderLayers({ view: view([layer], { imageUrl: 'grey' }), flats: { front: disc } });
    const d = img!.pixels.data;
    let partial = 0;
    for (let i = 0; i < d.length; i += 4) {
      const a = d[i + 3] as number;
      if (a > 0 && a < 255) {
        partial++;
        // Straight-alpha readback of a white disc: clamped colour stays white, never tinted.
        expect(Math.min(d[i] as number, d[i + 1] as number, d[i + 2] as number), `pixel ${i / 4}`).toBeGreaterThanOrEqual(250);
      }
    }
    expect(partial).toBeGreaterThan(20);
  });
});
