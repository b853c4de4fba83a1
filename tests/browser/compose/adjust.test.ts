/**
 * Photo adjustments as rendered: the flat composition (mockup source and print file, both
 * backends) and the live editor stage draw an adjusted picture with the colours the adjustment
 * maths gives, and the same picture unadjusted is left as it was.
 */
import { describe, expect, it } from 'vitest';
import { adjustRgb, createImageElement, NEUTRAL_ADJUST, type ImageAdjust } from '../../../engine/model/index.ts';
import { composeFlat, composeFlatToPng } from '../../../engine/render/compose/index.ts';
import { LiveStage } from '../../../engine/stage/index.ts';
import { at, design, eachBackend, image, loaderOf, makeBitmap, pixelsOf, type Rgba } from './helpers.ts';

const FLAT = { width: 120, height: 80 };
/** Left half one colour, right half another: two samples per render. */
const LEFT: [number, number, number] = [200, 100, 50];
const RIGHT: [number, number, number] = [60, 140, 220];

function twoTone(): Promise<ImageBitmap> {
  return makeBitmap(FLAT.width, FLAT.height, (ctx) => {
    ctx.fillStyle = `rgb(${LEFT.join(',')})`;
    ctx.fillRect(0, 0, FLAT.width / 2, FLAT.height);
    ctx.fillStyle = `rgb(${RIGHT.join(',')})`;
    ctx.fillRect(FLAT.width / 2, 0, FLAT.width / 2, FLAT.height);
  });
}

const expected = ([r, g, b]: [number, number, number], a: ImageAdjust): Rgba =>
  [...adjustRgb(r / 255, g / 255, b / 255, a).map((v) => Math.round(v * 255)), 255] as Rgba;

const within = (got: Rgba, want: Rgba, tol = 2) => {
  for (let i = 0; i < 4; i++)
    expect(Math.abs(got[i]! - want[i]!), `channel ${i}: got ${got.join(',')}, want ${want.join(',')}`).toBeLessThanOrEqual(tol);
};

const CASES: [string, ImageAdjust][] = [
  ['brightness +30', { ...NEUTRAL_ADJUST, brightness: 30 }],
  ['contrast +60, saturation -40', { ...NEUTRAL_ADJUST, contrast: 60, saturation: -40 }],
  ['greyscale', { ...NEUTRAL_ADJUST, filter: 'greyscale' }],
  ['sepia, brightness -20', { ...NEUTRAL_ADJUST, brightness: -20, filter: 'sepia' }],
  ['warm', { ...NEUTRAL_ADJUST, filter: 'warm' }],
  ['cool, saturation +50', { ...NEUTRAL_ADJUST, saturation: 50, filter: 'cool' }],
];

eachBackend(() => {
  describe('adjusted images', () => {
    for (const [name, adjust] of CASES) {
      it(`draws ${name} with the colours of the adjustment maths`, async () => {
        const bmp = await twoTone();
        const el = image({ url: 'p', originalWidth: FLAT.width, originalHeight: FLAT.height, adjust });
        const out = await composeFlat({ flat: FLAT, design: design(el), images: loaderOf({ p: bmp }) });
        const px = pixelsOf(out);
        out.close();
        within(at(px, 20, 40), expected(LEFT, adjust));
        within(at(px, 100, 40), expected(RIGHT, adjust));
      });
    }

    it('changes pixels by the expected amount, and only the adjusted element', async () => {
      const bmp = await twoTone();
      const adjust: ImageAdjust = { ...NEUTRAL_ADJUST, brightness: 25 };
      const plain = image({ url: 'p', originalWidth: FLAT.width, originalHeight: FLAT.height, scaleX: 0.5, localId: 'a' });
      const bright = image({
        url: 'p',
        originalWidth: FLAT.width,
        originalHeight: FLAT.height,
        scaleX: 0.5,
        left: 60,
        localId: 'b',
        adjust,
      });
      const out = await composeFlat({ flat: FLAT, design: design(plain, bright), images: loaderOf({ p: bmp }) });
      const px = pixelsOf(out);
      out.close();
      // The plain copy's left half (flat x 0-30) is the source colour; the bright copy's (x 60-90) is 1.25 times it.
      within(at(px, 15, 40), [...LEFT, 255]);
      within(at(px, 75, 40), [250, 125, 63, 255]);
    });

    it('prints the same adjusted colours as the preview', async () => {
      const bmp = await twoTone();
      const adjust: ImageAdjust = { ...NEUTRAL_ADJUST, contrast: -50, filter: 'sepia' };
      const el = image({ url: 'p', originalWidth: FLAT.width, originalHeight: FLAT.height, adjust });
      const png = await composeFlatToPng({ flat: FLAT, design: design(el), images: loaderOf({ p: bmp }), scale: 2, dpi: 150 });
      const printed = await createImageBitmap(png);
      const px = pixelsOf(printed);
      within(at(px, 40, 80), expected(LEFT, adjust));
      within(at(px, 200, 80), expected(RIGHT, adjust));
    });
  });
});

describe('live stage', () => {
  it('draws the adjusted picture as the composition does, and redraws when the adjustment changes', async () => {
    const bmp = await twoTone();
    const blob = await (() => {
      const c = new OffscreenCanvas(FLAT.width, FLAT.height);
      c.getContext('2d')!.drawImage(bmp, 0, 0);
      return c.convertToBlob({ type: 'image/png' });
    })();
    const url = URL.createObjectURL(blob);
    const loader = async (u: string) => createImageBitmap(await (await fetch(u)).blob());
    const stage = new LiveStage(new OffscreenCanvas(1, 1), loader);
    const frame = (adjust: ImageAdjust | undefined) => ({
      flat: FLAT,
      flatColor: '#FFFFFF',
      designList: [
        createImageElement({
          flatId: 'f',
          localId: 'p',
          url,
          originalWidth: FLAT.width,
          originalHeight: FLAT.height,
          ...(adjust ? { adjust } : {}),
        }),
      ],
      background: null,
      view: { width: FLAT.width, height: FLAT.height, dpr: 1, zoom: 1, panX: 0, panY: 0 },
    });
    const sample = async (): Promise<[Rgba, Rgba]> => {
      const cap = await stage.capture();
      const px = pixelsOf(cap);
      return [at(px, 20, 40), at(px, 100, 40)];
    };
    await stage.update(frame(undefined));
    const [l0, r0] = await sample();
    within(l0, [...LEFT, 255]);
    within(r0, [...RIGHT, 255]);
    const adjust: ImageAdjust = { ...NEUTRAL_ADJUST, saturation: -100 };
    expect((await stage.update(frame(adjust))).replanned).toBe(1);
    const [l1, r1] = await sample();
    within(l1, expected(LEFT, adjust));
    within(r1, expected(RIGHT, adjust));
    stage.destroy();
  });
});
