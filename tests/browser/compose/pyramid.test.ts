/** A flat reduced by the half-up 2x2 box pyramid a reduced Photoshop warp is drawn from. */
import { describe, expect, it } from 'vitest';
import { pyramidBitmap } from '../../../engine/render/compose/pyramid.ts';

async function pixels(bitmap: ImageBitmap): Promise<Uint8ClampedArray> {
  const c = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
}

describe('pyramidBitmap', () => {
  it('halves twice, odd sides keeping their last texel, means rounded half up', async () => {
    // 7 x 6 opaque: columns alternate 100 and 101, so every 2x2 block sums to 402 (100.5 -> 101).
    const src = new ImageData(7, 6);
    for (let i = 0; i < 7 * 6; i++) {
      const v = i % 2 === 0 ? 100 : 101;
      src.data.set([v, v, v, 255], i * 4);
    }
    const out = await pyramidBitmap(await createImageBitmap(src), 2);
    expect([out.width, out.height]).toEqual([2, 2]);
    const px = await pixels(out);
    expect([...px.slice(0, 4)]).toEqual([101, 101, 101, 255]);
  });

  it('reduces a mirrored layer from the right, its odd column kept on the left', async () => {
    // 3 x 2 opaque columns 10, 20, 40: plain pairs (10, 20) and (40); mirrored (40, 20) and (10).
    const src = new ImageData(3, 2);
    for (let i = 0; i < 6; i++) {
      const v = [10, 20, 40][i % 3]!;
      src.data.set([v, v, v, 255], i * 4);
    }
    const plain = await pixels(await pyramidBitmap(await createImageBitmap(src), 1));
    const mirrored = await pixels(await pyramidBitmap(await createImageBitmap(src), 1, true));
    expect([plain[0], plain[4]]).toEqual([15, 40]);
    expect([mirrored[0], mirrored[4]]).toEqual([10, 30]);
  });

  it('returns the flat itself at level 0', async () => {
    const bmp = await createImageBitmap(new ImageData(3, 3));
    expect(await pyramidBitmap(bmp, 0)).toBe(bmp);
  });
});
