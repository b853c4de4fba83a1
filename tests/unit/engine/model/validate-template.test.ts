import { describe, expect, it } from 'vitest';
import { validateJson, validateTemplate, unwrap, DataError, type ValidationResult } from '../../../../engine/model/index.ts';
import { change, grid, remove, validTemplate } from './fixtures.ts';

function reasonOf(result: ValidationResult<unknown>): string {
  if (result.ok) throw new Error(`expected a data error, got a value: ${JSON.stringify(result.value).slice(0, 200)}`);
  expect(result.code).toBe(20000);
  expect(result.msg).toBe('Data error');
  // Rejected whole: nothing partial comes back.
  expect(Object.keys(result).sort()).toEqual(['code', 'msg', 'ok', 'reason']);
  return result.reason;
}

const FRONT = ['viewList', 0, 'viewData', 'layers'] as const;
const BACK = ['viewList', 1, 'viewData', 'layers'] as const;

describe('validateTemplate: valid documents', () => {
  it('accepts a normalised template and returns it unchanged', () => {
    const template = validTemplate();
    const result = validateTemplate(template);
    expect(result).toEqual({ ok: true, value: template });
  });

  it('round-trips through structuredClone and JSON unchanged', () => {
    const value = unwrap(validateTemplate(validTemplate()));
    expect(structuredClone(value)).toEqual(value);
    expect(JSON.parse(JSON.stringify(value))).toEqual(value);
    expect(unwrap(validateTemplate(structuredClone(value)))).toEqual(value);
  });

  it('returns a copy, not the input object', () => {
    const template = validTemplate();
    const value = unwrap(validateTemplate(template));
    expect(value).not.toBe(template);
    expect(value.flatList[0]).not.toBe(template.flatList[0]);
  });

  it('normalises short forms, numeric ids and colours, fills defaults and drops unknown fields', () => {
    const input = {
      customTemplateId: 501,
      extra: 'dropped',
      flatList: [
        {
          flatId: 7,
          flatImageUrl: '/f.png',
          flatData: { width: 600, height: 700, flatWidth: 3000, flatHeight: 3500, color: '%23abc', img: true },
        },
      ],
      viewList: [
        {
          viewId: 3,
          viewData: {
            width: 1000,
            height: 1000,
            imageUrl: '/v.jpg',
            layers: [
              { T: 'SmartObject', OS: { w: 600, h: 700 }, M: [1, 0, 0, 1, 5, 6], F: { flatId: 7 } },
              { T: 'SmartObject', OS: { w: 600, h: 700 }, M: [0, 0, 1, 0, 1, 1, 0, 1], F: { url: '/x.png' }, blend: 6, PPC: [] },
              { T: 'SmartObject', OS: { w: 600, h: 700 }, M: { kind: 'bezier' }, PS: grid(4, 4), F: { flatId: '7' } },
            ],
          },
        },
      ],
    };
    const value = unwrap(validateTemplate(input));
    expect(value.customTemplateId).toBe('501');
    expect(value).not.toHaveProperty('extra');
    expect(value.flatList[0]?.flatId).toBe('7');
    expect(value.flatList[0]?.flatData).toEqual({
      img: 1,
      text: 1,
      edit: 0,
      color: '#AABBCC',
      style: '',
      styleList: [],
      width: 600,
      height: 700,
      flatWidth: 3000,
      flatHeight: 3500,
      customColor: 0,
      bg: 0,
      pageType: 'normal',
    });
    const [affine, perspective, bezier] = value.viewList[0]?.viewData.layers ?? [];
    expect(affine).toEqual({
      T: 'SmartObject',
      PS: null,
      OS: { w: 600, h: 700 },
      M: { kind: 'affine', matrix: [1, 0, 0, 1, 5, 6] },
      PPC: null,
      F: { kind: 'flat', flatId: '7' },
      // The product's default: overlay at alpha 0.9.
      blend: 5,
      opacity: 0.9,
    });
    expect(perspective).toMatchObject({
      M: { kind: 'perspective', quad: [0, 0, 1, 0, 1, 1, 0, 1], nonAffine: null },
      F: { kind: 'image', url: '/x.png' },
      blend: 6,
      opacity: 1,
      PPC: null,
    });
    expect(bezier).toMatchObject({ PS: { kind: 'custom', points: grid(4, 4) }, M: { kind: 'bezier' } });
    expect(value.colorConfigList).toEqual([]);
    expect(value.templateData).toBeNull();
    expect(value.color).toBeNull();
  });

  it('parses template JSON text', () => {
    expect(unwrap(validateJson(JSON.stringify(validTemplate()), validateTemplate))).toEqual(validTemplate());
    expect(reasonOf(validateJson('{"flatList": [', validateTemplate))).toMatch(/^not valid JSON: /);
  });

  it('unwrap throws a DataError carrying the reason', () => {
    const result = validateTemplate(remove(validTemplate(), ['flatList']));
    expect(() => unwrap(result)).toThrow(DataError);
    expect(() => unwrap(result)).toThrow('Data error: flatList: required');
  });
});

describe('validateTemplate: smart-object layers', () => {
  it('rejects a custom warp without exactly 16 points', () => {
    const fifteen = grid(4, 4).slice(0, 15);
    expect(reasonOf(validateTemplate(change(validTemplate(), [...BACK, 0, 'PS', 'points'], fifteen)))).toBe(
      'viewList[1].viewData.layers[0].PS: expected 16 points, got 15',
    );
    // The bare-array short form is counted the same way.
    expect(reasonOf(validateTemplate(change(validTemplate(), [...BACK, 0, 'PS'], grid(4, 5))))).toBe(
      'viewList[1].viewData.layers[0].PS: expected 16 points, got 20',
    );
  });

  it('rejects a bezier warp without points, and points on a layer that does not use them', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...BACK, 0, 'PS'], null)))).toBe(
      'viewList[1].viewData.layers[0].PS: required when M.kind is "bezier"',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'PS'], { kind: 'custom', points: grid(4, 4) })))).toBe(
      'viewList[0].viewData.layers[0].PS: not used when M.kind is "affine"; expected null',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...BACK, 0, 'PS', 'kind'], 'quilt')))).toBe(
      'viewList[1].viewData.layers[0].PS.kind: expected "custom" for a bezier warp, got "quilt"',
    );
  });

  it('rejects quilt grids whose rows or columns are not 4+3n', () => {
    const quilt = [...FRONT, 2, 'CF', 0, 'PS'] as const;
    expect(reasonOf(validateTemplate(change(validTemplate(), [...quilt, 'rows'], 5)))).toBe(
      'viewList[0].viewData.layers[2].CF[0].PS.rows: expected 4+3n control points, got 5',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...quilt, 'cols'], 3)))).toBe(
      'viewList[0].viewData.layers[2].CF[0].PS.cols: expected 4+3n control points, got 3',
    );
  });

  it('rejects quilt grids whose point count or slices do not match', () => {
    const quilt = [...FRONT, 2, 'CF', 0, 'PS'] as const;
    expect(reasonOf(validateTemplate(change(validTemplate(), [...quilt, 'points'], grid(4, 4))))).toBe(
      'viewList[0].viewData.layers[2].CF[0].PS: expected 28 points for a 7x4 grid, got 16',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...quilt, 'quiltSliceY'], [0, 700])))).toBe(
      'viewList[0].viewData.layers[2].CF[0].PS.quiltSliceY: expected 3 slice positions for 7 rows, got 2',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...quilt, 'quiltSliceX'], [0, 300, 600])))).toBe(
      'viewList[0].viewData.layers[2].CF[0].PS.quiltSliceX: expected 2 slice positions for 4 columns, got 3',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...quilt, 'quiltSliceY'], [0, 800, 700])))).toBe(
      'viewList[0].viewData.layers[2].CF[0].PS.quiltSliceY[2]: slice positions must ascend',
    );
  });

  it('accepts a larger quilt grid with matching slices', () => {
    const template = change(validTemplate(), [...FRONT, 2, 'CF', 0, 'PS'], {
      kind: 'quilt',
      rows: 10,
      cols: 7,
      points: grid(10, 7),
      quiltSliceX: [0, 300, 600],
      quiltSliceY: [0, 200, 400, 700],
    });
    expect(validateTemplate(template).ok).toBe(true);
  });

  it('rejects unknown blend codes, including in nested CF children', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'blend'], 28)))).toBe(
      `viewList[0].viewData.layers[0].blend: unknown blend code 28; expected one of ${Array.from({ length: 27 }, (_, i) => i + 1).join(', ')}`,
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 2, 'CF', 0, 'blend'], 0)))).toMatch(
      /^viewList\[0\]\.viewData\.layers\[2\]\.CF\[0\]\.blend: unknown blend code 0;/,
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 2, 'CF', 1, 'CF', 0, 'blend'], '5')))).toMatch(
      /^viewList\[0\]\.viewData\.layers\[2\]\.CF\[1\]\.CF\[0\]\.blend: unknown blend code "5";/,
    );
  });

  it('validates recursive CF children deeply', () => {
    const deep = [...FRONT, 2, 'CF', 1, 'CF', 0] as const;
    expect(reasonOf(validateTemplate(change(validTemplate(), [...deep, 'PS', 'points'], grid(4, 3))))).toBe(
      'viewList[0].viewData.layers[2].CF[1].CF[0].PS: expected 16 points, got 12',
    );
    expect(reasonOf(validateTemplate(remove(validTemplate(), [...FRONT, 2, 'CF', 1, 'CF'])))).toBe(
      'viewList[0].viewData.layers[2].CF[1].CF: required',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...deep, 'T'], 'Text')))).toBe(
      'viewList[0].viewData.layers[2].CF[1].CF[0].T: unknown layer type "Text"; expected one of "Group", "SmartObject"',
    );
  });

  it('rejects groups nested beyond the depth cap', () => {
    let layer: unknown = { T: 'Group', CF: [] };
    for (let i = 0; i < 40; i += 1) layer = { T: 'Group', CF: [layer] };
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT], [layer])))).toMatch(/layers nested deeper than 32$/);
  });

  it('rejects children on a smart object', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'CF'], [{ T: 'Group', CF: [] }])))).toBe(
      'viewList[0].viewData.layers[0].CF: only a Group has children',
    );
  });

  it('rejects bad matrices', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'M'], [1, 0, 0, 1, 0, 0, 0])))).toBe(
      'viewList[0].viewData.layers[0].M: expected 6 (affine) or 8 (quad) numbers, got 7',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'M', 'matrix'], [1, 2, 2, 4, 0, 0])))).toBe(
      'viewList[0].viewData.layers[0].M.matrix: matrix is not invertible',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 1, 'M', 'quad'], [1, 2, 3, 4, 5, 6])))).toBe(
      'viewList[0].viewData.layers[1].M.quad: expected 8 numbers, got 6',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 1, 'M', 'kind'], 'mesh')))).toMatch(
      /^viewList\[0\]\.viewData\.layers\[1\]\.M\.kind: unknown M\.kind "mesh";/,
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...BACK, 1, 'M', 'arc'], 400)))).toBe(
      'viewList[1].viewData.layers[1].M.arc: expected at most 360 degrees, got 400',
    );
  });

  it('rejects non-finite numbers anywhere', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'M', 'matrix', 4], Number.NaN)))).toBe(
      'viewList[0].viewData.layers[0].M.matrix[4]: expected a finite number, got NaN',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), ['flatList', 1, 'flatData', 'width'], Number.POSITIVE_INFINITY)))).toBe(
      'flatList[1].flatData.width: expected a finite number, got Infinity',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...BACK, 0, 'PS', 'points', 5, 'y'], Number.NEGATIVE_INFINITY)))).toBe(
      'viewList[1].viewData.layers[0].PS.points[5].y: expected a finite number, got -Infinity',
    );
    // JSON.stringify turns NaN into null; that is caught too.
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 1, 'M', 'quad', 2], null)))).toBe(
      'viewList[0].viewData.layers[1].M.quad[2]: expected a number, got null',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), ['templateData', 'layers', 0], Number.NaN)))).toBe(
      'templateData.layers[0]: expected a finite number, got NaN',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'opacity'], 1.5)))).toBe(
      'viewList[0].viewData.layers[0].opacity: expected an opacity from 0 to 1, got 1.5',
    );
  });

  it('rejects clip paths that do not start with M or split a cubic', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'PPC', 4], { Type: 'L', X: 900, Y: 900 })))).toBe(
      'viewList[0].viewData.layers[0].PPC[3]: a cubic takes 3 "C" entries (control, control, end); this run has 2',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'PPC', 0, 'Type'], 'L')))).toBe(
      'viewList[0].viewData.layers[0].PPC[0]: a clip path must start with "M"',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'PPC', 1, 'Type'], 'Q')))).toMatch(
      /^viewList\[0\]\.viewData\.layers\[0\]\.PPC\[1\]\.Type: unknown path command "Q";/,
    );
  });

  it('rejects layers that show an unknown flat or have no file', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...BACK, 1, 'F', 'flatId'], 'sleeve')))).toBe(
      'viewList[1].viewData.layers[1].F.flatId: unknown flat "sleeve"',
    );
    expect(reasonOf(validateTemplate(remove(validTemplate(), [...BACK, 1, 'F'])))).toBe('viewList[1].viewData.layers[1].F: required');
    expect(reasonOf(validateTemplate(change(validTemplate(), [...BACK, 1, 'OS', 'w'], 0)))).toBe(
      'viewList[1].viewData.layers[1].OS.w: expected a number above 0, got 0',
    );
  });
});

describe('validateTemplate: template fields', () => {
  it('rejects missing required fields', () => {
    expect(reasonOf(validateTemplate(remove(validTemplate(), ['flatList'])))).toBe('flatList: required');
    expect(reasonOf(validateTemplate(remove(validTemplate(), ['viewList'])))).toBe('viewList: required');
    expect(reasonOf(validateTemplate(remove(validTemplate(), ['viewList', 0, 'viewData', 'imageUrl'])))).toBe(
      'viewList[0].viewData.imageUrl: required',
    );
    expect(reasonOf(validateTemplate(remove(validTemplate(), ['flatList', 0, 'flatData', 'flatHeight'])))).toBe(
      'flatList[0].flatData.flatHeight: required',
    );
    expect(reasonOf(validateTemplate(remove(validTemplate(), ['flatList', 1, 'flatId'])))).toBe('flatList[1].flatId: required');
    expect(reasonOf(validateTemplate(remove(validTemplate(), ['viewList', 1, 'viewData', 'layers', 0, 'M'])))).toBe(
      'viewList[1].viewData.layers[0].M: required',
    );
    expect(reasonOf(validateTemplate(null))).toBe('expected an object, got null');
    expect(reasonOf(validateTemplate(change(validTemplate(), ['flatList'], [])))).toBe('flatList: expected at least one flat');
  });

  it('rejects bad hex colours', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), ['flatList', 0, 'flatData', 'color'], 'ggg')))).toBe(
      'flatList[0].flatData.color: bad hex colour "ggg"',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), ['colorConfigList', 0, 'colorFlatMap', 'back'], '#12345')))).toBe(
      'colorConfigList[0].colorFlatMap.back: bad hex colour "#12345"',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), ['color', 'value'], 'red')))).toBe('color.value: bad hex colour "red"');
  });

  it('rejects duplicate ids and colour maps naming unknown flats', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), ['flatList', 1, 'flatId'], 'front')))).toBe(
      'flatList[1].flatId: duplicate flatId "front"',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), ['viewList', 1, 'viewId'], 'v-front')))).toBe(
      'viewList[1].viewId: duplicate viewId "v-front"',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), ['colorConfigList', 0, 'colorFlatMap', 'hood'], '#FFF')))).toBe(
      'colorConfigList[0].colorFlatMap.hood: unknown flat "hood"',
    );
  });

  it('checks the template designs belong to their flat', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), ['flatList', 0, 'designList', 0, 'flatId'], 'back')))).toBe(
      'flatList[0].designList[0].flatId: expected "front" (the enclosing flat), got "back"',
    );
  });

  it('rejects non-JSON template data and unsafe keys', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), ['templateData'], { at: new Date(0) })))).toBe(
      'templateData.at: expected plain JSON data',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), ['templateData'], JSON.parse('{"__proto__": {"x": 1}}'))))).toBe(
      'templateData.__proto__: key not allowed',
    );
  });
});

describe('validateTemplate: view lighting and displacement', () => {
  const VIEW = ['viewList', 0, 'viewData'] as const;
  it('keeps a displacement map and a photo level range, and leaves them out when absent', () => {
    const withBoth = change(
      change(validTemplate(), [...VIEW, 'displacement'], { url: 'front-displace.png', scaleX: 4, scaleY: 3 }),
      [...VIEW, 'photoLighting'],
      { black: 20, white: 230 },
    );
    const parsed = validateTemplate(withBoth);
    expect(parsed.ok && parsed.value.viewList[0]!.viewData).toMatchObject({
      displacement: { url: 'front-displace.png', scaleX: 4, scaleY: 3 },
      photoLighting: { black: 20, white: 230 },
    });
    const plain = validateTemplate(validTemplate());
    expect(plain.ok && 'displacement' in plain.value.viewList[0]!.viewData).toBe(false);
  });

  it('refuses a shift out of range and a level range upside down', () => {
    expect(reasonOf(validateTemplate(change(validTemplate(), [...VIEW, 'displacement'], { url: 'd.png', scaleX: -1, scaleY: 0 })))).toBe(
      'viewList[0].viewData.displacement.scaleX: expected a shift from 0 to 1000 px, got -1',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...FRONT, 0, 'blur'], 300)))).toBe(
      'viewList[0].viewData.layers[0].blur: expected a blur radius from 0 to 250 px, got 300',
    );
    expect(reasonOf(validateTemplate(change(validTemplate(), [...VIEW, 'photoLighting'], { black: 200, white: 100 })))).toBe(
      'viewList[0].viewData.photoLighting: black (200) must be below white (100)',
    );
  });
});
