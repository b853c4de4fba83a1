/**
 * Light read from a photograph (`photoLighting`): a print in the photo's shadow is darker than in
 * its lit part by the ratio of their levels, a highlight above the white level lifts it, and the
 * photo outside the print is left as it is.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import type { PhotoLighting } from '../../../engine/model/index.ts';
import { bitmap, canvas, createRenderer, maxDiff, px, smartObject, solid, view } from './helpers.ts';

const W = 48;
const H = 16;
let renderer: MockupRenderer;

beforeAll(async () => {
  // Shadow (100), lit cloth (235), a specular (255), left to right.
  const photo = await bitmap(
    canvas(W, H, (ctx) => {
      for (const [x, v] of [
        [0, 100],
        [16, 235],
        [32, 255],
      ] as const) {
        ctx.fillStyle = `rgb(${v},${v},${v})`;
        ctx.fillRect(x, 0, 16, H);
      }
    }),
  );
  renderer = createRenderer({ photo });
});

afterAll(async () => {
  await renderer.dispose();
});

async function render(photoLighting: PhotoLighting | null): Promise<ImageData> {
  // A red print over the top half of the view; the bottom half is the bare photo.
  const v = view([smartObject({ OS: { w: W, h: H }, matrix: [1, 0, 0, 0.5, 0, 0] })], { width: W, height: H });
  return renderer.renderViewToImageData({
    view: { ...v, viewData: { ...v.viewData, photoLighting } },
    flats: { front: await solid(W, H, 'rgb(200,40,40)') },
  });
}

describe('photo lighting', () => {
  test('darkens the print in the shadow by the level ratio and leaves the lit part as it is', async () => {
    const img = await render({ black: 0, white: 235 });
    expect(maxDiff(px(img, 24, 4), [200, 40, 40, 255])).toBeLessThanOrEqual(1);
    // 100 / 235 of the lit colour.
    expect(maxDiff(px(img, 8, 4), [85, 17, 17, 255])).toBeLessThanOrEqual(2);
    // Above white: lifted all the way to white at 255.
    expect(maxDiff(px(img, 40, 4), [255, 255, 255, 255])).toBeLessThanOrEqual(2);
    // The photo where there is no print is untouched.
    expect(maxDiff(px(img, 8, 12), [100, 100, 100, 255])).toBeLessThanOrEqual(1);
  });

  test('without photo lighting the print is flat', async () => {
    const img = await render(null);
    expect(maxDiff(px(img, 8, 4), px(img, 24, 4))).toBeLessThanOrEqual(1);
  });
});
