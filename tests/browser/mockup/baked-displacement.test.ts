/**
 * A PSD whose design carries a Displace smart filter, with the map embedded in the document, baked
 * into a template: the view's displacement moves the design as the filter does.
 */
import { describe, expect, test } from 'vitest';
import { writePsdUint8Array, type Filter, type Psd } from 'ag-psd';
import { bakePsdTemplate } from '../../../engine/psd/template-bake.ts';
import type { Raster } from '../../../engine/psd/pixels/raster.ts';
import { bitmap, canvas, createRenderer, maxDiff, px } from './helpers.ts';

const W = 64;
const H = 32;

function solid(w: number, h: number, c: readonly number[]): Raster {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(c, i);
  return { width: w, height: h, data };
}

function bakedDocument(withFilter: boolean) {
  // The map: red 64 everywhere, green 128: at 12.5% the picture moves right by (128 - 64) x 0.125 = 8 px.
  const map = solid(W, H, [64, 128, 0, 255]);
  const mapBytes = writePsdUint8Array(
    { width: W, height: H, imageData: map, children: [{ name: 'map', left: 0, top: 0, right: W, bottom: H, imageData: map }] } as Psd,
    { useImageData: true } as never,
  );
  const filter: Filter = {
    name: 'Displace',
    type: 'displace',
    enabled: true,
    opacity: 1,
    blendMode: 'normal',
    filter: {
      horizontalScale: 12.5,
      verticalScale: 12.5,
      displacementMap: 'stretch to fit',
      undefinedAreas: 'repeat edge pixels',
      displacementFile: { signature: '8BPS', path: 'folds.psd' },
    },
  } as Filter;
  const psd: Psd = {
    width: W,
    height: H,
    children: [
      {
        name: 'photo',
        left: 0,
        top: 0,
        right: W,
        bottom: H,
        blendMode: 'normal',
        opacity: 1,
        imageData: solid(W, H, [100, 100, 100, 255]),
      },
      {
        name: 'Design',
        left: 0,
        top: 0,
        right: W,
        bottom: H,
        blendMode: 'normal',
        opacity: 1,
        imageData: solid(W, H, [255, 0, 0, 255]),
        placedLayer: {
          id: 'd',
          type: 'raster',
          width: W,
          height: H,
          transform: [0, 0, W, 0, W, H, 0, H],
          ...(withFilter
            ? {
                filter: {
                  enabled: true,
                  validAtPosition: true,
                  maskEnabled: false,
                  maskLinked: false,
                  maskExtendWithWhite: false,
                  list: [filter],
                },
              }
            : {}),
        } as never,
      },
    ],
    linkedFiles: [{ id: 'm', name: 'folds.psd', data: mapBytes }],
  };
  return bakePsdTemplate(psd);
}

async function render(withFilter: boolean): Promise<ImageData> {
  const baked = bakedDocument(withFilter);
  const images: Record<string, TexImageSource> = {};
  for (const i of baked.images)
    images[i.name] = await createImageBitmap(new ImageData(new Uint8ClampedArray(i.raster.data), i.raster.width, i.raster.height));
  // The design: red on the left half, blue on the right.
  images.design = await bitmap(
    canvas(W, H, (ctx) => {
      ctx.fillStyle = 'rgb(255,0,0)';
      ctx.fillRect(0, 0, W / 2, H);
      ctx.fillStyle = 'rgb(0,0,255)';
      ctx.fillRect(W / 2, 0, W / 2, H);
    }),
  );
  const renderer = createRenderer(images);
  try {
    return await renderer.renderViewToImageData({ view: baked.template.viewList[0]!, flats: { Design: images.design as ImageBitmap } });
  } finally {
    await renderer.dispose();
  }
}

describe('a baked Displace smart filter', () => {
  test("moves the design by the filter's shift, and nothing without it", async () => {
    const moved = await render(true);
    const still = await render(false);
    // The red/blue edge at 32 moves to 40; the first 8 columns show the photo.
    expect(maxDiff(px(still, 36, 16), [0, 0, 255, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(moved, 36, 16), [255, 0, 0, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(moved, 44, 16), [0, 0, 255, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(moved, 4, 16), [100, 100, 100, 255])).toBeLessThanOrEqual(1);
    expect(maxDiff(px(still, 4, 16), [255, 0, 0, 255])).toBeLessThanOrEqual(1);
  });
});
