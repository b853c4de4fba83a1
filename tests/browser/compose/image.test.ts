/**
 * Image elements and backgrounds. References are Canvas2D drawings of the same scene with the
 * element matrix from engine/geometry (fabric's calcTransformMatrix), and closed-form colours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAffine, elementCorners, elementMatrix } from '../../../engine/geometry/index.ts';
import type { ImageElement } from '../../../engine/model/index.ts';
import { acquireComposeRenderer, composeFlat, setComposeBackend } from '../../../engine/render/compose/index.ts';
import { at, design, diff, image, loaderOf, makeBitmap, near, pixelsOf, quadrants, reference, type Rgba, eachBackend } from './helpers.ts';

const FLAT = { width: 400, height: 300 };
const RED: Rgba = [255, 0, 0, 255];
const GREEN: Rgba = [0, 255, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
const YELLOW: Rgba = [255, 255, 0, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

async function renderOne(el: ImageElement, bmp: ImageBitmap): Promise<ImageData> {
  const out = await composeFlat({ flat: FLAT, design: design(el), images: loaderOf({ [el.url]: bmp }) });
  expect([out.width, out.height]).toEqual([FLAT.width, FLAT.height]);
  const px = pixelsOf(out);
  out.close();
  return px;
}

function canvasReference(el: ImageElement, bmp: ImageBitmap): ImageData {
  return reference(FLAT.width, FLAT.height, (ctx) => {
    ctx.setTransform(...elementMatrix(el));
    ctx.drawImage(bmp, 0, 0, el.width, el.height);
  });
}

const placements: [string, Partial<ImageElement>][] = [
  ['identity at 30,40', { left: 30, top: 40 }],
  ['scaled 1.5x0.8, turned 30°', { left: 150, top: 60, scaleX: 1.5, scaleY: 0.8, angle: 30 }],
  ['flipX, turned -60°', { left: 120, top: 200, flipX: true, angle: -60 }],
  ['flipY, origin centre', { left: 200, top: 150, flipY: true, originX: 'center', originY: 'center', scaleX: 2 }],
  [
    'origin right/bottom, 90°, scale 1.25',
    { left: 300, top: 250, originX: 'right', originY: 'bottom', angle: 90, scaleX: 1.25, scaleY: 1.25 },
  ],
];

eachBackend(() => {
  describe('image elements', () => {
    for (const [name, fields] of placements) {
      it(`lands where fabric puts it: ${name}`, async () => {
        const bmp = await quadrants(100, 60);
        const el = image({ url: 'q', originalWidth: 100, originalHeight: 60, ...fields });
        const px = await renderOne(el, bmp);

        // Corners within 1 px: 1.5 px inside each corner is the corner's quadrant colour and 1.5 px
        // outside is empty. Local offsets are divided by the scale so they are output pixels.
        const m = elementMatrix(el);
        const sx = Math.abs(el.scaleX);
        const sy = Math.abs(el.scaleY);
        const corners: [number, number, Rgba][] = [
          [0, 0, RED],
          [100, 0, GREEN],
          [100, 60, BLUE],
          [0, 60, YELLOW],
        ];
        for (const [lx, ly, colour] of corners) {
          const dirX = lx === 0 ? 1 : -1;
          const dirY = ly === 0 ? 1 : -1;
          const inside = applyAffine(m, [lx + (dirX * 1.5) / sx, ly + (dirY * 1.5) / sy]);
          const outside = applyAffine(m, [lx - (dirX * 1.5) / sx, ly - (dirY * 1.5) / sy]);
          expect(at(px, inside[0], inside[1]), `inside corner ${lx},${ly}`).toEqual(colour);
          expect(at(px, outside[0], outside[1]), `outside corner ${lx},${ly}`).toEqual(CLEAR);
        }
        // Sanity of the test itself: elementCorners agrees with the matrix used above.
        expect(elementCorners(el)[2]).toEqual(applyAffine(m, [100, 60]));

        // Whole picture against Canvas2D: only anti-aliased edge pixels may differ much.
        const d = diff(px, canvasReference(el, bmp));
        const perimeter = 2 * (100 * sx + 60 * sy);
        expect(d.mean).toBeLessThan(1.5);
        expect(d.over).toBeLessThan(perimeter * 1.5);
      });
    }

    it('keeps semi-transparent pixels (premultiplied once, not twice)', async () => {
      const bmp = await makeBitmap(40, 40, (ctx) => {
        ctx.fillStyle = 'rgba(200, 100, 40, 0.5)';
        ctx.fillRect(0, 0, 40, 40);
      });
      const px = await renderOne(image({ url: 'a', originalWidth: 40, originalHeight: 40, left: 10, top: 10 }), bmp);
      expect(near(at(px, 30, 30), [200, 100, 40, 128], 3)).toBe(true);
      expect(at(px, 5, 5)).toEqual(CLEAR);
    });

    it('stretches the bitmap into the element box whatever its pixel size', async () => {
      const bmp = await quadrants(50, 50);
      const el = image({ url: 'q', originalWidth: 50, originalHeight: 50, width: 200, height: 100, left: 0, top: 0 });
      const px = await renderOne(el, bmp);
      expect(at(px, 198, 2)).toEqual(GREEN);
      expect(at(px, 2, 98)).toEqual(YELLOW);
      expect(at(px, 201, 50)).toEqual(CLEAR);
    });

    it('crops at the flat edges', async () => {
      const bmp = await quadrants(100, 60);
      const el = image({ url: 'q', originalWidth: 100, originalHeight: 60, left: -50, top: 270 });
      const px = await renderOne(el, bmp);
      // Visible part: x 0..50 (the right half: green over blue), y 270..300 (top half: green).
      expect(at(px, 0, 270)).toEqual(GREEN);
      expect(at(px, 49, 299)).toEqual(GREEN);
      expect(at(px, 50, 285)).toEqual(CLEAR);
      expect(diff(px, canvasReference(el, bmp)).max).toBeLessThanOrEqual(2);
    });

    it('draws elements in designList order', async () => {
      const red = await makeBitmap(10, 10, (ctx) => ((ctx.fillStyle = '#f00'), ctx.fillRect(0, 0, 10, 10)));
      const blue = await makeBitmap(10, 10, (ctx) => ((ctx.fillStyle = '#00f'), ctx.fillRect(0, 0, 10, 10)));
      const out = await composeFlat({
        flat: FLAT,
        design: design(
          image({ url: 'r', originalWidth: 10, originalHeight: 10, left: 10, top: 10, scaleX: 10, scaleY: 10 }),
          image({ url: 'b', originalWidth: 10, originalHeight: 10, left: 60, top: 60, scaleX: 10, scaleY: 10 }),
        ),
        images: loaderOf({ r: red, b: blue }),
      });
      const px = pixelsOf(out);
      expect(at(px, 80, 80)).toEqual(BLUE);
      expect(at(px, 30, 30)).toEqual(RED);
    });
  });

  describe('background', () => {
    it('fills the flat with its colour', async () => {
      const out = await composeFlat({
        flat: FLAT,
        design: design(),
        background: { color: '#3366CC', visible: true },
        images: loaderOf({}),
      });
      const px = pixelsOf(out);
      for (let i = 0; i < px.data.length; i += 4) {
        const p: Rgba = [px.data[i]!, px.data[i + 1]!, px.data[i + 2]!, px.data[i + 3]!];
        if (!near(p, [0x33, 0x66, 0xcc, 255], 1)) throw new Error(`pixel ${i / 4} is ${p}`);
      }
    });

    it('keeps a translucent background colour translucent', async () => {
      const out = await composeFlat({
        flat: FLAT,
        design: design(),
        background: { color: '#3366CC80', visible: true },
        images: loaderOf({}),
      });
      expect(near(at(pixelsOf(out), 10, 10), [0x33, 0x66, 0xcc, 0x80], 2)).toBe(true);
    });

    it('draws nothing when hidden, and the design stays transparent elsewhere', async () => {
      const out = await composeFlat({
        flat: FLAT,
        design: design(),
        background: { color: '#3366CC', visible: false },
        images: loaderOf({}),
      });
      const px = pixelsOf(out);
      expect(px.data.every((v) => v === 0)).toBe(true);
    });

    it('covers the flat with its image, centred, over the colour', async () => {
      // 200x100 (left half red, right half blue) covering a 100x100 flat: scale 1, middle 100 px.
      const bmp = await makeBitmap(200, 100, (ctx) => {
        ctx.fillStyle = '#f00';
        ctx.fillRect(0, 0, 100, 100);
        ctx.fillStyle = '#00f';
        ctx.fillRect(100, 0, 100, 100);
      });
      const out = await composeFlat({
        flat: { width: 100, height: 100 },
        design: design(),
        background: { color: '#00ff00', image: bmp, visible: true },
        images: loaderOf({}),
        scale: 2,
      });
      const px = pixelsOf(out);
      expect([out.width, out.height]).toEqual([200, 200]);
      expect(at(px, 0, 0)).toEqual(RED);
      expect(at(px, 98, 199)).toEqual(RED);
      expect(at(px, 101, 0)).toEqual(BLUE);
      expect(at(px, 199, 199)).toEqual(BLUE);
    });
  });
});

describe('GPU textures of bitmaps', () => {
  beforeAll(() => setComposeBackend('webgl'));
  afterAll(() => setComposeBackend('auto'));

  it("reuses a bitmap's GPU texture across compositions and frees it once the bitmap is closed", async () => {
    const cr = await acquireComposeRenderer();
    const bmp = await quadrants(30, 30);
    const el = image({ url: 'q', originalWidth: 30, originalHeight: 30, left: 5, top: 5 });
    await renderOne(el, bmp);
    const cached = cr.textures.size;
    await renderOne(el, bmp);
    expect(cr.textures.size).toBe(cached);
    bmp.close();
    await composeFlat({ flat: FLAT, design: design(), images: loaderOf({}) });
    expect(cr.textures.size).toBe(cached - 1);
  });
});
