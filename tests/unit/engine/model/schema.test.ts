import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  customTemplateSchema,
  type designElementSchema,
  engineProductSchema,
  skuDesignSchema,
  validateDesignElement,
  validateProduct,
  validateSkuDesign,
  validateTemplate,
  validateWith,
  idSchema,
  type CustomTemplate,
  type DesignElement,
  type EngineProduct,
  type SkuDesign,
  type ValidationResult,
} from '../../../../engine/model/index.ts';
import { change, validProduct, validSkuDesign, validTemplate } from './fixtures.ts';

function reasonOf(result: ValidationResult<unknown>): string {
  if (result.ok) throw new Error('expected a data error, got a value');
  return result.reason;
}

const FRONT = ['viewList', 0, 'viewData', 'layers'] as const;

describe('schemas', () => {
  it('type their output as the model types', () => {
    // Each way assignable: the schema's output is the model type (types.ts stays the documented source).
    type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    expectTypeOf<Same<z.output<typeof customTemplateSchema>, CustomTemplate>>().toEqualTypeOf<true>();
    expectTypeOf<Same<z.output<typeof skuDesignSchema>, SkuDesign>>().toEqualTypeOf<true>();
    expectTypeOf<Same<z.output<typeof designElementSchema>, DesignElement>>().toEqualTypeOf<true>();
    expectTypeOf<Same<z.output<typeof engineProductSchema>, EngineProduct>>().toEqualTypeOf<true>();
  });

  it('describe the documents as JSON Schema for the API', () => {
    const design = z.toJSONSchema(skuDesignSchema, { io: 'input' });
    expect(design).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'flatDesignList']) });
    const template = JSON.stringify(z.toJSONSchema(customTemplateSchema, { io: 'input' }));
    expect(template).toContain('"flatList"');
    expect(template).toContain('"CF"');
    expect(() => z.toJSONSchema(engineProductSchema, { io: 'input' })).not.toThrow();
  });

  it('give the same result through validateWith as through the named validators', () => {
    expect(validateWith(customTemplateSchema, validTemplate())).toEqual(validateTemplate(validTemplate()));
    expect(validateWith(idSchema, 12)).toEqual({ ok: true, value: '12' });
  });

  it('keep the normalised key order, so a saved document serialises as before', () => {
    const design = validateSkuDesign(validSkuDesign());
    if (!design.ok) throw new Error(design.reason);
    expect(Object.keys(design.value)).toEqual(['id', 'flatDesignList', 'BGDesignList', 'color', 'styleId']);
    expect(Object.keys(design.value.flatDesignList[0]?.designList[1] ?? {})).toEqual([
      ...[
        'flatId',
        'localId',
        'designId',
        'left',
        'top',
        'width',
        'height',
        'angle',
        'scaleX',
        'scaleY',
        'flipX',
        'flipY',
        'originX',
        'originY',
        'type',
      ],
      ...['text', 'fill', 'fontSize', 'textAlign', 'charSpacing', 'fontFamily', 'stroke', 'strokeWidth', 'shadow', 'textLines'],
    ]);
    const template = validateTemplate(validTemplate());
    if (!template.ok) throw new Error(template.reason);
    const [smartObject, , group] = template.value.viewList[0]?.viewData.layers ?? [];
    expect(Object.keys(smartObject ?? {})).toEqual(['T', 'PS', 'OS', 'M', 'PPC', 'F', 'blend', 'opacity']);
    expect(Object.keys(group ?? {})).toEqual(['T', 'PPC', 'CF', 'blend', 'opacity']);
    // Validating the output again changes nothing, down to the serialised text.
    const again = validateTemplate(template.value);
    expect(again.ok && JSON.stringify(again.value)).toBe(JSON.stringify(template.value));
  });

  it('fill defaults with fresh values each time', () => {
    const input = { id: 1, flatDesignList: [{ flatId: 'front' }] };
    const a = validateSkuDesign(input);
    const b = validateSkuDesign(input);
    if (!a.ok || !b.ok) throw new Error('expected values');
    expect(a.value.BGDesignList).not.toBe(b.value.BGDesignList);
    expect(a.value.flatDesignList[0]?.designList).not.toBe(b.value.flatDesignList[0]?.designList);
  });
});

describe('reasons', () => {
  it('name what is wrong with an id', () => {
    const element = validSkuDesign().flatDesignList[0]?.designList[0];
    expect(reasonOf(validateDesignElement({ ...element, localId: 1.5 }))).toBe('localId: expected an integer id, got 1.5');
    expect(reasonOf(validateDesignElement({ ...element, localId: '  ' }))).toBe('localId: expected a non-empty id');
    expect(reasonOf(validateDesignElement({ ...element, localId: Number.NaN }))).toBe('localId: expected a finite number, got NaN');
    expect(reasonOf(validateDesignElement({ ...element, localId: [] }))).toBe('localId: expected an id (string or integer), got an array');
    expect(reasonOf(validateDesignElement({ ...element, localId: null }))).toBe('localId: required');
  });

  it('report the short matrix forms at their own paths', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'M'], [1, 0, 0, 1, Number.NaN, 0])))).toBe(
      'viewList[0].viewData.layers[0].M[4]: expected a finite number, got NaN',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'M'], [1, 2, 2, 4, 0, 0])))).toBe(
      'viewList[0].viewData.layers[0].M: matrix is not invertible',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'M'], 'affine')))).toBe(
      'viewList[0].viewData.layers[0].M: expected an object, got "affine"',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'M'], { kind: 'affine' })))).toBe(
      'viewList[0].viewData.layers[0].M.matrix: required',
    );
  });

  it('report option values, edit zones and layer files of the wrong shape', () => {
    expect(reasonOf(validateProduct(change(validProduct(), ['options', 0, 'values', 0], 5)))).toBe(
      'options[0].values[0]: expected an object, got 5',
    );
    expect(reasonOf(validateProduct(change(validProduct(), ['options', 0, 'values', 0], '')))).toBe(
      'options[0].values[0]: expected a non-empty string',
    );
    expect(reasonOf(validateProduct(change(validProduct(), ['images'], [{ editZone: 7 }])))).toBe(
      'images[0].editZone: expected an object, got 7',
    );
    expect(reasonOf(validateProduct(change(validProduct(), ['images'], [{ editZone: '  ' }])))).toBe(
      'images[0].editZone: expected a non-empty string',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'F'], { kind: 'video' })))).toBe(
      'viewList[0].viewData.layers[0].F.kind: expected "flat" or "image", got "video"',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'F'], { url: ' ' })))).toBe(
      'viewList[0].viewData.layers[0].F.url: expected a non-empty string',
    );
  });

  it('refuse a __proto__ key in a colour map', () => {
    const template = change(validTemplate(), ['colorConfigList', 0, 'colorFlatMap'], JSON.parse('{"front": "#fff", "__proto__": "#000"}'));
    expect(reasonOf(validateTemplate(template))).toBe('colorConfigList[0].colorFlatMap.__proto__: key not allowed');
  });

  it('stop at the first problem of a huge bad list', () => {
    const design = change(
      validSkuDesign(),
      ['flatDesignList', 0, 'designList'],
      Array.from({ length: 200_000 }, () => ({ type: 'shape' })),
    );
    const started = performance.now();
    expect(reasonOf(validateSkuDesign(design))).toMatch(/^flatDesignList\[0\]\.designList\[0\]\.type: unknown design type "shape";/);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('hostile nesting', () => {
  it('refuses a deeply nested document without overflowing the stack', () => {
    let layer: unknown = { T: 'Group', CF: [] };
    for (let i = 0; i < 200_000; i += 1) layer = { T: 'Group', CF: [layer] };
    expect(() => validateTemplate(change(validTemplate(), [...FRONT], [layer]))).not.toThrow();
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT], [layer])))).toMatch(
      /^viewList\[0\]\.viewData\.layers\[0\](\.CF\[0\]){33}: layers nested deeper than 32$/,
    );

    let data: unknown = 1;
    for (let i = 0; i < 200_000; i += 1) data = { a: [data] };
    expect(reasonOf(validateTemplate(change(validTemplate(), ['templateData'], data)))).toMatch(/: nesting too deep$/);
    expect(reasonOf(validateProduct(change(validProduct(), ['images'], [{ dpl: data }])))).toMatch(
      /^images\[0\]\.dpl(\.a\[0\])+.*: nesting too deep$/,
    );
  });

  it('accepts nesting up to the caps', () => {
    let layer: unknown = { T: 'SmartObject', OS: { w: 1, h: 1 }, M: [1, 0, 0, 1, 0, 0], F: { flatId: 'front' } };
    for (let i = 0; i < 32; i += 1) layer = { T: 'Group', CF: [layer] };
    expect(validateTemplate(change(validTemplate(), [...FRONT], [layer])).ok).toBe(true);
    let data: unknown = 1;
    for (let i = 0; i < 64; i += 1) data = [data];
    expect(validateTemplate(change(validTemplate(), ['templateData'], data)).ok).toBe(true);
  });
});
