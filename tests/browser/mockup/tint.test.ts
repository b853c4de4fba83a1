/**
 * Product colour tint: the photo is the white product; the SKU colour multiplies its luminance
 * inside the product (the photo's alpha), shading stays, the background stays white.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { bitmap, canvas, createRenderer, imageDataOf, maxDiff, productPhoto, px, solid, view } from './helpers.ts';

let renderer: MockupRenderer;
let photoPixels: ImageData;

beforeAll(async () => {
  const photo = await productPhoto(256);
  photoPixels = imageDataOf(photo, 256, 256);
  const whiteShirt = await bitmap(
    canvas(256, 256, (ctx) => {
      ctx.fillStyle = '#FFFFFF';
      ctx.fillRect(32, 32, 192, 192);
    }),
  );
  renderer = createRenderer({ photo, white: whiteShirt, opaque: await solid(64, 64, '#FFFFFF') });
});

afterAll(async () => {
  await renderer.dispose();
});

const LUM = (r: number, g: number, b: number): number => 0.3 * r + 0.59 * g + 0.11 * b;

test('the default colour leaves the photo unchanged and the background white', async () => {
  const img = await renderer.renderViewToImageData({ view: view([]), flats: {} });
  for (const [x, y] of [
    [128, 40],
    [128, 128],
    [128, 220],
    [60, 200],
  ] as const) {
    expect(maxDiff(px(img, x, y), px(photoPixels, x, y)), `at ${x},${y}`).toBeLessThanOrEqual(1);
  }
  expect(px(img, 5, 5)).toEqual([255, 255, 255, 255]);
});

test('white stays white', async () => {
  for (const color of [undefined, '#FFFFFF', '#ffffff', 'FFF']) {
    const img = await renderer.renderViewToImageData({ view: view([], { imageUrl: 'white' }), flats: {}, color });
    for (const [x, y] of [
      [5, 5],
      [128, 128],
      [40, 200],
    ] as const) {
      const [r, g, b] = px(img, x, y);
      expect(Math.min(r, g, b), `colour ${color} at ${x},${y}`).toBeGreaterThanOrEqual(250);
    }
  }
});

test('a red tint gives red with the shading kept, and leaves the background white', async () => {
  const img = await renderer.renderViewToImageData({ view: view([]), flats: {}, color: '#FF0000' });
  const top = px(img, 128, 40);
  const bottom = px(img, 128, 220);
  for (const [p, [x, y]] of [
    [top, [128, 40]],
    [bottom, [128, 220]],
  ] as const) {
    const [r, g, b] = px(photoPixels, x, y);
    expect(p[0], 'red carries the luminance').toBeGreaterThan(100);
    expect(Math.abs(p[0] - LUM(r, g, b))).toBeLessThanOrEqual(2);
    expect(p[1]).toBeLessThanOrEqual(1);
    expect(p[2]).toBeLessThanOrEqual(1);
  }
  // The gradient (shading) survives: the light top stays brighter than the dark bottom.
  expect(top[0] - bottom[0]).toBeGreaterThan(80);
  expect(px(img, 5, 5)).toEqual([255, 255, 255, 255]);
});

test('any colour is colour times luminance', async () => {
  const img = await renderer.renderViewToImageData({ view: view([]), flats: {}, color: '#1F3A93' });
  const [r, g, b] = px(photoPixels, 128, 100);
  const l = LUM(r, g, b) / 255;
  expect(maxDiff(px(img, 128, 100), [0x1f * l, 0x3a * l, 0x93 * l, 255])).toBeLessThanOrEqual(2);
});

test('an opaque white photo takes the colour exactly', async () => {
  const img = await renderer.renderViewToImageData({
    view: view([], { imageUrl: 'opaque', width: 64, height: 64 }),
    flats: {},
    color: '#3366CC',
  });
  expect(maxDiff(px(img, 32, 32), [0x33, 0x66, 0xcc, 255])).toBeLessThanOrEqual(1);
});

test('a bad colour is a data error', async () => {
  await expect(renderer.renderViewToImageData({ view: view([]), flats: {}, color: 'red' })).rejects.toThrow('Data error');
});
