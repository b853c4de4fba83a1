import { describe, expect, it } from 'vitest';
import { INLINE_JSON_LIMIT, MAX_TILES_MSG, createImageElement } from '../../../engine/model/index.ts';
import {
  alignmentEnabled,
  charSpacingOf,
  clampTo,
  initialFontSize,
  letterSpacingOf,
  planTextInput,
  shadowControlsOf,
} from '../../../src/designer/panels/text-rules';
import { isEditObjUrl, planEditObj } from '../../../src/designer/save/edit-obj';
import { designDocument, readDesignDocument } from '../../../engine/model/index.ts';
import { saveBody } from '../../../src/designer/save/body';
import { templateSwitch, templateForColour } from '../../../src/designer/model/template-pick';
import { coloursOnTemplate } from '../../../src/designer/save/view-images';
import { copyBackgroundToViews, colourBackground } from '../../../src/designer/panels/background-rules';
import { dpiReading, placeImage, tilingError } from '../../../src/designer/panels/image-tools';
import { validSkuDesign, validTemplate } from '../engine/model/fixtures';
import type { WireOption } from '../../../src/api/catalog';

describe('text editing rules', () => {
  it('starts a new text at a tenth of the print area, never below the default size', () => {
    expect(initialFontSize({ width: 1800, height: 2400 }, 40)).toBe(180);
    expect(initialFontSize({ width: 600, height: 250 }, 40)).toBe(40);
    expect(initialFontSize({ width: 3000, height: 900 }, 40)).toBe(90);
    expect(initialFontSize({ width: 0, height: 0 }, 40)).toBe(40);
  });

  const current = { localId: 't1', textAlign: 'center' as const };
  it('typing with no text design adds one', () => {
    expect(planTextInput(null, 'Hi')).toEqual({ kind: 'add', text: 'Hi', textLines: ['Hi'] });
    expect(planTextInput(null, '')).toEqual({ kind: 'none' });
    expect(planTextInput(null, '  \n')).toEqual({ kind: 'none' });
  });
  it('emptying the text of an existing design deletes it', () => {
    expect(planTextInput(current, '')).toEqual({ kind: 'remove', localId: 't1' });
  });
  it('alignment is active only with two or more lines, otherwise left', () => {
    expect(planTextInput(current, 'one line')).toEqual({
      kind: 'update',
      localId: 't1',
      patch: { text: 'one line', textLines: ['one line'], textAlign: 'left' },
    });
    expect(planTextInput(current, 'two\nlines')).toEqual({
      kind: 'update',
      localId: 't1',
      patch: { text: 'two\nlines', textLines: ['two', 'lines'], textAlign: 'center' },
    });
    expect(alignmentEnabled('a')).toBe(false);
    expect(alignmentEnabled('a\nb')).toBe(true);
  });
  it('converts letter spacing, shadow and ranges for the controls', () => {
    expect(letterSpacingOf(charSpacingOf(-0.5))).toBe(-0.5);
    expect(charSpacingOf(0.05)).toBe(50);
    expect(shadowControlsOf({ offsetX: 0, offsetY: 25 })).toEqual({ distance: 2.5, angle: 90 });
    expect(shadowControlsOf(null)).toEqual({ distance: 0, angle: 0 });
    expect(clampTo(12, 1, 10)).toBe(10);
    expect(clampTo(Number.NaN, 0, 10)).toBe(0);
  });
});

describe('design JSON inline or as a file', () => {
  it(`inlines up to ${INLINE_JSON_LIMIT} characters and uploads above`, () => {
    const pad = (n: number) => ({ s: 'x'.repeat(n - 8) }); // JSON.stringify({s:"…"}) adds 8 characters
    expect(JSON.stringify(pad(INLINE_JSON_LIMIT)).length).toBe(INLINE_JSON_LIMIT);
    expect(planEditObj(pad(INLINE_JSON_LIMIT)).kind).toBe('inline');
    expect(planEditObj(pad(INLINE_JSON_LIMIT + 1)).kind).toBe('file');
  });
  it('tells a URL editObj from inline JSON', () => {
    expect(isEditObjUrl('/prod-api/files/customizedTemplate/a.json')).toBe(true);
    expect(isEditObjUrl('{"version":1}')).toBe(false);
  });
  it('reads back what it saves, and refuses what is not a design', () => {
    const doc = designDocument(validTemplate(), validSkuDesign());
    expect(readDesignDocument(JSON.stringify(doc))?.design.flatDesignList.length).toBe(2);
    expect(readDesignDocument(JSON.stringify(doc))?.customTemplateId).toBe('501');
    expect(readDesignDocument('{"design": 3}')).toBeNull();
    // A new document (emptyDesign: id '') gets an id, so it reads back too.
    const fresh = designDocument(validTemplate(), { ...validSkuDesign(), id: '' });
    expect(fresh.design.id).not.toBe('');
    expect(readDesignDocument(JSON.stringify(fresh))).not.toBeNull();
    expect(readDesignDocument('not json')).toBeNull();
  });
  it('builds the spec save body', () => {
    const options: WireOption[] = [
      { id: 'c', name: 'Color', position: 1, isColor: true, values: [{ name: 'White', hex: '#FFFFFF' }] },
      { id: 's', name: 'Size', position: 2, isColor: false, values: [{ name: 'M', hex: null }] },
    ];
    const body = saveBody({
      id: null,
      productfid: 9,
      customType: 3,
      template: validTemplate(),
      editObj: '{}',
      editObjUrl: null,
      options,
      selection: [['White'], ['M']],
      colours: [{ value: 'White', name: 'White', hex: '#FFFFFF' }],
      title: ' Tee ',
      bodyHtml: '<p>x</p>',
      prices: [{ variantId: 4, price: 2500 }],
      isTemplate: false,
      sourceTemplateId: null,
    });
    expect(body).toMatchObject({
      productfid: 9,
      editObj: '{}',
      customType: 3,
      colorIds: [{ id: 'White', color: '#FFFFFF', name: 'White' }],
      optionsvalue: ['White'],
      optionsvalue2: ['M'],
      title: 'Tee',
      variants: [{ variantId: 4, price: 2500 }],
      isTemplate: 0,
    });
    expect(body.id).toBeUndefined();
    expect(body.optionsvalue3).toBeUndefined();
  });
});

describe('template switching', () => {
  const white = { ...validTemplate(), customTemplateId: 'T-FFFFFF' };
  const black = { ...validTemplate(), customTemplateId: 'T-000000' };
  const rows = [
    { imgname: '#FFFFFF', editZone: white },
    { imgname: '#000000', editZone: black },
  ];
  it('picks the template of the checked colour and switches only when it differs', () => {
    expect(templateForColour(rows, '#000000')).toBe(black);
    expect(templateSwitch(rows, '#000000', white)).toBe(black);
    expect(templateSwitch(rows, '#ffffff', white)).toBeNull();
    expect(templateSwitch(rows, '#123456', white)).toBeNull();
  });

  it("tells each render how many of the save's colours share its template", () => {
    // Three colours on the product's one template, two with photos of their own.
    expect(coloursOnTemplate(['T', 'T-000000', 'T', 'T-1F2A44', 'T'])).toEqual([3, 1, 3, 1, 3]);
    expect(coloursOnTemplate(['T'])).toEqual([1]);
    expect(coloursOnTemplate([])).toEqual([]);
  });
});

describe('background copy to other views', () => {
  it('views that take a background get a copy, the others a white visible colour', () => {
    const t = validTemplate();
    const src = colourBackground('v-front', '#ff0000');
    const all = copyBackgroundToViews(t, src);
    expect(all[0]).toMatchObject({ viewId: 'v-front', viewIdList: ['v-back'], color: '#FF0000' });
    expect(all[1]).toMatchObject({ viewId: 'v-back', BGType: '1', color: '#FF0000', visible: true });
    const noBg = { ...t, flatList: t.flatList.map((f) => ({ ...f, flatData: { ...f.flatData, bg: 0 as const } })) };
    expect(copyBackgroundToViews(noBg, src)[1]).toMatchObject({ viewId: 'v-back', BGType: '1', color: '#FFFFFF', visible: true });
  });
});

describe('images on a flat', () => {
  const flat = validTemplate().flatList[0]!.flatData; // 600x700 edited, 3000x3500 printed
  it('places a new image centred and scaled down to fit', () => {
    const el = placeImage('front', flat, { url: '/a.png', width: 2400, height: 1200 });
    expect(el).toMatchObject({ left: 300, top: 350, originX: 'center', scaleX: 0.15, width: 2400, originalWidth: 2400 });
    expect(placeImage('front', flat, { url: '/b.png', width: 100, height: 100 }).scaleX).toBe(1);
  });
  it('reads DPI bands: good at 120+, medium from 72, bad below', () => {
    // 3000 print px over 600 design px = 5x; at 125 dpi print, 1 design px = 0.04 in.
    const at = (px: number, designWidth: number) =>
      dpiReading(
        createImageElement({ flatId: 'front', url: '/x', originalWidth: px, originalHeight: px, width: designWidth, height: designWidth }),
        flat,
      );
    expect(at(1200, 200).quality).toBe('good'); // 200 design px = 8 in → 150 dpi
    expect(at(800, 200).quality).toBe('medium'); // 100 dpi
    expect(at(400, 200)).toMatchObject({ quality: 'bad', label: 'Low resolution', dpi: 50 });
  });
  it("refuses tiling over 150 tiles with 'Maximum 150 tiling'", () => {
    const tiny = createImageElement({ flatId: 'front', url: '/x', originalWidth: 10, originalHeight: 10 });
    expect(tilingError(tiny, flat, { type: 0, spacing: 0, seed: 1 })).toBe(MAX_TILES_MSG);
    const big = createImageElement({ flatId: 'front', url: '/x', originalWidth: 200, originalHeight: 200 });
    expect(tilingError(big, flat, { type: 0, spacing: 0, seed: 1 })).toBeNull();
    expect(tilingError(tiny, flat, null)).toBeNull();
  });
});
