/**
 * How the bicubic path applies Photoshop's kernel to artwork with transparency: rows first with an
 * 8-bit intermediate, the sample centre held inside the image with transparent texels past its
 * edge, and colour mixed straight over the nearest covered colour. The GPU's layer pixels are
 * checked against the CPU's photoshopCubicSample (resampling.ts) over the whole layer, edges
 * included, and the two effects measured on Photoshop's own pixels are checked on their own.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { kernelWidth, photoshopCubicSample, photoshopKernel } from '../../../engine/render/mockup/resampling.ts';
import { canvas, createRenderer, smartObject, solid, view } from './helpers.ts';

let bicubic: MockupRenderer;

beforeAll(async () => {
  bicubic = createRenderer({ grey: await solid(256, 256, '#808080') }, { resampling: 'bicubic' });
});

afterAll(async () => {
  await bicubic.dispose();
});

/** Opaque shapes of two colours on transparency (whole pixels only), as premultiplied pixels and bitmap. */
async function artwork(
  size: number,
  paint: (ctx: OffscreenCanvasRenderingContext2D) => void,
): Promise<{ bitmap: ImageBitmap; pixels: ImageData }> {
  const c = canvas(size, size, paint);
  const pixels = c.getContext('2d')!.getImageData(0, 0, size, size);
  // Alpha is 0 or 255, so the straight pixels are premultiplied once the transparent ones are zeroed.
  for (let i = 0; i < pixels.data.length; i += 4) if (pixels.data[i + 3] === 0) pixels.data.fill(0, i, i + 3);
  const bitmap = await createImageBitmap(c, { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' });
  return { bitmap, pixels };
}

/** The layer's own pixels (straight alpha, view size), placed at `scale` with its top-left at (tx, ty). */
async function layerPixels(flat: ImageBitmap, scale: number, tx: number, ty: number): Promise<ImageData> {
  const layer = smartObject({ OS: { w: flat.width, h: flat.height }, matrix: [scale, 0, 0, scale, tx, ty] });
  const [img] = await bicubic.renderLayers({ view: view([layer], { imageUrl: 'grey' }), flats: { front: flat } });
  return img!.pixels;
}

/** Premultiplied channel `ch` (0..255) of pixel (x, y) of a straight-alpha image. */
function premultiplied(img: ImageData, x: number, y: number, ch: number): number {
  const i = (y * img.width + x) * 4;
  const a = img.data[i + 3] as number;
  return ch === 3 ? a : ((img.data[i + ch] as number) * a) / 255;
}

/** Largest difference from the CPU over the output pixels x0..x1-1, y0..y1-1 (all channels, premultiplied). */
function worstVersusCpu(
  img: ImageData,
  src: ImageData,
  scale: number,
  tx: number,
  ty: number,
  box: readonly [number, number, number, number],
): number {
  const k = photoshopKernel(scale);
  const width = kernelWidth(k, 1 / scale);
  let worst = 0;
  for (let y = box[1]; y < box[3]; y++) {
    for (let x = box[0]; x < box[2]; x++) {
      const v = photoshopCubicSample(src, (x + 0.5 - tx) / scale - 0.5, (y + 0.5 - ty) / scale - 0.5, width, width, k.a);
      for (let ch = 0; ch < 4; ch++) worst = Math.max(worst, Math.abs(premultiplied(img, x, y, ch) - (v[ch] as number) * 255));
    }
  }
  return worst;
}

const paintShapes = (s: number) => (ctx: OffscreenCanvasRenderingContext2D) => {
  ctx.fillStyle = '#E03010';
  ctx.fillRect(0, 0, s, Math.round(s / 4));
  ctx.fillRect(Math.round(s / 4), Math.round(s / 4), Math.round(s / 2), Math.round(s / 2));
  ctx.fillStyle = '#1040F0';
  ctx.fillRect(Math.round(s / 2), Math.round(s / 2), Math.round(s / 3), Math.round(s / 3));
};

describe('bicubic over transparency', () => {
  test('enlarged 1.69x (Smoother, pixel corners on whole pixels) it matches the CPU over the whole layer', async () => {
    const { bitmap, pixels } = await artwork(32, paintShapes(32));
    const img = await layerPixels(bitmap, 54 / 32, 29, 28);
    expect(worstVersusCpu(img, pixels, 54 / 32, 29, 28, [29, 28, 83, 82])).toBeLessThanOrEqual(2);
  });

  test('reduced 0.42x (Sharper) it matches the CPU over the whole layer', async () => {
    const { bitmap, pixels } = await artwork(240, paintShapes(240));
    const img = await layerPixels(bitmap, 0.425, 10, 12);
    expect(worstVersusCpu(img, pixels, 0.425, 10, 12, [10, 12, 112, 114])).toBeLessThanOrEqual(2);
  });

  test("an opaque edge's outer pixels keep the in-image share of the kernel: 238 at 1.69x, as Photoshop", async () => {
    const { bitmap } = await artwork(32, (ctx) => {
      ctx.fillStyle = '#FFFFFF';
      ctx.fillRect(0, 0, 32, 32);
    });
    const img = await layerPixels(bitmap, 54 / 32, 29, 28);
    const alpha = (x: number, y: number) => img.data[(y * img.width + x) * 4 + 3] as number;
    expect(alpha(50, 28)).toBe(238);
    expect(alpha(29, 50)).toBe(238);
    expect(alpha(50, 50)).toBe(255);
  });

  test('an opaque square reduced 0.42x leaves no faint pixels off its corners', async () => {
    // Without the clamped intermediate the two passes' negative lobes multiply into alpha 1-4 there.
    const { bitmap } = await artwork(240, (ctx) => {
      ctx.fillStyle = '#FFFFFF';
      ctx.fillRect(60, 60, 120, 120);
    });
    const img = await layerPixels(bitmap, 0.425, 10, 12);
    // The square covers output x 35.5..86.5, y 37.5..88.5: count the pixels whose centres lie past
    // it on both axes.
    let faint = 0;
    for (let y = 12; y < 114; y++) {
      for (let x = 10; x < 112; x++) {
        const outX = x < 35 || x > 86;
        const outY = y < 37 || y > 88;
        if (outX && outY && (img.data[(y * img.width + x) * 4 + 3] as number) > 0) faint++;
      }
    }
    expect(faint).toBe(0);
  });
});
