/** PPC clip paths: outside untouched, inside covered; curves, holes and group clips. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PathCommand } from '../../../engine/model/index.ts';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { createRenderer, group, maxDiff, px, rectPath, smartObject, solid, view } from './helpers.ts';

let renderer: MockupRenderer;
let red: ImageBitmap;

beforeAll(async () => {
  renderer = createRenderer({ grey: await solid(256, 256, '#808080') });
  red = await solid(100, 100, '#FF0000');
});

afterAll(async () => {
  await renderer.dispose();
});

/** Circle of radius r at (cx, cy) as four cubics, in the PPC form (three 'C' records each). */
function circle(cx: number, cy: number, r: number): PathCommand[] {
  const k = 0.5522847498 * r;
  const c = (x: number, y: number): PathCommand => ({ Type: 'C', X: x, Y: y });
  return [
    { Type: 'M', X: cx + r, Y: cy },
    c(cx + r, cy + k),
    c(cx + k, cy + r),
    c(cx, cy + r),
    c(cx - k, cy + r),
    c(cx - r, cy + k),
    c(cx - r, cy),
    c(cx - r, cy - k),
    c(cx - k, cy - r),
    c(cx, cy - r),
    c(cx + k, cy - r),
    c(cx + r, cy - k),
    c(cx + r, cy),
    { Type: 'Z', X: 0, Y: 0 },
  ];
}

/** A layer covering [28, 228]² with the red flat. */
const covering = (PPC: PathCommand[] | null) => smartObject({ matrix: [2, 0, 0, 2, 28, 28], PPC });

async function render(layers: ReturnType<typeof smartObject | typeof group>[]): Promise<ImageData> {
  return renderer.renderViewToImageData({ view: view(layers, { imageUrl: 'grey' }), flats: { front: red } });
}

const GREY = [128, 128, 128, 255];
const RED = [255, 0, 0, 255];

test('a curved clip: inside covered, outside exactly the photo, area of the circle', async () => {
  const img = await render([covering(circle(128, 128, 60))]);
  let redArea = 0;
  const wrong: string[] = [];
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      const p = px(img, x, y);
      const d = Math.hypot(x + 0.5 - 128, y + 0.5 - 128);
      if (d < 59 && maxDiff(p, RED) > 1) wrong.push(`inside ${x},${y}: ${p}`);
      if (d > 61 && maxDiff(p, GREY) > 0) wrong.push(`outside ${x},${y}: ${p}`);
      // Coverage from the red channel (grey 128 → red 255), antialiased edge included.
      redArea += (p[0] - 128) / 127;
    }
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  expect(Math.abs(redArea - Math.PI * 60 * 60) / (Math.PI * 60 * 60)).toBeLessThan(0.01);
});

test('the clip edge is antialiased (MSAA coverage)', async () => {
  const img = await render([covering(circle(128, 128, 60))]);
  let partial = 0;
  for (let x = 60; x < 75; x++) {
    const r = px(img, x, 128)[0];
    if (r > 130 && r < 253) partial++;
  }
  // Along a row through the centre the vertical edge is crossed in one partly covered pixel at most.
  expect(partial).toBeLessThanOrEqual(1);
  let edge = 0;
  for (let y = 60; y < 128; y++)
    for (let x = 60; x < 128; x++) {
      const r = px(img, x, y)[0];
      if (r > 132 && r < 251) edge++;
    }
  expect(edge, 'the diagonal part of the circle has partly covered pixels').toBeGreaterThan(20);
});

test('subpaths of opposite direction cut a hole (nonzero rule)', async () => {
  const outer = rectPath(48, 48, 208, 208);
  const inner: PathCommand[] = [
    { Type: 'M', X: 98, Y: 98 },
    { Type: 'L', X: 98, Y: 158 },
    { Type: 'L', X: 158, Y: 158 },
    { Type: 'L', X: 158, Y: 98 },
    { Type: 'Z', X: 0, Y: 0 },
  ];
  const img = await render([covering([...outer, ...inner])]);
  expect(px(img, 60, 60)).toEqual(RED);
  expect(px(img, 128, 128)).toEqual(GREY);
  expect(px(img, 30, 30)).toEqual(GREY);
});

test('a group clip intersects with the layer clip', async () => {
  const img = await render([group([covering(circle(128, 128, 60))], rectPath(0, 0, 128, 256))]);
  expect(px(img, 100, 128)).toEqual(RED);
  expect(px(img, 156, 128)).toEqual(GREY);
  expect(px(img, 20, 128)).toEqual(GREY);
});

test('a layer with no clip covers its whole quad', async () => {
  const img = await render([covering(null)]);
  expect(px(img, 30, 30)).toEqual(RED);
  expect(px(img, 227, 227)).toEqual(RED);
  expect(px(img, 228, 228)).toEqual(GREY);
});
