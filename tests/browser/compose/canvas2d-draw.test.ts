/**
 * How the 2D canvas composition draws its operations: axis-aligned images by the plain scale
 * sampler inside and the antialiased path only on their edge pixels, and text painted in place
 * rather than through a raster canvas. Both must give the pixels of the slower way.
 */
import { describe, expect, it } from 'vitest';
import type { Mat2d } from '../../../engine/geometry/index.ts';
import { drawPlan2d } from '../../../engine/render/compose/canvas2d.ts';
import { planFlat, type FlatPlan } from '../../../engine/render/compose/plan.ts';
import { loadFont } from '../../../engine/text/index.ts';
import { canvas2d, makeBitmap, text } from './helpers.ts';

const OUT = { width: 400, height: 300 };

/** A smooth picture: a diagonal gradient with a soft disc, opaque. */
function gradient(): Promise<ImageBitmap> {
  return makeBitmap(120, 90, (ctx) => {
    const g = ctx.createLinearGradient(0, 0, 120, 90);
    g.addColorStop(0, '#1d4ed8');
    g.addColorStop(1, '#f59e0b');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 120, 90);
    const r = ctx.createRadialGradient(60, 45, 5, 60, 45, 40);
    r.addColorStop(0, 'rgba(255,255,255,0.9)');
    r.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = r;
    ctx.fillRect(0, 0, 120, 90);
  });
}

function bitmapPlan(bitmap: ImageBitmap, m: Mat2d): FlatPlan {
  return { background: null, ops: [{ kind: 'bitmap', bitmap, matrices: [m], minScale: Math.abs(m[0]) }] };
}

function drawn(draw: (ctx: OffscreenCanvasRenderingContext2D) => void): Uint8ClampedArray {
  const { ctx } = canvas2d(OUT.width, OUT.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  draw(ctx);
  return ctx.getImageData(0, 0, OUT.width, OUT.height).data;
}

describe('the 2D canvas composition', () => {
  // Enlarged about 2.35x and flipped, with every edge between pixels. (Skia's antialiasing
  // measures vertical coverage in quarters of a row: 0.4 of a row shows as 0.5.)
  const m: Mat2d = [-2.37, 0, 0, 2.33, 330.7, 40.6];
  const [x0, x1] = [m[4] + m[0] * 120, m[4]];
  const [y0, y1] = [m[5], m[5] + m[3] * 90];

  it('draws an axis-aligned image by the plain sampler inside and antialiases only its edge pixels', async () => {
    const bitmap = await gradient();
    const got = drawPlan2d(bitmapPlan(bitmap, m), OUT, OUT).getContext('2d')!.getImageData(0, 0, OUT.width, OUT.height).data;
    const plain = drawn((ctx) => {
      ctx.setTransform(...m);
      ctx.drawImage(bitmap, 0, 0);
    });
    const skewed = drawn((ctx) => {
      ctx.setTransform(m[0], 1e-7, m[2], m[3], m[4], m[5]);
      ctx.drawImage(bitmap, 0, 0);
    });
    let interior = 0;
    let ring = 0;
    let partial = 0;
    const wrong = { inside: 0, edge: 0, outside: 0 };
    for (let y = 0; y < OUT.height; y++) {
      for (let x = 0; x < OUT.width; x++) {
        const i = (y * OUT.width + x) * 4;
        const inside = x >= Math.ceil(x0) && x < Math.floor(x1) && y >= Math.ceil(y0) && y < Math.floor(y1);
        const touched = x + 1 > x0 && x < x1 && y + 1 > y0 && y < y1;
        for (let c = 0; c < 4; c++) {
          if (inside) wrong.inside += got[i + c] === plain[i + c] ? 0 : 1;
          else if (touched) wrong.edge += Math.abs(got[i + c]! - skewed[i + c]!) <= 1 ? 0 : 1;
          else wrong.outside += got[i + c] === 0 ? 0 : 1;
        }
        if (inside) interior++;
        else if (touched) {
          ring++;
          // Partial coverage: the edge pixels are neither empty nor opaque.
          if (got[i + 3]! > 10 && got[i + 3]! < 245) partial++;
        }
      }
    }
    expect(wrong).toEqual({ inside: 0, edge: 0, outside: 0 });
    expect(interior).toBeGreaterThan(40000);
    expect(ring).toBeGreaterThan(900);
    expect(partial).toBeGreaterThan(ring * 0.9);
  });

  it('keeps a smooth image as compact in the PNG as the plain drawing', async () => {
    // The skewed sampler leaves ±1 rounding noise over the whole image; a print file drawn
    // that way measured half again as large and as slow to encode.
    const bitmap = await gradient();
    const big: Mat2d = [8.37, 0, 0, 8.37, 10.5, 8.5];
    const size = { width: 1024, height: 768 };
    const composed = await drawPlan2d(bitmapPlan(bitmap, big), size, size).convertToBlob({ type: 'image/png' });
    const { canvas, ctx } = canvas2d(size.width, size.height);
    ctx.imageSmoothingQuality = 'low';
    ctx.setTransform(...big);
    ctx.drawImage(bitmap, 0, 0);
    const plain = await canvas.convertToBlob({ type: 'image/png' });
    expect(composed.size).toBeLessThan(plain.size * 1.05);
  });

  it('paints text in place: the pixels of its raster copied onto the output', async () => {
    const font = await loadFont('Montserrat Bold');
    const el = text({
      text: 'Paint\nin place',
      fontFamily: 'Montserrat Bold',
      fontSize: 48,
      left: 40.3,
      top: 30.7,
      angle: 12,
      fill: '#dc2626',
      stroke: '#111827',
      strokeWidth: 3,
      shadow: { color: 'rgba(0,0,0,0.6)', blur: 6, offsetX: 8, offsetY: 5 },
    });
    const plan = planFlat({
      flat: OUT,
      designList: [el],
      background: null,
      images: new Map(),
      fonts: new Map([[el.fontFamily, font]]),
      outputScale: [1, 1],
      maxTextureSize: 4096,
    });
    const op = plan.ops[0]!;
    if (op.kind !== 'text') throw new Error('expected a text op');
    const got = drawPlan2d(plan, OUT, OUT).getContext('2d')!.getImageData(0, 0, OUT.width, OUT.height).data;
    const copied = drawn((ctx) => ctx.drawImage(op.raster.canvas, op.raster.x, op.raster.y));
    let max = 0;
    let inked = 0;
    for (let i = 0; i < got.length; i++) max = Math.max(max, Math.abs(got[i]! - copied[i]!));
    for (let i = 3; i < got.length; i += 4) if (got[i]! > 0) inked++;
    expect(inked).toBeGreaterThan(5000);
    expect(max).toBeLessThanOrEqual(1);
  });
});
