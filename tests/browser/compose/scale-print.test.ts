/**
 * One composition path at any scale: scale 2 is scale 1 at twice the pixels, a tiled render
 * (what print files past the GPU limit use) equals a single pass, and print files carry DPI.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FlatDesign } from '../../../engine/model/index.ts';
import { composeFlat, composeFlatToPng, printSize, readPngDpi, setComposeBackend } from '../../../engine/render/compose/index.ts';
import { canvas2d, design, diff, eachBackend, image, loaderOf, makeBitmap, pixelsOf, quadrants, text } from './helpers.ts';

async function scene(): Promise<{ design: Pick<FlatDesign, 'designList'>; images: Record<string, ImageBitmap> }> {
  const photo = await makeBitmap(120, 90, (ctx) => {
    const g = ctx.createLinearGradient(0, 0, 120, 90);
    g.addColorStop(0, '#1e90ff');
    g.addColorStop(1, '#ff1493');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 120, 90);
  });
  return {
    images: { q: await quadrants(40, 30), photo },
    design: design(
      image({ url: 'q', originalWidth: 40, originalHeight: 30, left: 60, top: 40, tiling: { type: 2, spacing: 6, seed: 1 } }),
      image({ url: 'photo', originalWidth: 120, originalHeight: 90, left: 90, top: 50, angle: 20, scaleX: 1.1, scaleY: 1.1 }),
      text({
        text: 'Print\nfile',
        fontFamily: 'Comfortaa Bold',
        fontSize: 36,
        left: 20,
        top: 120,
        angle: -8,
        fill: '#222222',
        stroke: '#ffcc00',
        strokeWidth: 2,
        shadow: { color: '#00000080', blur: 4, offsetX: 6, offsetY: 6 },
        textAlign: 'center',
      }),
    ),
  };
}

/** Exact k×k box average (premultiplied): what a pixel of a k-times smaller drawing should hold. */
function boxDown(img: ImageData, k: number): ImageData {
  const out = new ImageData(img.width / k, img.height / k);
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const acc = [0, 0, 0, 0];
      for (let dy = 0; dy < k; dy++) {
        for (let dx = 0; dx < k; dx++) {
          const i = ((k * y + dy) * img.width + k * x + dx) * 4;
          const a = img.data[i + 3]!;
          for (let c = 0; c < 3; c++) acc[c]! += (img.data[i + c]! * a) / 255;
          acc[3]! += a;
        }
      }
      const o = (y * out.width + x) * 4;
      const a = acc[3]! / (k * k);
      for (let c = 0; c < 3; c++) out.data[o + c] = a > 0 ? Math.round(((acc[c]! / (k * k)) * 255) / a) : 0;
      out.data[o + 3] = Math.round(a);
    }
  }
  return out;
}

/** Exact 2x2 box average: what a scale-1 render approximates. */
const halve = (img: ImageData): ImageData => boxDown(img, 2);

eachBackend(() => {
  describe('scale', () => {
    it('scale 2 equals scale 1 at twice the pixels', async () => {
      const { design: d, images } = await scene();
      const flat = { width: 300, height: 250 };
      const bg = { color: '#f4f4f4', visible: true };
      const one = await composeFlat({ flat, design: d, images: loaderOf(images), background: bg, scale: 1 });
      const two = await composeFlat({ flat, design: d, images: loaderOf(images), background: bg, scale: 2 });
      expect([two.width, two.height]).toEqual([600, 500]);

      // Scale 1 upscaled (bilinear) against scale 2: same picture, softer edges.
      const { canvas, ctx } = canvas2d(600, 500);
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(one, 0, 0, 600, 500);
      const up = diff(pixelsOf(canvas), pixelsOf(two));
      expect(up.mean).toBeLessThan(4);
      // Scale 2 averaged down 2x2 against scale 1: equal but for edge rounding.
      const down = diff(halve(pixelsOf(two)), pixelsOf(one));
      expect(down.mean).toBeLessThan(2);
      expect(down.over).toBeLessThan(300 * 250 * 0.01);
    });
  });

  describe('print files', () => {
    it('a tiled render equals a single-pass render of the same size', async () => {
      const { design: d, images } = await scene();
      const base = {
        flat: { width: 300, height: 250 },
        design: d,
        images: loaderOf(images),
        scale: 1.7,
        background: { color: '#ffffff', visible: true },
      };
      // 510x425 in 128 px tiles: 4x4 tiles, the last row and column partial.
      const tiledPng = await composeFlatToPng({ ...base, tileSize: 128, dpi: 150 });
      const singlePng = await composeFlatToPng(base);
      const tiled = pixelsOf(await createImageBitmap(tiledPng));
      const single = pixelsOf(await createImageBitmap(singlePng));
      expect([tiled.width, tiled.height]).toEqual([510, 425]);
      const seams = diff(tiled, single, 2);
      // Tiles use other projection matrices, so a few MSAA samples lying almost exactly on a
      // turned edge can land on the other side: at most one sample of four (64 levels) in under
      // 0.05% of the pixels, and nowhere else.
      expect(seams.mean).toBeLessThan(0.01);
      expect(seams.max).toBeLessThanOrEqual(64);
      expect(seams.over).toBeLessThan(510 * 425 * 0.0005);

      // The bitmap path stitches the same way.
      const tiledBitmap = await composeFlat({ ...base, tileSize: 100 });
      expect(diff(pixelsOf(tiledBitmap), single, 2).over).toBeLessThan(510 * 425 * 0.0005);

      expect(await readPngDpi(tiledPng)).toBe(150);
      expect(await readPngDpi(singlePng)).toBeNull();
    });

    it('printSize: flatWidth x flatHeight are pixels at 125 dpi', () => {
      const flat = { width: 800, height: 960, flatWidth: 3750, flatHeight: 4500 };
      expect(printSize(flat, 150)).toEqual({ width: 4500, height: 5400, scale: 5.625, dpi: 150 });
      expect(printSize(flat, 125)).toMatchObject({ width: 3750, height: 4500 });
    });
  });
});

describe('the WebGL and 2D canvas compositions', () => {
  afterAll(() => setComposeBackend('auto'));

  /**
   * Images only (text rasters are the same canvas in both): tiles with edges between pixels,
   * a turned photo, drawn at `scale` by each backend and, as the reference, at k times the
   * scale box-averaged down (the edges' true coverage and the true average of shrunk images).
   */
  async function compare(scale: number, k: number) {
    const q = await quadrants(40, 30);
    const { images } = await scene();
    const d = design(
      image({ url: 'q', originalWidth: 40, originalHeight: 30, left: 60, top: 40, tiling: { type: 2, spacing: 6, seed: 1 } }),
      image({ url: 'photo', originalWidth: 120, originalHeight: 90, left: 90, top: 50, angle: 20, scaleX: 1.1, scaleY: 1.1 }),
    );
    const options = { flat: { width: 300, height: 250 }, design: d, images: loaderOf({ ...images, q }) };
    const draw = async (backend: 'webgl' | 'canvas2d', at: number) => {
      setComposeBackend(backend);
      return pixelsOf(await composeFlat({ ...options, scale: at }));
    };
    const gpu = await draw('webgl', scale);
    const cpu = await draw('canvas2d', scale);
    const reference = boxDown(await draw('webgl', scale * k), k);
    return { gpu: diff(gpu, reference, 16), cpu: diff(cpu, reference, 16), between: diff(gpu, cpu, 16), pixels: gpu.width * gpu.height };
  }

  it('draw the same flat enlarged, both close to a supersampled drawing', async () => {
    const d = await compare(1.7, 4);
    // Measured: mean 0.53 (WebGL) and 0.37 (2D) from the reference, 0.37 apart; the pixels over
    // 16 levels are edge pixels (1.6 %, 0.4 % and 1.2 % of them).
    expect(d.gpu.mean).toBeLessThan(0.8);
    expect(d.cpu.mean).toBeLessThan(0.55);
    expect(d.between.mean).toBeLessThan(0.55);
    expect(d.gpu.over).toBeLessThan(d.pixels * 0.025);
    expect(d.cpu.over).toBeLessThan(d.pixels * 0.01);
    expect(d.between.over).toBeLessThan(d.pixels * 0.02);
  });

  it('draw the same flat shrunk, both sampling mipmaps', async () => {
    const d = await compare(0.3, 10);
    // Measured: mean 3.9 (WebGL's trilinear mipmaps blur a little more) and 2.3 (2D) from the
    // reference, 3.4 apart; the 2D canvas without mipmaps ('low' smoothing) is at 4.1.
    expect(d.gpu.mean).toBeLessThan(5);
    expect(d.cpu.mean).toBeLessThan(3.2);
    expect(d.between.mean).toBeLessThan(4.5);
    expect(d.gpu.over).toBeLessThan(d.pixels * 0.25);
    expect(d.cpu.over).toBeLessThan(d.pixels * 0.1);
    expect(d.between.over).toBeLessThan(d.pixels * 0.2);
  });
});
