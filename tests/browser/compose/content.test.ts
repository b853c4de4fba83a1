/**
 * A composed flat records where it may hold drawn pixels (render/flat-content.ts): the mockup leaves
 * out the warp's triangles over the rest, so a drawn pixel outside the marked cells would vanish
 * from the mockup. Every pixel with any alpha must lie in a marked cell, through both backends and
 * through a sketch's partial repaints, while a small design leaves most of the flat unmarked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ImageElement, TextElement } from '../../../engine/model/index.ts';
import { composeFlat, composeFlatSketched, flatContentOf, FlatSketch, setComposeBackend } from '../../../engine/render/compose/index.ts';
import type { FlatContent } from '../../../engine/render/flat-content.ts';
import { COMPOSE_BACKENDS, design, image, loaderOf, pixelsOf, quadrants, text } from './helpers.ts';

const FLAT = { width: 400, height: 480 };
let images: ReturnType<typeof loaderOf>;

beforeAll(async () => {
  images = loaderOf({ q: await quadrants(64, 64) });
});

afterAll(() => setComposeBackend('auto'));

/** Drawn pixels (alpha > 0) outside every marked cell, and the share of cells marked. */
function check(pixels: ImageData, content: FlatContent): { stray: number; marked: number } {
  let stray = 0;
  for (let y = 0; y < pixels.height; y++)
    for (let x = 0; x < pixels.width; x++) {
      if (pixels.data[4 * (y * pixels.width + x) + 3] === 0) continue;
      const c = Math.min(content.columns - 1, Math.floor(((x + 0.5) * content.width) / pixels.width / content.cell));
      const r = Math.min(content.rows - 1, Math.floor(((y + 0.5) * content.height) / pixels.height / content.cell));
      if (content.cells[r * content.columns + c] === 0) stray++;
    }
  return { stray, marked: content.cells.reduce((n, v) => n + v, 0) / content.cells.length };
}

const pic = (left: number, top: number, extra: Partial<ImageElement> = {}): ImageElement =>
  image({ url: 'q', originalWidth: 64, originalHeight: 64, width: 64, height: 64, left, top, ...extra });
const words = (t: string, left: number, top: number, extra: Partial<TextElement> = {}): TextElement =>
  text({ text: t, left, top, fontSize: 36, fill: '#204080', ...extra });

const designs: [string, (ImageElement | TextElement)[]][] = [
  ['an image turned 30°', [pic(120, 140, { angle: 30, scaleX: 1.3, scaleY: 1.3 })]],
  ['an image enlarged and flipped', [pic(260, 320, { scaleX: -2.2, scaleY: 1.7 })]],
  [
    'stroked text with a blurred, offset shadow',
    [words('Tour', 90, 200, { stroke: '#FF0000', strokeWidth: 4, shadow: { color: '#000000', blur: 6, offsetX: 8, offsetY: 10 } })],
  ],
  ['an image reaching past the flat', [pic(-20, 430, { scaleX: 2, scaleY: 2 })]],
];

describe.each(COMPOSE_BACKENDS)('flat content, %s backend', (backend) => {
  test.each(designs)('%s: every drawn pixel lies in a marked cell, most of the flat unmarked', async (_name, list) => {
    setComposeBackend(backend);
    for (const scale of [1, 0.37]) {
      const bitmap = await composeFlat({ flat: FLAT, design: design(...list), images, scale });
      const content = flatContentOf(bitmap);
      expect(content).not.toBeNull();
      const { stray, marked } = check(pixelsOf(bitmap), content!);
      expect(stray, `scale ${scale}`).toBe(0);
      expect(marked, `scale ${scale}`).toBeLessThan(0.5);
      expect(marked, `scale ${scale}`).toBeGreaterThan(0);
    }
  });

  test('a background colour covers the whole flat: no content is recorded', async () => {
    setComposeBackend(backend);
    const bitmap = await composeFlat({
      flat: FLAT,
      design: design(pic(100, 100)),
      images,
      background: { color: '#FFEEDD', visible: true },
    });
    expect(flatContentOf(bitmap)).toBeNull();
  });
});

test('through a sketch, each partial repaint records what the whole flat shows', async () => {
  setComposeBackend('canvas2d');
  const a = pic(60, 80, { angle: 10 });
  const b = words('Summer', 220, 300, { shadow: { color: '#000000', blur: 4, offsetX: 6, offsetY: 6 } });
  const steps = [[a], [a, b], [{ ...a, left: 300, top: 90 }, b], [{ ...a, left: 300, top: 90 }], []];
  const sketch = new FlatSketch();
  for (const [i, list] of steps.entries()) {
    const bitmap = await composeFlatSketched({ flat: FLAT, design: design(...list), images, scale: 1 }, sketch);
    const content = flatContentOf(bitmap);
    expect(content, `step ${i}`).not.toBeNull();
    expect(check(pixelsOf(bitmap), content!).stray, `step ${i}`).toBe(0);
    // What the element left behind is no longer marked: the moved image's old place is empty.
    if (i === 3) expect(content!.cells[Math.floor(80 / content!.cell) * content!.columns + Math.floor(60 / content!.cell)]).toBe(0);
    if (i === 4) expect(content!.cells.every((v) => v === 0)).toBe(true);
  }
});
