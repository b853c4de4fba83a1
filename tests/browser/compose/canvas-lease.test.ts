/**
 * The kept print canvas: a second print file of the same size reuses the first one's canvas,
 * cleared, so nothing of the first design shows through; two print files drawn at once never
 * share one; and a file printed on the kept canvas has the same pixels as one on a new canvas.
 */
import { describe, expect, it } from 'vitest';
import { leaseCanvas } from '../../../engine/render/compose/canvas-lease.ts';
import { composeFlatToPng } from '../../../engine/render/compose/index.ts';
import { design, diff, eachBackend, image, loaderOf, makeBitmap, pixelsOf } from './helpers.ts';

const PRINT = { width: 2100, height: 2100 };

describe('the kept print canvas', () => {
  it('lends the same canvas again, cleared, once it is given back', () => {
    const first = leaseCanvas(PRINT.width, PRINT.height);
    const ctx = first.canvas.getContext('2d')!;
    ctx.fillStyle = '#ff0000';
    ctx.setTransform(2, 0, 0, 2, 10, 10);
    ctx.globalAlpha = 0.5;
    ctx.fillRect(0, 0, 500, 500);
    first.release();
    const second = leaseCanvas(PRINT.width, PRINT.height);
    expect(second.canvas).toBe(first.canvas);
    const px = second.canvas.getContext('2d')!.getImageData(0, 0, 1200, 1200).data;
    expect(px.every((v) => v === 0)).toBe(true);
    // The drawing state is back to its defaults, so the next plan draws as on a new canvas.
    const c2 = second.canvas.getContext('2d')!;
    expect([c2.globalAlpha, c2.globalCompositeOperation]).toEqual([1, 'source-over']);
    expect(c2.getTransform().isIdentity).toBe(true);
    second.release();
  });

  it('never lends one canvas twice at a time, and does not keep small canvases', () => {
    const a = leaseCanvas(PRINT.width, PRINT.height);
    const b = leaseCanvas(PRINT.width, PRINT.height);
    expect(b.canvas).not.toBe(a.canvas);
    a.release();
    b.release();
    const small = leaseCanvas(300, 200);
    small.release();
    expect(leaseCanvas(300, 200).canvas).not.toBe(small.canvas);
  });
});

eachBackend(() => {
  it('prints the same pixels on the kept canvas as on a new one, with nothing of the previous file', async () => {
    const red = await makeBitmap(100, 100, (ctx) => {
      ctx.fillStyle = '#d62828';
      ctx.fillRect(0, 0, 100, 100);
    });
    const blue = await makeBitmap(60, 40, (ctx) => {
      ctx.fillStyle = '#1d4ed8';
      ctx.fillRect(0, 0, 60, 40);
    });
    const flat = { width: 300, height: 300 };
    const images = loaderOf({ red, blue });
    const big = design(image({ url: 'red', originalWidth: 100, originalHeight: 100, left: 0, top: 0, scaleX: 3, scaleY: 3 }));
    const small = design(image({ url: 'blue', originalWidth: 60, originalHeight: 40, left: 100, top: 120 }));
    const print = (d: typeof big) => composeFlatToPng({ flat, design: d, images, scale: 7 });

    const fresh = pixelsOf(await createImageBitmap(await print(small)));
    await print(big); // fills the whole kept canvas red
    const again = pixelsOf(await createImageBitmap(await print(small)));
    expect([again.width, again.height]).toEqual([2100, 2100]);
    expect(diff(again, fresh).max).toBe(0);
    // Transparent where the small design draws nothing: the red file left no trace.
    expect(again.data[3]).toBe(0);
    expect(again.data[(2099 * 2100 + 2099) * 4 + 3]).toBe(0);
  });
});
