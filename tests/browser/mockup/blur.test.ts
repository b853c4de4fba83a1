/**
 * A layer's Gaussian blur (`blur`, Photoshop's Gaussian Blur smart filter on a design): a hard
 * edge becomes the Gaussian ramp of its radius, the layer fades out at its own edges, and the
 * product photo stays sharp.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { bitmap, canvas, createRenderer, maxDiff, px, smartObject, solid, view } from './helpers.ts';

const W = 64;
const H = 16;
let renderer: MockupRenderer;
let flat: ImageBitmap;

beforeAll(async () => {
  renderer = createRenderer({ photo: await solid(W, H, 'rgb(0,0,0)') });
  // Red on the left half, transparent on the right.
  flat = await bitmap(
    canvas(W, H, (ctx) => {
      ctx.fillStyle = 'rgb(255,0,0)';
      ctx.fillRect(0, 0, W / 2, H);
    }),
  );
});

afterAll(async () => {
  await renderer.dispose();
});

/** The share of a red half-plane ending at x = 32 that a Gaussian of `sigma` spreads onto pixel x. */
function coverage(x: number, sigma: number): number {
  const reach = Math.ceil(3 * sigma);
  let sum = 0;
  let weights = 0;
  for (let i = -reach; i <= reach; i++) {
    const w = Math.exp(-(i * i) / (2 * sigma * sigma));
    weights += w;
    if (x + i < 32) sum += w;
  }
  return sum / weights;
}

describe('layer blur', () => {
  test('turns a hard edge into the Gaussian ramp of its radius', async () => {
    const sigma = 3;
    const v = view([{ ...smartObject({ OS: { w: W, h: H } }), blur: sigma }], { width: W, height: H });
    const img = await renderer.renderViewToImageData({ view: v, flats: { front: flat } });
    for (const x of [24, 28, 30, 31, 32, 33, 36, 40]) {
      const want = Math.round(255 * coverage(x, sigma));
      expect(maxDiff(px(img, x, 8), [want, 0, 0, 255]), `x ${x}`).toBeLessThanOrEqual(2);
    }
    // The layer's own top and bottom edges fade too (transparent beyond them), by about half.
    expect(px(img, 8, 0)[0]).toBeLessThan(200);
  });

  test('without a blur the edge stays hard', async () => {
    const img = await renderer.renderViewToImageData({
      view: view([smartObject({ OS: { w: W, h: H } })], { width: W, height: H }),
      flats: { front: flat },
    });
    expect(maxDiff(px(img, 31, 8), [255, 0, 0, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(img, 32, 8), [0, 0, 0, 255])).toBeLessThanOrEqual(1);
  });
});
