import { describe, expect, it } from 'vitest';
import {
  unwrap,
  validateDesignElement,
  validateProduct,
  validateSkuDesign,
  type ValidationResult,
} from '../../../../engine/model/index.ts';
import { change, remove, validProduct, validSkuDesign, validTemplate } from './fixtures.ts';

function reasonOf(result: ValidationResult<unknown>): string {
  if (result.ok) throw new Error('expected a data error, got a value');
  expect(result).toMatchObject({ ok: false, code: 20000, msg: 'Data error' });
  expect(result).not.toHaveProperty('value');
  return result.reason;
}

const FRONT_DESIGNS = ['flatDesignList', 0, 'designList'] as const;

describe('validateSkuDesign', () => {
  it('accepts a normalised SKU design unchanged and it survives structuredClone', () => {
    const design = validSkuDesign();
    const value = unwrap(validateSkuDesign(design, validTemplate()));
    expect(value).toEqual(design);
    expect(structuredClone(value)).toEqual(design);
  });

  it('fills defaults: colour #FFFFFF, fabric element fields, text defaults and textLines', () => {
    const value = unwrap(
      validateSkuDesign({
        id: 12,
        flatDesignList: [
          {
            flatId: 'front',
            designList: [{ type: 'text', localId: 't', left: 0, top: 0, width: 10, height: 10, text: 'a\nb\nc' }],
          },
        ],
      }),
    );
    expect(value.id).toBe('12');
    expect(value.color).toBe('#FFFFFF');
    expect(value.BGDesignList).toEqual([]);
    expect(value.styleId).toBeNull();
    expect(value.flatDesignList[0]?.color).toBe('#FFFFFF');
    expect(value.flatDesignList[0]?.designList[0]).toEqual({
      type: 'text',
      flatId: 'front',
      localId: 't',
      designId: null,
      left: 0,
      top: 0,
      width: 10,
      height: 10,
      angle: 0,
      scaleX: 1,
      scaleY: 1,
      flipX: false,
      flipY: false,
      originX: 'left',
      originY: 'top',
      text: 'a\nb\nc',
      fill: '#000000',
      fontSize: 40,
      textAlign: 'left',
      charSpacing: 0,
      fontFamily: 'Comfortaa Regular',
      stroke: null,
      strokeWidth: 1,
      shadow: null,
      textLines: ['a', 'b', 'c'],
    });
  });

  it('reads background codes sent as numbers and 0/1 visibility', () => {
    const value = unwrap(
      validateSkuDesign(change(validSkuDesign(), ['BGDesignList', 0], { viewId: 'v-front', BGType: 1, color: 'eee', visible: 0 })),
    );
    expect(value.BGDesignList[0]).toEqual({
      viewId: 'v-front',
      imageUrl: null,
      labelType: null,
      BGType: '1',
      color: '#EEEEEE',
      viewIdList: [],
      visible: false,
    });
  });

  it('rejects bad element data with the element path', () => {
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), [...FRONT_DESIGNS, 1, 'fontSize'], Number.NaN)))).toBe(
      'flatDesignList[0].designList[1].fontSize: expected a finite number, got NaN',
    );
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), [...FRONT_DESIGNS, 1, 'fill'], '#ggg')))).toBe(
      'flatDesignList[0].designList[1].fill: bad hex colour "#ggg"',
    );
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), [...FRONT_DESIGNS, 1, 'textAlign'], 'justify')))).toMatch(
      /^flatDesignList\[0\]\.designList\[1\]\.textAlign: unknown textAlign "justify";/,
    );
    expect(reasonOf(validateSkuDesign(remove(validSkuDesign(), [...FRONT_DESIGNS, 0, 'url'])))).toBe(
      'flatDesignList[0].designList[0].url: required',
    );
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), [...FRONT_DESIGNS, 0, 'type'], 'shape')))).toMatch(
      /^flatDesignList\[0\]\.designList\[0\]\.type: unknown design type "shape";/,
    );
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), [...FRONT_DESIGNS, 0, 'tiling', 'type'], 6)))).toMatch(
      /^flatDesignList\[0\]\.designList\[0\]\.tiling\.type: unknown tiling pattern type 6;/,
    );
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), [...FRONT_DESIGNS, 0, 'originalWidth'], 0)))).toBe(
      'flatDesignList[0].designList[0].originalWidth: expected a number above 0, got 0',
    );
  });

  it('rejects elements on the wrong flat and duplicate local ids across flats', () => {
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), [...FRONT_DESIGNS, 0, 'flatId'], 'back')))).toBe(
      'flatDesignList[0].designList[0].flatId: expected "front" (the enclosing flat), got "back"',
    );
    const element = validSkuDesign().flatDesignList[0]?.designList[1];
    const clash = change(validSkuDesign(), ['flatDesignList', 1, 'designList'], [{ ...element, flatId: 'back' }]);
    expect(reasonOf(validateSkuDesign(clash))).toBe('flatDesignList[1].designList[0].localId: duplicate localId "txt-1"');
  });

  it('requires an image for image backgrounds', () => {
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), ['BGDesignList', 1, 'imageUrl'], '')))).toBe(
      'BGDesignList[1].imageUrl: required for an image background (BGType "2")',
    );
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), ['BGDesignList', 1, 'BGType'], '3')))).toMatch(
      /^BGDesignList\[1\]\.BGType: unknown BGType "3";/,
    );
  });

  it('checks flats and views against the template when given one', () => {
    const design = change(validSkuDesign(), ['flatDesignList', 1, 'flatId'], 'sleeve');
    expect(validateSkuDesign(design).ok).toBe(true);
    expect(reasonOf(validateSkuDesign(design, validTemplate()))).toBe('flatDesignList[1].flatId: unknown flat "sleeve"');
    expect(reasonOf(validateSkuDesign(change(validSkuDesign(), ['BGDesignList', 0, 'viewId'], 'v-side'), validTemplate()))).toBe(
      'BGDesignList[0].viewId: unknown view "v-side"',
    );
  });

  it('validates a single element', () => {
    expect(reasonOf(validateDesignElement({ type: 'text', localId: 'x', left: 0, top: 0, width: 1, height: 1, text: '' }))).toBe(
      'flatId: required',
    );
  });
});

describe('validateProduct', () => {
  it('accepts a valid product unchanged', () => {
    const product = validProduct();
    expect(unwrap(validateProduct(product))).toEqual(product);
  });

  it("normalises option hex values including the '%23' placeholder", () => {
    const value = unwrap(
      validateProduct(
        change(validProduct(), ['options', 0, 'values'], [{ name: 'Red', hex: '%23ff0000' }, { name: 'Navy', hex: '008' }, 'Plain']),
      ),
    );
    expect(value.options[0]?.values).toEqual([
      { name: 'Red', hex: '#FF0000' },
      { name: 'Navy', hex: '#000088' },
      { name: 'Plain', hex: null },
    ]);
  });

  it('rejects an option with no values', () => {
    expect(reasonOf(validateProduct(change(validProduct(), ['options', 1, 'values'], [])))).toBe(
      'options[1].values: option "Size" has no values',
    );
  });

  it('rejects a colour option with no hex values', () => {
    const values = [{ name: 'Red' }, { name: 'Navy', hex: null }];
    expect(reasonOf(validateProduct(change(validProduct(), ['options', 0, 'values'], values)))).toBe(
      'options[0].values: colour option "Color" has no hex values',
    );
  });

  it('rejects bad option hex values', () => {
    expect(reasonOf(validateProduct(change(validProduct(), ['options', 0, 'values', 1, 'hex'], 'ggg')))).toBe(
      'options[0].values[1].hex: bad hex colour "ggg"',
    );
  });

  it('rejects more than 3 options and duplicate positions', () => {
    const option = { id: 'x', name: 'X', values: ['a'] };
    const four = change(validProduct(), ['options'], [option, option, option, option]);
    expect(reasonOf(validateProduct(four))).toBe('options: expected at most 3 options, got 4');
    expect(reasonOf(validateProduct(change(validProduct(), ['options', 1, 'position'], 1)))).toBe(
      'options[1].position: duplicate position "1"',
    );
  });

  it('rejects variants naming values their option does not have', () => {
    expect(reasonOf(validateProduct(change(validProduct(), ['variants', 1, 'option1'], 'Purple')))).toBe(
      'variants[1].option1: "Purple" is not a value of option "Color"',
    );
    expect(reasonOf(validateProduct(change(validProduct(), ['variants', 0, 'option3'], 'XL')))).toBe(
      'variants[0].option3: the product has no option at position 3',
    );
    expect(reasonOf(validateProduct(change(validProduct(), ['variants', 0, 'cost'], 12.5)))).toBe(
      'variants[0].cost: expected an integer, got 12.5',
    );
  });

  it.each([2, 3, 5, 6, 7])('rejects a 3D product (customType %i) with no templates', (customType) => {
    const product = change(change(validProduct(), ['templates'], []), ['customType'], customType);
    expect(reasonOf(validateProduct(product))).toBe(`templates: a 3D product (customType ${customType}) needs at least one template`);
    expect(reasonOf(validateProduct(remove(product, ['templates'])))).toBe(
      `templates: a 3D product (customType ${customType}) needs at least one template`,
    );
  });

  it('accepts a non-3D product without templates', () => {
    expect(validateProduct(change(change(validProduct(), ['templates'], []), ['customType'], 1)).ok).toBe(true);
  });

  it('reports template errors inside a product with their full path', () => {
    const product = change(validProduct(), ['templates', 0, 'viewList', 1, 'viewData', 'layers', 0, 'blend'], 28);
    expect(reasonOf(validateProduct(product))).toMatch(
      /^templates\[0\]\.viewList\[1\]\.viewData\.layers\[0\]\.blend: unknown blend code 28;/,
    );
  });

  it('requires both src and imgname on 2D images', () => {
    const twoD = change(change(validProduct(), ['templates'], []), ['customType'], 1);
    const image = { src: '/p/red.jpg', imgname: '%23ff0000' };
    const ok = unwrap(validateProduct(change(twoD, ['images'], [image])));
    expect(ok.images[0]).toMatchObject({ productid: '1001', customType: 1, src: '/p/red.jpg', imgname: '#FF0000', editZone: null });
    expect(reasonOf(validateProduct(change(twoD, ['images'], [{ src: '/p/red.jpg' }])))).toBe(
      'images[0].imgname: a 2D image needs both src and imgname',
    );
    expect(reasonOf(validateProduct(change(twoD, ['images'], [image, { src: '', imgname: 'fff' }])))).toBe(
      'images[1].src: a 2D image needs both src and imgname',
    );
    expect(reasonOf(validateProduct(change(twoD, ['images'], [{ src: '/a.jpg', imgname: 'zz' }])))).toBe(
      'images[0].imgname: bad hex colour "zz"',
    );
  });

  it('lets 3D product images go without src/imgname and parses editZone template text', () => {
    const value = unwrap(
      validateProduct(change(validProduct(), ['images'], [{ editZone: JSON.stringify(validTemplate()) }, { editZone: '/t/1.json' }])),
    );
    expect(value.images[0]?.editZone).toEqual(validTemplate());
    expect(value.images[1]?.editZone).toBe('/t/1.json');
    expect(reasonOf(validateProduct(change(validProduct(), ['images'], [{ editZone: '{"viewList": []}' }])))).toBe(
      'images[0].editZone.flatList: required',
    );
    expect(reasonOf(validateProduct(change(validProduct(), ['images'], [{ editZone: '{oops' }])))).toBe(
      'images[0].editZone: template text is not valid JSON',
    );
  });
});
