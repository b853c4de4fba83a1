/**
 * A flat composed through a sketch after each edit (only what changed drawn again) must equal the
 * flat composed whole from the same design: through moves, text changes, additions, removals, a
 * reorder, a background and a scale change. A copy taken from the sketch keeps its picture when
 * the next design changes the sketch.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ImageElement, TextElement } from '../../../engine/model/index.ts';
import {
  composeFlat,
  composeFlatSketched,
  FlatSketch,
  setComposeBackend,
  type ComposeBackground,
} from '../../../engine/render/compose/index.ts';
import { design, image, loaderOf, pixelsOf, quadrants, text } from './helpers.ts';

const FLAT = { width: 400, height: 480 };
let images: ReturnType<typeof loaderOf>;

beforeAll(async () => {
  setComposeBackend('canvas2d');
  images = loaderOf({ q: await quadrants(64, 64) });
});

afterAll(() => setComposeBackend('auto'));

function differingBytes(a: ImageData, b: ImageData): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) n++;
  return n;
}

test('each edit through the sketch equals the whole composition', async () => {
  const pic = (left: number, top: number, angle = 0): ImageElement =>
    image({ url: 'q', originalWidth: 64, originalHeight: 64, width: 64, height: 64, left, top, angle, scaleX: 1.5, scaleY: 1.5 });
  const words = (t: string, left: number, top: number): TextElement => text({ text: t, left, top, fontSize: 40, fill: '#204080' });
  const a = pic(60, 80, 10);
  const b = pic(200, 260);
  const c = words('Summer', 40, 300);
  const d = words('Tour 2026', 150, 60);
  const red: ComposeBackground = { color: '#F2E8DA', visible: true };
  const steps: { list: (ImageElement | TextElement)[]; bg?: ComposeBackground; scale?: number }[] = [
    { list: [a, b, c, d] },
    { list: [{ ...a, left: 67 }, b, c, d] },
    { list: [{ ...a, left: 67 }, b, { ...c, text: 'Winter' }, d] },
    { list: [{ ...a, left: 67 }, b, { ...c, text: 'Winter' }, d, pic(300, 380, -20)] },
    { list: [{ ...a, left: 67 }, { ...c, text: 'Winter' }, d, pic(300, 380, -20)] },
    { list: [{ ...c, text: 'Winter' }, { ...a, left: 67 }, d, pic(300, 380, -20)] },
    { list: [{ ...c, text: 'Winter' }, { ...a, left: 67 }, d, pic(300, 380, -20)], bg: red },
    { list: [{ ...c, text: 'Winter' }, { ...a, left: 90 }, d, pic(300, 380, -20)], bg: red },
    { list: [{ ...c, text: 'Winter' }, { ...a, left: 90 }, d], bg: red, scale: 0.5 },
    { list: [{ ...c, text: 'Winter' }, { ...a, left: 95 }, d], bg: red, scale: 0.5 },
    { list: [] },
  ];
  const sketch = new FlatSketch();
  for (const [i, step] of steps.entries()) {
    const options = { flat: FLAT, design: design(...step.list), background: step.bg ?? null, images, scale: step.scale ?? 1 };
    const got = pixelsOf(await composeFlatSketched(options, sketch));
    const want = pixelsOf(await composeFlat(options));
    expect(differingBytes(got, want), `step ${i}`).toBe(0);
  }
});

test('a moved element repaints only around where it was and is now', async () => {
  const sketch = new FlatSketch();
  const el = image({ url: 'q', originalWidth: 64, originalHeight: 64, width: 64, height: 64, left: 100, top: 100 });
  const other = image({ url: 'q', originalWidth: 64, originalHeight: 64, width: 64, height: 64, left: 300, top: 400 });
  const { designList } = design(el, other);
  const bitmap = await quadrants(64, 64);
  const input = (list: typeof designList) => ({
    flat: FLAT,
    designList: list,
    background: null,
    images: new Map([['q', bitmap]]),
    fonts: new Map(),
    outputScale: [1, 1] as const,
    maxTextureSize: 8192,
  });
  expect(sketch.draw(input(designList), FLAT).repaint).toBe('whole');
  expect(sketch.draw(input(designList), FLAT).repaint).toBeNull();
  const moved = sketch.draw(input([{ ...el, left: 110 }, other]), FLAT).repaint;
  expect(moved).toEqual({ x0: 99, y0: 99, x1: 175, y1: 165 });
});

test('a copy taken from the sketch keeps its picture after the next edit', async () => {
  const sketch = new FlatSketch();
  const el = image({ url: 'q', originalWidth: 64, originalHeight: 64, width: 64, height: 64, left: 100, top: 100 });
  const first = composeFlatSketched({ flat: FLAT, design: design(el), images, scale: 1 }, sketch);
  const second = composeFlatSketched({ flat: FLAT, design: design({ ...el, left: 200 }), images, scale: 1 }, sketch);
  const [one, two] = await Promise.all([first, second]);
  const want = pixelsOf(await composeFlat({ flat: FLAT, design: design(el), images, scale: 1 }));
  expect(differingBytes(pixelsOf(one), want)).toBe(0);
  expect(differingBytes(pixelsOf(two), want)).toBeGreaterThan(0);
});
