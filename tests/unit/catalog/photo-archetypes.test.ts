/**
 * The photo archetypes of the demo catalogue: types 8 and 9, one view and one "Photo" print area
 * each (so the first start photographs only four more views), lit as the products they are drawn
 * from, and baked into valid engine templates with the right warps.
 */
import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from '../../../demo/catalog/archetypes';
import { PHOTO_ARCHETYPES } from '../../../demo/catalog/archetypes/photo';
import { buildCatalog } from '../../../demo/catalog/build';
import { validateTemplate, type SmartObjectLayer } from '../../../engine/model/index.ts';

describe('photo archetypes', () => {
  it('are in the catalogue as custom types 8 and 9 with one view and one Photo print area each', () => {
    const keys = PHOTO_ARCHETYPES.map((a) => a.key);
    expect(keys).toEqual(['photo-print', 'photo-canvas', 'photo-mug', 'photo-blanket']);
    for (const key of keys) {
      const a = ARCHETYPES.find((x) => x.key === key)!;
      expect([8, 9]).toContain(a.customType);
      expect(a.views).toHaveLength(1);
      expect(a.flats.map((f) => f.flatId)).toEqual(['photo']);
      expect(a.views[0]!.prints.map((p) => p.flatId)).toEqual(['photo']);
      // Lit as paper, canvas, ceramic and fleece: never the cotton jersey a view gets by default.
      expect(a.views[0]!.finish).toBeDefined();
      expect(a.views[0]!.finish).not.toBe('jersey');
    }
    expect(ARCHETYPES.find((a) => a.key === 'photo-mug')!.views[0]!.finish).toBe('ceramic');
  });

  it('bake into valid templates: affine print, perspective canvas, cylinder mug, Bezier blanket', () => {
    const rows = buildCatalog({ seed: 'photo-archetypes', productCount: 200, imageSize: 256 });
    const kind = (key: string) => {
      const t = rows.templates.find((x) => x.archetype === key)!.template;
      expect(validateTemplate(t).ok).toBe(true);
      return t.viewList.flatMap((v) => v.viewData.layers.filter((l): l is SmartObjectLayer => l.T === 'SmartObject').map((l) => l.M.kind));
    };
    expect(kind('photo-print')).toEqual(['affine']);
    expect(kind('photo-canvas')).toEqual(['perspective']);
    expect(kind('photo-mug')).toEqual(['cylinder']);
    expect(kind('photo-blanket')).toEqual(['bezier']);
    const types = new Set(rows.products.map((p) => p.customType));
    expect(types.has(8) && types.has(9)).toBe(true);
  });
});
