/** One picture placed on every flat (contain, cover, fill), and picture URLs made absolute for a worker. */
import { describe, expect, it } from 'vitest';
import { imageDesign, templateDesign, validateSkuDesign, withAbsoluteUrls } from '../../../../engine/model/index.ts';
import { validTemplate } from './fixtures';

const image = { url: 'https://cdn.example/art.png', width: 300, height: 100 };

describe('imageDesign', () => {
  it('fits the whole picture in each flat, centred, by default', () => {
    const template = validTemplate();
    const design = imageDesign(template, image);
    expect(validateSkuDesign(design).ok).toBe(true);
    expect(design.flatDesignList.map((f) => f.flatId)).toEqual(template.flatList.map((f) => f.flatId));
    const front = template.flatList[0]!.flatData; // 600 x 700
    const el = design.flatDesignList[0]!.designList[0]!;
    expect(el).toMatchObject({ type: 'image', url: image.url, originalWidth: 300, originalHeight: 100, scaleX: 2, scaleY: 2 });
    expect(el.left).toBeCloseTo(0);
    expect(el.top).toBeCloseTo((front.height - 200) / 2);
  });

  it('covers the flat or stretches to it on request', () => {
    const template = validTemplate();
    const cover = imageDesign(template, image, { fit: 'cover' }).flatDesignList[0]!.designList[0]!;
    expect([cover.scaleX, cover.scaleY]).toEqual([7, 7]);
    expect(cover.left).toBeCloseTo((600 - 2100) / 2);
    const fill = imageDesign(template, image, { fit: 'fill' }).flatDesignList[0]!.designList[0]!;
    expect([fill.scaleX, fill.scaleY, fill.left, fill.top]).toEqual([2, 7, 0, 0]);
  });

  it('leaves flats it was not given with the template artwork, and takes the colour', () => {
    const template = validTemplate();
    const [first, ...rest] = template.flatList;
    const design = imageDesign(template, image, { flatIds: [first!.flatId], color: '#112233' });
    expect(design.color).toBe('#112233');
    rest.forEach((flat, i) => expect(design.flatDesignList[i + 1]!.designList).toEqual(flat.designList));
    expect(() => imageDesign(template, { ...image, width: 0 })).toThrow(/positive/);
  });

  it('templateDesign shows only what the template ships with', () => {
    const template = validTemplate();
    const design = templateDesign(template);
    expect(validateSkuDesign(design).ok).toBe(true);
    expect(design.flatDesignList.map((f) => f.designList)).toEqual(template.flatList.map((f) => f.designList));
  });
});

describe('withAbsoluteUrls', () => {
  it('resolves every relative picture URL against the file it came from, and nothing else', () => {
    const template = validTemplate();
    const view = template.viewList[0]!;
    view.viewData.imageUrl = 'photos/front.png';
    view.viewData.shadingUrl = '../maps/shade.png';
    view.viewData.highlightUrl = 'data:image/png;base64,AAAA';
    const resolved = withAbsoluteUrls(template, 'https://cdn.example/products/42/template.json');
    const out = resolved.viewList[0]!.viewData;
    expect(out.imageUrl).toBe('https://cdn.example/products/42/photos/front.png');
    expect(out.shadingUrl).toBe('https://cdn.example/products/maps/shade.png');
    expect(out.highlightUrl).toBe('data:image/png;base64,AAAA');
    // A root-relative URL takes the base's origin; the template given is left as it was (a copy is returned).
    expect(resolved.flatList[0]!.flatImageUrl).toBe('https://cdn.example/flats/front.png');
    expect(template.viewList[0]!.viewData.imageUrl).toBe('photos/front.png');
    expect(resolved.customTemplateId).toBe(template.customTemplateId);
  });
});
