/**
 * A design's Displace smart filter baked into the view's displacement: the map Photoshop embedded
 * in the document, stretched or tiled over the document as the filter reads it.
 */
import { describe, expect, it } from 'vitest';
import { writePsdUint8Array, type Filter, type Layer, type Psd } from 'ag-psd';
import { bakePsdTemplate } from '../../../../engine/psd/template-bake';
import { embeddedDisplacementMap, fileNameOf, viewDisplacementFrom, type DisplaceFilter } from '../../../../engine/psd/displace';
import type { Raster } from '../../../../engine/psd/pixels/raster';

const W = 20;
const H = 10;

function solid(w: number, h: number, c: readonly number[]) {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(c, i);
  return { width: w, height: h, data };
}

/** A map whose red grows left to right (x * 10) and green is 200 everywhere. */
function gradientMap(w: number, h: number): Raster {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([x * 10, 200, 0, 255], (y * w + x) * 4);
  return { width: w, height: h, data };
}

const mapPsdBytes = (r: Raster): Uint8Array => {
  return writePsdUint8Array(
    {
      width: r.width,
      height: r.height,
      imageData: r,
      children: [{ name: 'map', left: 0, top: 0, right: r.width, bottom: r.height, imageData: r }],
    } as Psd,
    { useImageData: true } as never,
  );
};

function displace(path: string, extra: Partial<DisplaceFilter['filter']> = {}): Filter {
  return {
    name: 'Displace',
    type: 'displace',
    enabled: true,
    opacity: 1,
    blendMode: 'normal',
    filter: {
      horizontalScale: 10,
      verticalScale: -5,
      displacementMap: 'stretch to fit',
      undefinedAreas: 'repeat edge pixels',
      displacementFile: { signature: '8BPS', path },
      ...extra,
    },
  } as Filter;
}

function designWith(filter: Filter): Layer {
  return {
    name: 'Design',
    left: 0,
    top: 0,
    right: 10,
    bottom: 10,
    blendMode: 'normal',
    opacity: 1,
    imageData: solid(10, 10, [255, 0, 0, 255]),
    placedLayer: {
      id: 'd1',
      type: 'raster',
      width: 10,
      height: 10,
      transform: [0, 0, 10, 0, 10, 10, 0, 10],
      filter: { enabled: true, validAtPosition: true, maskEnabled: false, maskLinked: false, maskExtendWithWhite: false, list: [filter] },
    } as never,
  };
}

describe('Displace smart filter', () => {
  it('names the file at the end of a stored path', () => {
    expect(fileNameOf('Macintosh HD:Users:me:maps:folds.psd')).toBe('folds.psd');
    expect(fileNameOf('C:\\maps\\folds.psd')).toBe('folds.psd');
    expect(fileNameOf('folds.psd')).toBe('folds.psd');
  });

  it('reads the map Photoshop embedded among the linked files, by file name', () => {
    const map = gradientMap(4, 2);
    const psd: Psd = { width: W, height: H, children: [], linkedFiles: [{ id: 'm', name: 'Folds.psd', data: mapPsdBytes(map) }] };
    const got = embeddedDisplacementMap(psd, '/Users/me/folds.psd', () => {});
    expect(got?.width).toBe(4);
    expect(Array.from(got!.data.subarray(4, 8))).toEqual([10, 200, 0, 255]);
    expect(embeddedDisplacementMap(psd, 'other.psd', () => {})).toBeNull();
  });

  it('stretches the map over the document, cuts it to the view and turns percent into the model scale', () => {
    const map = gradientMap(10, 5); // half the document's size
    const f = (displace('m.psd') as DisplaceFilter).filter;
    const v = viewDisplacementFrom(map, f, { width: W, height: H }, { left: 4, top: 0, width: 8, height: H });
    expect(v.scaleX).toBeCloseTo(12.8, 9);
    expect(v.scaleY).toBeCloseTo(6.4, 9);
    // View x 0 is document x 4, map u = (4.5 * 10 / 20) - 0.5 = 1.75: red 17.5 -> 18.
    expect(v.raster.data[0]).toBe(18);
    // A negative vertical percentage inverts green: 255 - 200.
    expect(v.raster.data[1]).toBe(55);
  });

  it('tiles the map from the top-left of the document', () => {
    const map = gradientMap(3, 2);
    const f = (displace('m.psd', { displacementMap: 'tile' }) as DisplaceFilter).filter;
    const v = viewDisplacementFrom(map, f, { width: W, height: H }, { left: 0, top: 0, width: W, height: H });
    expect([0, 1, 2, 3, 4].map((x) => v.raster.data[x * 4])).toEqual([0, 10, 20, 0, 10]);
  });

  it('bakes the Displace of a design into the displacement of the view when the map is embedded', () => {
    const psd: Psd = {
      width: W,
      height: H,
      children: [designWith(displace('folds.psd'))],
      linkedFiles: [{ id: 'm', name: 'folds.psd', data: mapPsdBytes(gradientMap(W, H)) }],
    };
    const baked = bakePsdTemplate(psd);
    const d = baked.template.viewList[0]!.viewData.displacement;
    expect(d).toMatchObject({ scaleX: 12.8, scaleY: 6.4 });
    const image = baked.images.find((i) => i.name === d!.url)!;
    expect(image.raster.width).toBe(W);
    expect(Array.from(image.raster.data.subarray(4 * 3, 4 * 3 + 2))).toEqual([30, 55]);
    expect(baked.notes.filter((n) => /displace/i.test(n))).toEqual([]);
  });

  it('names a map that is not in the document and leaves the view undisplaced', () => {
    const baked = bakePsdTemplate({ width: W, height: H, children: [designWith(displace('/Users/me/folds.psd'))] });
    expect(baked.template.viewList[0]!.viewData.displacement).toBeUndefined();
    expect(baked.notes.some((n) => n.includes('"folds.psd" is not embedded'))).toBe(true);
  });
});
