/**
 * The view's displacement map (Photoshop's Displace, as mockups use it to bend the print with
 * folds): 128 leaves the print in place, other values move it by their share of the scale, red
 * across and green down, and the product photo itself never moves.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import type { Displacement } from '../../../engine/model/index.ts';
import { bitmap, canvas, createRenderer, maxDiff, meanAbsDiff, px, smartObject, solid, view } from './helpers.ts';

const W = 64;
const H = 32;
let renderer: MockupRenderer;
let flat: ImageBitmap;

beforeAll(async () => {
  const map = (r: number, g: number) => solid(W, H, `rgb(${r},${g},0)`);
  renderer = createRenderer({
    photo: await solid(W, H, 'rgb(100,100,100)'),
    none: await map(128, 128),
    right: await map(64, 128),
    up: await map(128, 192),
  });
  // The print: red on the left half, blue on the right, over the middle of the view.
  flat = await bitmap(
    canvas(W, H, (ctx) => {
      ctx.fillStyle = 'rgb(255,0,0)';
      ctx.fillRect(0, 0, W / 2, H);
      ctx.fillStyle = 'rgb(0,0,255)';
      ctx.fillRect(W / 2, 0, W / 2, H);
    }),
  );
});

afterAll(async () => {
  await renderer.dispose();
});

async function render(displacement: Displacement | null, layerOpts: Parameters<typeof smartObject>[0] = {}): Promise<ImageData> {
  const v = view([smartObject({ OS: { w: W, h: H }, ...layerOpts })], { width: W, height: H });
  return renderer.renderViewToImageData({ view: { ...v, viewData: { ...v.viewData, displacement } }, flats: { front: flat } });
}

describe('displacement map', () => {
  test('a map of 128 changes nothing', async () => {
    const plain = await render(null);
    const zero = await render({ url: 'none', scaleX: 20, scaleY: 20 });
    expect(meanAbsDiff(plain, zero)).toBeLessThanOrEqual(0.01);
  });

  test('red 64 moves the print right by half the horizontal scale', async () => {
    // (64 - 128) / 128 x 16 = -8: each pixel reads 8 px to its left, so the red/blue edge at 32 moves to 40.
    const img = await render({ url: 'right', scaleX: 16, scaleY: 16 });
    expect(maxDiff(px(img, 36, 16), [255, 0, 0, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(img, 44, 16), [0, 0, 255, 255])).toBeLessThanOrEqual(1);
    // The print's own left edge moved in too: the first 8 columns show the photo.
    expect(maxDiff(px(img, 4, 16), [100, 100, 100, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(img, 10, 16), [255, 0, 0, 255])).toBeLessThanOrEqual(1);
  });

  test('green 192 moves the print up by half the vertical scale', async () => {
    // A print on the top half only (0..16 rows); (192 - 128) / 128 x 8 = 4 rows up: rows 12..15 show the photo.
    const img = await render({ url: 'up', scaleX: 8, scaleY: 8 }, { OS: { w: W, h: H }, matrix: [1, 0, 0, 0.5, 0, 0] });
    expect(maxDiff(px(img, 10, 10), [255, 0, 0, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(img, 10, 13), [100, 100, 100, 255])).toBeLessThanOrEqual(1);
    const still = await render(null, { OS: { w: W, h: H }, matrix: [1, 0, 0, 0.5, 0, 0] });
    expect(maxDiff(px(still, 10, 13), [255, 0, 0, 255])).toBeLessThanOrEqual(1);
  });
});
