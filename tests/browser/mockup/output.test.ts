/**
 * Outputs: JPEG export, output size, tiling past the tile and texture limits, per-layer PNGs,
 * part overlays and shading/highlight maps.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Point } from '../../../engine/model/index.ts';
import type { MockupRenderer } from '../../../engine/render/mockup/index.ts';
import {
  bitmap,
  canvas,
  checker,
  createRenderer,
  group,
  imageDataOf,
  maxDiff,
  meanAbsDiff,
  productPhoto,
  px,
  rectPath,
  smartObject,
  solid,
  view,
} from './helpers.ts';

let images: Record<string, TexImageSource>;
let renderer: MockupRenderer;
let flat: ImageBitmap;

beforeAll(async () => {
  images = {
    photo: await productPhoto(),
    grey: await solid(256, 256, '#808080'),
    // Half the view darkened to 50 %: a shadow part.
    shadow: await bitmap(
      canvas(256, 256, (ctx) => {
        ctx.fillStyle = 'rgb(128,128,128)';
        ctx.fillRect(0, 0, 128, 256);
      }),
    ),
    // A small green ornament on a transparent part image.
    ornament: await bitmap(
      canvas(256, 256, (ctx) => {
        ctx.fillStyle = '#00FF00';
        ctx.fillRect(100, 100, 20, 20);
      }),
    ),
    shading: await solid(256, 256, 'rgb(128,128,128)'),
    highlight: await solid(256, 256, 'rgb(128,128,128)'),
  };
  renderer = createRenderer(images);
  flat = await checker(100, 100, 10);
});

afterAll(async () => {
  await renderer.dispose();
});

function warpedPatch(x: number, y: number, w: number, h: number): Point[] {
  const pts: Point[] = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const bend = r > 0 && r < 3 && c > 0 && c < 3 ? 25 : 0;
      pts.push({ x: x + (w * c) / 3, y: y + (h * r) / 3 + bend });
    }
  }
  return pts;
}

/** A scene with every kind of pass: bezier, affine in a clipped group, overlay blend, parts. */
function busyView(width = 256, height = 256) {
  return view(
    [
      smartObject({ M: { kind: 'bezier' }, PS: { kind: 'custom', points: warpedPatch(20, 30, 200, 180) }, blend: 5, opacity: 0.9 }),
      group([smartObject({ matrix: [1.3, 0.2, -0.2, 1.3, 90, 60], blend: 6, PPC: rectPath(60, 60, 240, 200) })], rectPath(0, 0, 200, 256)),
    ],
    {
      width,
      height,
      imageUrl: 'photo',
      parts: [
        { partLargeImageUrl: null, imageUrl: 'ornament', shadow: 0, ornament: 1 },
        { partLargeImageUrl: null, imageUrl: 'shadow', shadow: 1, ornament: 0 },
      ],
    },
  );
}

test('JPEG export decodes to an image of the output size', async () => {
  const blob = await renderer.renderViewToJpeg({ view: busyView(), flats: { front: flat }, size: 200 }, 0.9);
  expect(blob.type).toBe('image/jpeg');
  const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
  expect([...head]).toEqual([0xff, 0xd8, 0xff]);
  const decoded = await createImageBitmap(blob);
  expect([decoded.width, decoded.height]).toEqual([200, 200]);
  // Close to the lossless render of the same scene.
  const exact = await renderer.renderViewToImageData({ view: busyView(), flats: { front: flat }, size: 200 });
  // JPEG's chroma subsampling smears the red/blue checker edges; flat areas stay close.
  expect(meanAbsDiff(imageDataOf(decoded, 200, 200), exact)).toBeLessThan(6);
});

test('outputs past mockup size (a canvas of their own each) and of mockup size give the same picture twice running', async () => {
  const wide = view([smartObject({ matrix: [1, 0, 0, 1, 10, 10] })], { width: 256, height: 128, imageUrl: 'grey' });
  // 4200x2100 is past the kept canvas's 2048x2048 worth of pixels; 800x400 is kept.
  for (const size of [4200, 800]) {
    const want = await renderer.renderViewToImageData({ view: wide, flats: { front: flat }, size });
    for (let run = 0; run < 2; run++) {
      const got = await renderer.renderView({ view: wide, flats: { front: flat }, size });
      expect([got.width, got.height], `${size} run ${run}`).toEqual([size, size / 2]);
      const pixels = imageDataOf(got, got.width, got.height);
      got.close();
      expect(meanAbsDiff(pixels, want), `${size} run ${run}`).toBe(0);
    }
  }
});

test('a JPEG is flattened over white even when transparency was asked for', async () => {
  const blob = await renderer.renderViewToJpeg({ view: view([]), flats: {}, background: null });
  const img = imageDataOf(await createImageBitmap(blob), 256, 256);
  expect(Math.min(...px(img, 4, 4).slice(0, 3))).toBeGreaterThanOrEqual(250);
});

test('size scales the longer side and keeps the aspect', async () => {
  const wide = view([smartObject({ matrix: [1, 0, 0, 1, 10, 10] })], { width: 256, height: 128, imageUrl: 'grey' });
  const small = await renderer.renderView({ view: wide, flats: { front: flat }, size: 100 });
  expect([small.width, small.height]).toEqual([100, 50]);
  const own = await renderer.renderView({ view: wide, flats: { front: flat } });
  expect([own.width, own.height]).toEqual([256, 128]);
  const big = await renderer.renderViewToImageData({ view: wide, flats: { front: flat }, size: 512 });
  // The layer's top-left corner scales with the output: (10, 10) → (20, 20).
  expect(px(big, 20, 20)).toEqual([255, 0, 0, 255]);
  expect(px(big, 19, 19)).toEqual([128, 128, 128, 255]);
});

test('tiled rendering equals a single tile', async () => {
  const tiled = createRenderer(images, { maxTileSize: 64 });
  try {
    expect(tiled.tileSize).toBe(64);
    const a = await renderer.renderViewToImageData({ view: busyView(), flats: { front: flat }, size: 250 });
    const b = await tiled.renderViewToImageData({ view: busyView(), flats: { front: flat }, size: 250 });
    // The rasteriser snaps vertices to 1/16 px (SUBPIXEL_BITS 4), and a tile's vertices sit at
    // other float values than the whole image's, so they can snap differently: on the checker's
    // hard edges a 1/16 px shift is a few levels, and an edge sample of MSAA may flip (1/4 of the
    // contrast). Anything larger, or spread widely, would be a tiling bug (seams, offsets).
    let over16 = 0;
    let worst = 0;
    for (let i = 0; i < a.data.length; i += 4) {
      const d = maxDiff([...a.data.slice(i, i + 4)], [...b.data.slice(i, i + 4)]);
      if (d > 16) over16++;
      worst = Math.max(worst, d);
    }
    console.log(`tiled vs single tile: mean ${meanAbsDiff(a, b).toFixed(4)}, worst ${worst}, ${over16} px over 16`);
    expect(worst).toBeLessThanOrEqual(64);
    expect(over16 / (a.data.length / 4)).toBeLessThan(0.002);
    expect(meanAbsDiff(a, b)).toBeLessThan(0.1);
  } finally {
    await tiled.dispose();
  }
});

test('an output wider than MAX_TEXTURE_SIZE renders in tiles', async () => {
  const max = renderer.maxTextureSize;
  const width = max + 808;
  // A red layer straddling the texture limit, on a grey photo stretched over the whole width.
  const wide = view([smartObject({ OS: { w: 10, h: 10 }, matrix: [20, 0, 0, 4, max - 100, 10] })], {
    width,
    height: 60,
    imageUrl: 'grey',
  });
  const img = await renderer.renderViewToImageData({ view: wide, flats: { front: await solid(10, 10, '#FF0000') } });
  expect([img.width, img.height]).toEqual([width, 60]);
  expect(px(img, max - 101, 30)).toEqual([128, 128, 128, 255]);
  expect(px(img, max - 100, 30)).toEqual([255, 0, 0, 255]);
  expect(px(img, max + 50, 30)).toEqual([255, 0, 0, 255]);
  expect(px(img, max + 99, 30)).toEqual([255, 0, 0, 255]);
  expect(px(img, max + 100, 30)).toEqual([128, 128, 128, 255]);
  expect(px(img, width - 1, 59)).toEqual([128, 128, 128, 255]);
});

test('a flat larger than MAX_TEXTURE_SIZE is scaled down to fit instead of failing', async () => {
  const max = renderer.maxTextureSize;
  const huge = new OffscreenCanvas(max + 100, 16);
  const ctx = huge.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  ctx.fillStyle = '#0000FF';
  ctx.fillRect(0, 0, huge.width, 16);
  const img = await renderer.renderViewToImageData({
    view: view([smartObject({ OS: { w: 100, h: 100 }, matrix: [1, 0, 0, 1, 50, 50] })], { imageUrl: 'grey' }),
    flats: { front: huge },
  });
  expect(px(img, 100, 100)).toEqual([0, 0, 255, 255]);
});

test('parts: shadows multiply, ornaments go on top', async () => {
  const v = view([smartObject({ OS: { w: 100, h: 100 }, matrix: [2.56, 0, 0, 2.56, 0, 0] })], {
    imageUrl: 'grey',
    parts: [
      { partLargeImageUrl: null, imageUrl: 'ornament', shadow: 0, ornament: 1 },
      { partLargeImageUrl: null, imageUrl: 'shadow', shadow: 1, ornament: 0 },
    ],
  });
  const img = await renderer.renderViewToImageData({ view: v, flats: { front: await solid(100, 100, '#FF0000') } });
  expect(maxDiff(px(img, 60, 200), [128, 0, 0, 255])).toBeLessThanOrEqual(1);
  expect(px(img, 200, 200)).toEqual([255, 0, 0, 255]);
  // The ornament is listed first but drawn last, over the shadow.
  expect(px(img, 110, 110)).toEqual([0, 255, 0, 255]);
});

test('shading multiplies and the highlight screens, only where the design covers', async () => {
  const v = view([smartObject({ OS: { w: 100, h: 100 }, matrix: [1, 0, 0, 1, 100, 100] })], {
    imageUrl: 'grey',
    shadingUrl: 'shading',
  });
  const red = await solid(100, 100, '#FF0000');
  const shaded = await renderer.renderViewToImageData({ view: v, flats: { front: red } });
  expect(maxDiff(px(shaded, 150, 150), [128, 0, 0, 255])).toBeLessThanOrEqual(1);
  expect(px(shaded, 50, 50)).toEqual([128, 128, 128, 255]);
  const lit = await renderer.renderViewToImageData({
    view: view(v.viewData.layers, { imageUrl: 'grey', highlightUrl: 'highlight' }),
    flats: { front: red },
  });
  // screen(1, 0.5) = 1, screen(0, 0.5) = 0.5.
  expect(maxDiff(px(lit, 150, 150), [255, 128, 128, 255])).toBeLessThanOrEqual(1);
  expect(px(lit, 50, 50)).toEqual([128, 128, 128, 255]);
});

test('renderLayers gives one transparent PNG per smart object at document size', async () => {
  const layers = await renderer.renderLayers({ view: busyView(), flats: { front: flat } });
  expect(layers.map((l) => l.name)).toEqual(['0', '1/0']);
  for (const l of layers) {
    expect(l.png.type).toBe('image/png');
    const img = imageDataOf(await createImageBitmap(l.png, { premultiplyAlpha: 'none' }), 256, 256);
    expect([img.width, img.height]).toEqual([256, 256]);
    expect(px(img, 2, 2)[3], `${l.name} is transparent outside`).toBe(0);
  }
  const second = imageDataOf(await createImageBitmap((layers[1] as { png: Blob }).png), 256, 256);
  // Inside both clips (x < 200, inside the layer's own rect) the checker shows opaque.
  expect(px(second, 150, 120)[3]).toBe(255);
  // Right of the group's clip at x = 200 nothing shows.
  expect(px(second, 210, 120)[3]).toBe(0);
});

test('a layer whose flat is missing is left out', async () => {
  const img = await renderer.renderViewToImageData({ view: view([smartObject({})], { imageUrl: 'grey' }), flats: {} });
  expect(px(img, 50, 50)).toEqual([128, 128, 128, 255]);
});

test('a failing image load rejects with the url', async () => {
  await expect(renderer.renderView({ view: view([], { imageUrl: 'nope' }), flats: {} })).rejects.toThrow('nope');
});
