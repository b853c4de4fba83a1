/**
 * Raster layer masks (`maskUrl`) and Photoshop clipping masks (`clipToBelow`), the two things a
 * template imported from a mockup PSD needs beyond clip paths: a shadow layer clipped to the
 * design shows only where the design is, and a masked design fades where the mask is grey.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import { unwrap, validateTemplate } from '../../../engine/model/index.ts';
import { identityColorLut } from '../../../engine/psd/template-bake.ts';
import { bitmap, canvas, createRenderer, maxDiff, px, smartObject, solid, view } from './helpers.ts';

const W = 32;
const H = 16;
let renderer: MockupRenderer;
let flat: ImageBitmap;

beforeAll(async () => {
  // Mask: white on the left half, black on the right, mid-grey in the bottom-left quarter.
  const mask = await bitmap(
    canvas(W, H, (ctx) => {
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, W, H);
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, W / 2, H / 2);
      ctx.fillStyle = 'rgb(128,128,128)';
      ctx.fillRect(0, H / 2, W / 2, H / 2);
    }),
  );
  // Colour tables: inverted, and a curve that squares each channel (a non-linear one, so the
  // interpolation between table entries shows).
  const invert = identityColorLut();
  for (let i = 0; i < invert.data.length; i += 4) for (let c = 0; c < 3; c++) invert.data[i + c] = 255 - invert.data[i + c]!;
  const square = identityColorLut();
  for (let i = 0; i < square.data.length; i += 4)
    for (let c = 0; c < 3; c++) square.data[i + c] = Math.round((square.data[i + c]! / 255) ** 2 * 255);
  const asBitmap = (r: { width: number; height: number; data: Uint8ClampedArray }) =>
    createImageBitmap(new ImageData(new Uint8ClampedArray(r.data), r.width, r.height));
  renderer = createRenderer({
    invert: await asBitmap(invert),
    square: await asBitmap(square),
    mid: await solid(8, 8, 'rgb(200,100,30)'),
    photo: await solid(W, H, 'rgb(100,100,100)'),
    blue: await solid(W, H, 'rgb(0,0,255)'),
    mask,
  });
  flat = await solid(8, 8, 'rgb(255,0,0)');
});

afterAll(async () => {
  await renderer.dispose();
});

describe('layer masks and clipping masks', () => {
  test('a masked layer shows where the mask is white, half where grey, not where black', async () => {
    const layer = { ...smartObject({ OS: { w: 8, h: 8 }, matrix: [4, 0, 0, 2, 0, 0] }), maskUrl: 'mask' };
    const img = await renderer.renderViewToImageData({ view: view([layer], { width: W, height: H }), flats: { front: flat } });
    expect(maxDiff(px(img, 4, 4), [255, 0, 0, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(img, 24, 4), [100, 100, 100, 255])).toBeLessThanOrEqual(1);
    // 128/255 of red over grey.
    expect(maxDiff(px(img, 4, 12), [178, 50, 50, 255])).toBeLessThanOrEqual(2);
  });

  test('a clipped layer shows only where its base covers, with its own blend mode', async () => {
    // Base: the red flat on the left half. Clipped: a full-view blue image, multiplied.
    const base = smartObject({ OS: { w: 8, h: 8 }, matrix: [2, 0, 0, 2, 0, 0] });
    const clipped = { ...smartObject({ url: 'blue', OS: { w: W, h: H } }), blend: 6 as const, clipToBelow: true };
    const img = await renderer.renderViewToImageData({ view: view([base, clipped], { width: W, height: H }), flats: { front: flat } });
    // red x blue = black where the base is; the photo untouched elsewhere.
    expect(maxDiff(px(img, 8, 8), [0, 0, 0, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(img, 24, 8), [100, 100, 100, 255])).toBeLessThanOrEqual(1);
    // Without the clip the blue multiplies the whole photo.
    const unclipped = await renderer.renderViewToImageData({
      view: view([base, { ...clipped, clipToBelow: false }], { width: W, height: H }),
      flats: { front: flat },
    });
    expect(maxDiff(px(unclipped, 24, 8), [0, 0, 100, 255])).toBeLessThanOrEqual(1);
  });

  test("a clipped layer shows only through its base's mask too", async () => {
    // Base: the red flat over the whole view, masked to the top-left quarter (white) and half in
    // the bottom-left (grey). Clipped: blue, drawn normally.
    const base = { ...smartObject({ OS: { w: 8, h: 8 }, matrix: [4, 0, 0, 2, 0, 0] }), maskUrl: 'mask' };
    const clipped = { ...smartObject({ url: 'blue', OS: { w: W, h: H } }), clipToBelow: true };
    const img = await renderer.renderViewToImageData({ view: view([base, clipped], { width: W, height: H }), flats: { front: flat } });
    expect(maxDiff(px(img, 4, 4), [0, 0, 255, 255])).toBeLessThanOrEqual(1);
    // Where the mask hides the base, the clipped layer is hidden as well: the photo shows.
    expect(maxDiff(px(img, 24, 4), [100, 100, 100, 255])).toBeLessThanOrEqual(1);
    // Half mask: the base at half over the photo, then the clipped blue at half over that
    // (Photoshop's isolated clipping group would give (50, 50, 178): see clipToBelow).
    expect(maxDiff(px(img, 4, 12), [89, 25, 153, 255])).toBeLessThanOrEqual(3);
  });

  test('layers clipped to a base with no design yet are hidden with it', async () => {
    const base = smartObject({ OS: { w: 8, h: 8 }, matrix: [2, 0, 0, 2, 0, 0] });
    const clipped = { ...smartObject({ url: 'blue', OS: { w: W, h: H } }), clipToBelow: true };
    const img = await renderer.renderViewToImageData({ view: view([base, clipped], { width: W, height: H }), flats: {} });
    expect(maxDiff(px(img, 8, 8), [100, 100, 100, 255])).toBeLessThanOrEqual(1);
  });

  test("a layer's colours go through its colour table", async () => {
    const layer = { ...smartObject({ OS: { w: 8, h: 8 }, matrix: [4, 0, 0, 2, 0, 0] }), colorLutUrl: 'invert' };
    const img = await renderer.renderViewToImageData({ view: view([layer], { width: W, height: H }), flats: { front: flat } });
    expect(maxDiff(px(img, 8, 8), [0, 255, 255, 255])).toBeLessThanOrEqual(1);
    // Between table entries (200, 100, 30 are not on the 33-level grid) the squared curve is
    // interpolated: within 2 levels of the exact (200²/255, 100²/255, 30²/255).
    const squared = await renderer.renderViewToImageData({
      view: view([{ ...layer, F: { kind: 'image', url: 'mid' }, colorLutUrl: 'square' }], { width: W, height: H }),
      flats: {},
    });
    expect(maxDiff(px(squared, 8, 8), [157, 39, 4, 255])).toBeLessThanOrEqual(2);
  });

  test('validation keeps maskUrl and clipToBelow and rejects a bad one', () => {
    const template = {
      customTemplateId: null,
      flatList: [
        {
          flatId: 'front',
          flatImageUrl: '',
          designList: [],
          flatData: {
            img: 1,
            text: 1,
            edit: 0,
            color: '#FFFFFF',
            style: '',
            styleList: [],
            width: 8,
            height: 8,
            flatWidth: 8,
            flatHeight: 8,
            customColor: 0,
            bg: 0,
            pageType: 'normal',
          },
        },
      ],
      viewList: [
        view(
          [
            { ...smartObject({ OS: { w: 8, h: 8 } }), maskUrl: 'mask' },
            { ...smartObject({ url: 'blue', OS: { w: W, h: H } }), clipToBelow: true },
          ],
          { width: W, height: H },
        ),
      ],
      colorConfigList: [],
      styleList: [],
      prototypeGroupId: null,
      prototypeGroupName: '',
      sectionType: null,
      templateData: null,
      color: null,
    };
    const parsed = unwrap(validateTemplate(template));
    const layers = parsed.viewList[0]!.viewData.layers;
    expect(layers[0]).toMatchObject({ maskUrl: 'mask' });
    expect(layers[1]).toMatchObject({ clipToBelow: true });
    const bad = validateTemplate({
      ...template,
      viewList: [view([{ ...smartObject({ OS: { w: 8, h: 8 } }), clipToBelow: 'yes' as unknown as boolean }])],
    });
    expect(bad.ok ? '' : bad.reason).toMatch(/clipToBelow/);
  });
});
