import { describe, expect, it } from 'vitest';
import {
  BLEND_MODES,
  DataError,
  DEFAULT_OVERLAY_ALPHA,
  DPI,
  blendModeOf,
  colorOption,
  createImageElement,
  createTextElement,
  dedupeColorNames,
  downscaledSize,
  dpiQuality,
  effectiveDpi,
  hexToRgb,
  isHexColor,
  layerFlatIds,
  layerWarp,
  normalizeHexColor,
  parseBracketList,
  parseHexColor,
  shadowOffset,
  textAlignmentFor,
  textDefaults,
  unwrap,
  validateDesignElement,
  validateTemplate,
  walkLayers,
  type SmartObjectLayer,
} from '../../../../engine/model/index.ts';
import { grid, validProduct, validTemplate } from './fixtures.ts';

describe('dpi', () => {
  it('bands quality at 72 and 120', () => {
    expect(dpiQuality(71.9)).toBe('bad');
    expect(dpiQuality(72)).toBe('medium');
    expect(dpiQuality(119.9)).toBe('medium');
    expect(dpiQuality(120)).toBe('good');
    expect(dpiQuality(0)).toBe('bad');
    expect(dpiQuality(Number.NaN)).toBe('bad');
    expect(dpiQuality(Number.POSITIVE_INFINITY)).toBe('good');
  });

  // Flat edited at 600x700 design px, printed at 3000x3500 px at 125 dpi: 24 x 28 inches.
  const flat = { width: 600, height: 700, flatWidth: 3000, flatHeight: 3500 };

  it('computes print dpi from original pixels and printed inches', () => {
    // 1500 px wide image shown 300 design px wide -> 1500 print px -> 12 in -> 125 dpi.
    const element = { originalWidth: 1500, originalHeight: 1000, width: 1500, height: 1000, scaleX: 0.2, scaleY: 0.2 };
    expect(effectiveDpi(element, flat)).toBeCloseTo(125, 9);
    expect(dpiQuality(effectiveDpi(element, flat))).toBe('good');
    // Twice as big on the flat: half the dpi.
    expect(effectiveDpi({ ...element, scaleX: 0.4, scaleY: 0.4 }, flat)).toBeCloseTo(62.5, 9);
    expect(dpiQuality(effectiveDpi({ ...element, scaleX: 0.4, scaleY: 0.4 }, flat))).toBe('bad');
    // The flat printed at the 150 target dpi packs the same pixels into fewer inches.
    expect(effectiveDpi(element, flat, DPI.target)).toBeCloseTo(150, 9);
  });

  it('uses the working size the element was placed with, not the original size', () => {
    // A 2400 px original downscaled to a 1200 px working image still has 2400 px of detail.
    const element = { originalWidth: 2400, originalHeight: 1600, width: 1200, height: 800, scaleX: 0.25, scaleY: 0.25 };
    // 1200 * 0.25 = 300 design px -> 1500 print px -> 12 in -> 200 dpi.
    expect(effectiveDpi(element, flat)).toBeCloseTo(200, 9);
  });

  it('takes the worse axis, ignores flips and treats an empty element as sharp', () => {
    const stretched = { originalWidth: 1500, originalHeight: 1500, width: 1500, height: 1500, scaleX: -0.2, scaleY: 0.4 };
    expect(effectiveDpi(stretched, flat)).toBeCloseTo(62.5, 9);
    expect(effectiveDpi({ ...stretched, scaleX: 0, scaleY: 0 }, flat)).toBe(Number.POSITIVE_INFINITY);
  });

  it('downscales uploads over 1200x1200 keeping the aspect', () => {
    expect(downscaledSize(2400, 1200)).toEqual({ width: 1200, height: 600 });
    expect(downscaledSize(1000, 3000)).toEqual({ width: 400, height: 1200 });
    expect(downscaledSize(1200, 1200)).toEqual({ width: 1200, height: 1200 });
    expect(downscaledSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(downscaledSize(500, 400, 120)).toEqual({ width: 120, height: 96 });
  });
});

describe('hex colours', () => {
  it('normalises 3 or 6 digits with #, %23 or no prefix', () => {
    expect(parseHexColor('fff')).toBe('#FFFFFF');
    expect(parseHexColor('%23ff0000')).toBe('#FF0000');
    expect(parseHexColor('%23F0a')).toBe('#FF00AA');
    expect(parseHexColor('#AbC')).toBe('#AABBCC');
    expect(parseHexColor(' 12ab9f ')).toBe('#12AB9F');
  });

  it('rejects anything else', () => {
    for (const bad of ['ggg', '', '#', '%23', '#12345', '1234', '##fff', '#fffffff', 'rgb(0,0,0)', '%2fff']) {
      expect(parseHexColor(bad), bad).toBeNull();
      expect(isHexColor(bad), bad).toBe(false);
    }
    expect(() => normalizeHexColor('ggg')).toThrow(DataError);
    try {
      normalizeHexColor('ggg');
    } catch (error) {
      expect(error).toMatchObject({ code: 20000, msg: 'Data error', reason: 'bad hex colour "ggg"' });
    }
  });

  it('converts to rgb', () => {
    expect(hexToRgb('%2300ff80')).toEqual({ r: 0, g: 255, b: 128 });
  });
});

describe('dedupeColorNames', () => {
  it('suffixes duplicates 1..49', () => {
    const names = dedupeColorNames(Array.from({ length: 50 }, () => 'Red'));
    expect(names[0]).toBe('Red');
    expect(names[1]).toBe('Red1');
    expect(names[49]).toBe('Red49');
    expect(new Set(names).size).toBe(50);
  });

  it('throws a data error when a suffix of 50 would be needed', () => {
    const names = Array.from({ length: 51 }, () => 'Red');
    expect(() => dedupeColorNames(names)).toThrow(DataError);
    expect(() => dedupeColorNames(names)).toThrow('Data error: colour name "Red": more than 49 duplicates');
  });

  it('leaves unique names alone and keeps existing names reserved', () => {
    expect(dedupeColorNames(['Red', 'Blue'])).toEqual(['Red', 'Blue']);
    expect(dedupeColorNames(['Red', 'Red', 'Red1'])).toEqual(['Red', 'Red2', 'Red1']);
    expect(dedupeColorNames(['Red', 'red', 'Blue', 'RED'])).toEqual(['Red', 'red1', 'Blue', 'RED2']);
    expect(dedupeColorNames([])).toEqual([]);
  });
});

describe('text helpers', () => {
  it('applies alignment only with two or more lines', () => {
    expect(textAlignmentFor(['one'], 'center')).toBe('left');
    expect(textAlignmentFor([], 'right')).toBe('left');
    expect(textAlignmentFor(['one', 'two'], 'center')).toBe('center');
    expect(textAlignmentFor(['one', 'two', 'three'], 'right')).toBe('right');
    expect(textAlignmentFor(['one', 'two'], 'left')).toBe('left');
  });

  it('scales the shadow distance by 10', () => {
    expect(shadowOffset(1, 0)).toEqual({ offsetX: 10, offsetY: 0 });
    expect(shadowOffset(0.5, 90)).toEqual({ offsetX: 0, offsetY: 5 });
    expect(shadowOffset(1, 180)).toEqual({ offsetX: -10, offsetY: 0 });
    expect(shadowOffset(10, 270)).toEqual({ offsetX: 0, offsetY: -100 });
    expect(shadowOffset(2, 45)).toEqual({ offsetX: 14.142136, offsetY: 14.142136 });
    expect(shadowOffset(0, 123)).toEqual({ offsetX: 0, offsetY: 0 });
  });

  it('gives spec text defaults as a fresh object', () => {
    const defaults = textDefaults();
    expect(defaults).toMatchObject({ fontSize: 40, textAlign: 'left', charSpacing: 0, stroke: null, shadow: null });
    defaults.fontSize = 12;
    expect(textDefaults().fontSize).toBe(40);
  });
});

describe('element factories', () => {
  it('creates a text element with defaults that validates and clones', () => {
    const element = createTextElement({ flatId: 'front', text: 'Hi\nthere', fontSize: undefined, left: 5 });
    expect(element).toMatchObject({
      type: 'text',
      flatId: 'front',
      text: 'Hi\nthere',
      textLines: ['Hi', 'there'],
      fontSize: 40,
      textAlign: 'left',
      left: 5,
      top: 0,
      angle: 0,
      scaleX: 1,
      scaleY: 1,
      flipX: false,
      flipY: false,
      originX: 'left',
      originY: 'top',
      designId: null,
    });
    expect(element.localId).toMatch(/^[0-9a-f]{16}$/);
    expect(createTextElement({ flatId: 'front', text: 'x' }).localId).not.toBe(element.localId);
    expect(unwrap(validateDesignElement(element))).toEqual(element);
    expect(structuredClone(element)).toEqual(element);
  });

  it('creates an image element sized to its original pixels', () => {
    const element = createImageElement({ flatId: 'back', url: '/a.png', originalWidth: 800, originalHeight: 600, localId: 'i1' });
    expect(element).toEqual({
      type: 'image',
      flatId: 'back',
      localId: 'i1',
      designId: null,
      left: 0,
      top: 0,
      width: 800,
      height: 600,
      angle: 0,
      scaleX: 1,
      scaleY: 1,
      flipX: false,
      flipY: false,
      originX: 'left',
      originY: 'top',
      url: '/a.png',
      originalWidth: 800,
      originalHeight: 600,
      fileName: '',
      tiling: null,
      tilingLayer: null,
    });
    expect(unwrap(validateDesignElement(element))).toEqual(element);
  });
});

describe('layers', () => {
  it('maps blend codes and defaults to overlay at 0.9', () => {
    // The product's codes 1-7, then Photoshop's other modes for templates made from PSDs.
    expect(BLEND_MODES).toMatchObject({
      1: 'lighter',
      2: 'color',
      3: 'darken',
      4: 'lighten',
      5: 'overlay',
      6: 'multiply',
      7: 'none',
      8: 'screen',
      9: 'soft light',
      27: 'lighter color',
    });
    expect(Object.keys(BLEND_MODES)).toHaveLength(27);
    expect(blendModeOf(5)).toBe('overlay');
    expect(DEFAULT_OVERLAY_ALPHA).toBe(0.9);
  });

  it('joins M and PS into one narrowed warp', () => {
    const template = unwrap(validateTemplate(validTemplate()));
    const smartObjects = template.viewList.flatMap((view) =>
      [...walkLayers(view.viewData.layers)].map(({ layer }) => layer).filter((l): l is SmartObjectLayer => l.T === 'SmartObject'),
    );
    expect(smartObjects.map((layer) => layerWarp(layer).kind)).toEqual(['affine', 'perspective', 'quilt', 'bezier', 'bezier', 'cylinder']);
    const perspective = smartObjects[1];
    if (!perspective) throw new Error('missing layer');
    // Photoshop's non-affine quad wins over the plain corner quad.
    expect(layerWarp(perspective)).toEqual({ kind: 'perspective', quad: [101, 99, 501, 121, 479, 601, 119, 579] });
    const bezier = smartObjects[3];
    if (!bezier) throw new Error('missing layer');
    expect(layerWarp(bezier)).toEqual({ kind: 'bezier', points: grid(4, 4), projection: null });
    expect(() => layerWarp({ ...bezier, PS: null })).toThrow(DataError);
  });

  it('walks groups depth first with their parents', () => {
    const layers = validTemplate().viewList[0]?.viewData.layers ?? [];
    const walked = [...walkLayers(layers)].map(({ layer, parents }) => `${layer.T}@${parents.length}`);
    expect(walked).toEqual(['SmartObject@0', 'SmartObject@0', 'Group@0', 'SmartObject@1', 'Group@1', 'SmartObject@2']);
    expect(layerFlatIds(layers)).toEqual(['front', 'back']);
  });
});

describe('product helpers', () => {
  it('splits bracketed option lists', () => {
    expect(parseBracketList('[Red,Navy Blue, Green ]')).toEqual(['Red', 'Navy Blue', 'Green']);
    expect(parseBracketList('[%23FF0000,%23000080]').map(parseHexColor)).toEqual(['#FF0000', '#000080']);
    expect(parseBracketList('[]')).toEqual([]);
    expect(parseBracketList('S,M,')).toEqual(['S', 'M']);
  });

  it('finds the colour option', () => {
    expect(colorOption(validProduct())?.name).toBe('Color');
    expect(colorOption({ options: [] })).toBeUndefined();
  });
});
