/**
 * Views take their frame outside the layers (the tinted photo; on an emulated GPU, as here, with
 * the parts over it and flattened over the background, for cut-out photos too) from the CPU and
 * draw and read back only the rect the layers cover: the pixels must be those of a renderer that
 * draws and reads every frame back whole, given the same renders, whatever changed in between (the
 * design, the view's layers, the colour, the size). The untinted photo is the GPU's own sample of
 * it (or, at its own size, its pixels, which is what the GPU samples there), so without a colour
 * they are exactly equal; a tinted channel may be one level apart, never more.
 */
import { expect, test } from 'vitest';
import type { TemplateView, ViewPart } from '../../../engine/model';
import {
  checker,
  compareBytes,
  createRenderer,
  gradientPhoto,
  group,
  paintedRect,
  productPhoto,
  rectPath,
  smartObject,
  solid,
  view,
} from './helpers.ts';

/** An opaque product photo (a gradient over the whole view): the case the reuse applies to. */
const opaquePhoto = () => gradientPhoto(['#F4F1EA', '#7A7F88']);

test('renders that take the photo from the CPU equal whole renders, through design, view and colour changes', async () => {
  const images = { photo: await opaquePhoto() };
  const kept = createRenderer(images);
  const whole = createRenderer(images, { reuseFrames: false });
  const left = view([smartObject({ matrix: [1, 0, 0, 1, 10, 20] })]);
  // Another view on the same photo: its layer draws elsewhere, clipped, multiplied.
  const right = view([group([smartObject({ matrix: [0.8, 0.3, -0.3, 0.8, 140, 90], blend: 6 })], rectPath(120, 80, 250, 250))]);
  const flats = [await checker(100, 100, 10), await checker(100, 100, 25), await solid(100, 100, '#3366CC')];
  // Output sizes: the photo's own (its pixels are read on the CPU) and others (read from the GPU).
  const steps: [ReturnType<typeof view>, number, string?, number?][] = [
    [left, 0],
    [left, 1],
    [left, 2],
    [right, 0],
    [left, 1],
    [left, 1, '#1E3A8A'],
    [left, 2, '#1E3A8A'],
    [left, 0, '#1E3A8A'],
    [right, 2],
    [left, 0],
    [left, 0, undefined, 200],
    [left, 1, undefined, 200],
    [right, 1, '#1E3A8A', 200],
    [left, 2, undefined, 512],
  ];
  try {
    for (const [i, [v, f, color, size]] of steps.entries()) {
      const options = { view: v, flats: { front: flats[f]! }, ...(color ? { color } : {}), ...(size ? { size } : {}) };
      const want = await whole.renderViewToImageData(options);
      const got = await kept.renderViewToImageData(options);
      const { differing, largest } = compareBytes(got, want);
      if (color) {
        expect(largest, `step ${i}`).toBeLessThanOrEqual(1);
        // At the photo's own size a few rounding edges; at others the GPU tints its unrounded
        // sample of the photo where the CPU tints the sample rounded to 8 bits (3 % measured).
        expect(differing / want.data.length, `step ${i}`).toBeLessThan(size ? 0.1 : 0.01);
      } else expect(differing, `step ${i}`).toBe(0);
    }
  } finally {
    await kept.dispose();
    await whole.dispose();
  }
});

test('renders asked for together each answer their own picture, though they are drawn on one kept canvas', async () => {
  const images = { photo: await opaquePhoto() };
  const together = createRenderer(images);
  const oneByOne = createRenderer(images);
  const v = view([smartObject({ matrix: [1, 0, 0, 1, 10, 20] })]);
  const flats = [await checker(100, 100, 10), await solid(100, 100, '#3366CC'), await checker(100, 100, 25)];
  const asks = [
    { view: v, flats: { front: flats[0]! } },
    { view: v, flats: { front: flats[1]! }, color: '#B91C1C' },
    { view: v, flats: { front: flats[2]! }, color: '#1E3A8A' },
  ];
  const pixels = (b: ImageBitmap): ImageData => {
    const c = new OffscreenCanvas(b.width, b.height).getContext('2d')!;
    c.drawImage(b, 0, 0);
    return c.getImageData(0, 0, b.width, b.height);
  };
  try {
    // Not awaited one by one: each render draws over the canvas the previous one answered from.
    const bitmaps = await Promise.all(asks.map((a) => together.renderView(a)));
    const jpegs = await Promise.all(asks.map((a) => together.renderViewToJpeg(a)));
    for (const [i, a] of asks.entries()) {
      const want = await oneByOne.renderViewToImageData(a);
      expect(compareBytes(pixels(bitmaps[i]!), want), `bitmap ${i}`).toEqual({ differing: 0, largest: 0 });
      const alone = await oneByOne.renderViewToJpeg(a);
      expect(new Uint8Array(await jpegs[i]!.arrayBuffer()), `jpeg ${i}`).toEqual(new Uint8Array(await alone.arrayBuffer()));
    }
    // The three pictures differ, so a picture taken from the wrong render would show.
    expect(compareBytes(pixels(bitmaps[0]!), pixels(bitmaps[1]!)).differing).toBeGreaterThan(1000);
    expect(compareBytes(pixels(bitmaps[1]!), pixels(bitmaps[2]!)).differing).toBeGreaterThan(1000);
    for (const b of bitmaps) b.close();
  } finally {
    await together.dispose();
    await oneByOne.dispose();
  }
});

test('a cut-out photo with parts, a displacement map and either background equals whole renders', async () => {
  const images = {
    photo: await productPhoto(),
    // A translucent sheen over the product's upper half, and a shadow multiplied over its left.
    sheen: await paintedRect([20, 20, 220, 110], { from: [0, 0], to: [256, 128], stops: ['rgba(255,255,255,0.7)', 'rgba(255,255,255,0)'] }),
    shadow: await paintedRect([0, 0, 110, 256], 'rgba(60,60,80,0.5)'),
    bend: await paintedRect([0, 0, 256, 256], { from: [0, 0], to: [256, 0], stops: ['rgb(100,140,0)', 'rgb(160,110,0)'] }),
  };
  const kept = createRenderer(images);
  const whole = createRenderer(images, { reuseFrames: false });
  const parts: ViewPart[] = [
    { partLargeImageUrl: null, imageUrl: 'sheen', shadow: 0, ornament: 1 },
    { partLargeImageUrl: null, imageUrl: 'shadow', shadow: 1, ornament: 0 },
  ];
  const plain = view([smartObject({ matrix: [1.2, 0.1, -0.1, 1.2, 60, 50] })], { parts });
  const displaced: TemplateView = {
    ...plain,
    viewData: { ...plain.viewData, displacement: { url: 'bend', scaleX: 12, scaleY: 12 } },
  };
  const flats = [await checker(100, 100, 10), await solid(100, 100, '#3366CC')];
  const steps: [TemplateView, number, string | undefined, number | undefined, string | null | undefined][] = [
    [plain, 0, undefined, undefined, undefined],
    [plain, 1, undefined, undefined, undefined],
    [plain, 1, '#1E3A8A', undefined, undefined],
    [plain, 0, '#1E3A8A', undefined, undefined],
    [plain, 0, '#1E3A8A', undefined, null],
    [plain, 1, '#B91C1C', 200, '#F4F1EA'],
    [displaced, 0, '#B91C1C', undefined, undefined],
    [displaced, 1, '#B91C1C', undefined, undefined],
    [displaced, 1, undefined, 512, undefined],
    [displaced, 1, '#1E3A8A', 512, null],
  ];
  try {
    for (const [i, [v, f, color, size, background]] of steps.entries()) {
      const options = {
        view: v,
        flats: { front: flats[f]! },
        ...(color ? { color } : {}),
        ...(size ? { size } : {}),
        ...(background !== undefined ? { background } : {}),
      };
      const want = await whole.renderViewToImageData(options);
      const got = await kept.renderViewToImageData(options);
      // Over transparency the pictures are straight (unpremultiplied): compared as they show.
      const { differing, largest } = background === null ? compareBytes(premultiplied(got), premultiplied(want)) : compareBytes(got, want);
      // Resampled, the CPU blends the parts from the GPU's 8-bit sample of them where the GPU blends
      // its unrounded sample: two levels at most (measured: on 4-5 % of the bytes).
      expect(largest, `step ${i}`).toBeLessThanOrEqual(size ? 2 : 1);
      expect(differing / want.data.length, `step ${i}`).toBeLessThan(0.08);
      // At the photo's own size the very same bytes, tinted or not, over either background.
      if (!size) expect(differing, `step ${i}`).toBe(0);
    }
  } finally {
    await kept.dispose();
    await whole.dispose();
  }
});

/** Straight RGBA made premultiplied, rounded: what a transparent picture shows over anything. */
function premultiplied(img: ImageData): ImageData {
  const out = new ImageData(img.width, img.height);
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]! / 255;
    out.data.set([Math.round(d[i]! * a), Math.round(d[i + 1]! * a), Math.round(d[i + 2]! * a), d[i + 3]!], i);
  }
  return out;
}
