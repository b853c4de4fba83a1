/** Pixel helpers shared by the composition tests (browser mode, real Chromium). */
import type { FlatDesign, ImageElement, TextElement } from '../../../engine/model/index.ts';
import { createImageElement, createTextElement } from '../../../engine/model/index.ts';
import { afterAll, beforeAll, describe } from 'vitest';
import { setComposeBackend, type ComposeBackend, type ImageLoader } from '../../../engine/render/compose/index.ts';

export type Draw = (ctx: OffscreenCanvasRenderingContext2D) => void;

export function canvas2d(width: number, height: number): { canvas: OffscreenCanvas; ctx: OffscreenCanvasRenderingContext2D } {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('no 2d context');
  return { canvas, ctx };
}

/** An ImageBitmap drawn by `draw` on a transparent canvas. */
export async function makeBitmap(width: number, height: number, draw: Draw): Promise<ImageBitmap> {
  const { canvas, ctx } = canvas2d(width, height);
  draw(ctx);
  return createImageBitmap(canvas);
}

/** A bitmap in four coloured quadrants (red TL, green TR, blue BR, yellow BL): shows flips and turns. */
export function quadrants(width: number, height: number): Promise<ImageBitmap> {
  return makeBitmap(width, height, (ctx) => {
    const hw = width / 2;
    const hh = height / 2;
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, hw, hh);
    ctx.fillStyle = '#00ff00';
    ctx.fillRect(hw, 0, hw, hh);
    ctx.fillStyle = '#0000ff';
    ctx.fillRect(hw, hh, hw, hh);
    ctx.fillStyle = '#ffff00';
    ctx.fillRect(0, hh, hw, hh);
  });
}

/** Straight-alpha RGBA of a bitmap (as getImageData gives). */
export function pixelsOf(bitmap: ImageBitmap | OffscreenCanvas): ImageData {
  const { ctx } = canvas2d(bitmap.width, bitmap.height);
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
}

export function reference(width: number, height: number, draw: Draw): ImageData {
  const { ctx } = canvas2d(width, height);
  draw(ctx);
  return ctx.getImageData(0, 0, width, height);
}

export type Rgba = [number, number, number, number];

export function at(img: ImageData, x: number, y: number): Rgba {
  const i = (Math.floor(y) * img.width + Math.floor(x)) * 4;
  const d = img.data;
  return [d[i]!, d[i + 1]!, d[i + 2]!, d[i + 3]!];
}

export function near(a: Rgba, b: Rgba, tol = 8): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= tol);
}

/** Premultiplied channel difference statistics between two same-size images. */
export function diff(a: ImageData, b: ImageData, threshold = 48): { mean: number; max: number; over: number } {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`size ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let sum = 0;
  let max = 0;
  let over = 0;
  for (let p = 0; p < a.data.length; p += 4) {
    let worst = 0;
    const aa = a.data[p + 3]! / 255;
    const ba = b.data[p + 3]! / 255;
    for (let c = 0; c < 4; c++) {
      const va = c === 3 ? a.data[p + 3]! : a.data[p + c]! * aa;
      const vb = c === 3 ? b.data[p + 3]! : b.data[p + c]! * ba;
      const d = Math.abs(va - vb);
      sum += d;
      if (d > worst) worst = d;
    }
    if (worst > max) max = worst;
    if (worst > threshold) over += 1;
  }
  return { mean: sum / a.data.length, max, over };
}

/** Pixels (x, y) whose premultiplied channels differ by more than `threshold`. */
export function differingPixels(a: ImageData, b: ImageData, threshold = 48): [number, number][] {
  const out: [number, number][] = [];
  for (let p = 0; p < a.data.length; p += 4) {
    const aa = a.data[p + 3]! / 255;
    const ba = b.data[p + 3]! / 255;
    for (let c = 0; c < 4; c++) {
      const va = c === 3 ? a.data[p + 3]! : a.data[p + c]! * aa;
      const vb = c === 3 ? b.data[p + 3]! : b.data[p + c]! * ba;
      if (Math.abs(va - vb) > threshold) {
        const i = p / 4;
        out.push([i % a.width, Math.floor(i / a.width)]);
        break;
      }
    }
  }
  return out;
}

/** Bounding box of pixels for which `pick` holds; null when none. */
export function bbox(
  img: ImageData,
  pick: (p: Rgba) => boolean,
): { minX: number; minY: number; maxX: number; maxY: number; count: number } | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let count = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!pick(at(img, x, y))) continue;
      count += 1;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  return count === 0 ? null : { minX, minY, maxX, maxY, count };
}

export function loaderOf(images: Record<string, ImageBitmap>): ImageLoader {
  return async (url) => {
    const bitmap = images[url];
    if (!bitmap) throw new Error(`no test image ${url}`);
    return bitmap;
  };
}

export function design(...designList: (ImageElement | TextElement)[]): Pick<FlatDesign, 'designList'> {
  return { designList };
}

export function image(init: Partial<ImageElement> & Pick<ImageElement, 'url' | 'originalWidth' | 'originalHeight'>): ImageElement {
  return createImageElement({ flatId: 'f', ...init });
}

export function text(init: Partial<TextElement> & Pick<TextElement, 'text'>): TextElement {
  return createTextElement({ flatId: 'f', fontFamily: 'Montserrat', ...init });
}

/** The ways a flat can be composed; every composition test runs through each. */
export const COMPOSE_BACKENDS = ['webgl', 'canvas2d'] as const satisfies readonly ComposeBackend[];

/**
 * Declares the file's tests once per composition backend, pinned while they run (tests in a file
 * run one after another, so the realm-wide pin is theirs alone).
 */
export function eachBackend(declare: (backend: ComposeBackend) => void): void {
  for (const backend of COMPOSE_BACKENDS) {
    describe(`${backend} composition`, () => {
      beforeAll(() => setComposeBackend(backend));
      afterAll(() => setComposeBackend('auto'));
      declare(backend);
    });
  }
}
