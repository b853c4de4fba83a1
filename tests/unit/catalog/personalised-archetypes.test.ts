/**
 * The personalised-gift archetypes of the demo catalogue: custom type 12, gifts (both gift zones
 * list them), one view and one print area each drawn from an existing product and lit as it, and
 * baked into valid engine templates with the source's warp.
 */
import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from '../../../demo/catalog/archetypes';
import { PERSONALISED_ARCHETYPES } from '../../../demo/catalog/archetypes/personalised';
import { buildCatalog } from '../../../demo/catalog/build';
import { validateTemplate, type SmartObjectLayer } from '../../../engine/model/index.ts';
import { CUSTOM_TYPES } from '../../../contract/catalog';

describe('personalised archetypes', () => {
  it('are in the catalogue as custom type 12 gifts with one view and one print area each', () => {
    const keys = PERSONALISED_ARCHETYPES.map((a) => a.key);
    expect(keys).toEqual(['personalised-mug', 'personalised-pillow', 'personalised-poster']);
    for (const key of keys) {
      const a = ARCHETYPES.find((x) => x.key === key)!;
      expect(a).toMatchObject({ customType: 12, gift: true });
      expect(a.views).toHaveLength(1);
      expect(a.flats).toHaveLength(1);
      expect(a.views[0]!.prints.map((p) => p.flatId)).toEqual(a.flats.map((f) => f.flatId));
      expect(a.views[0]!.finish).toBeDefined();
    }
    expect(CUSTOM_TYPES[12]?.name).toBe('Personalised Gift');
  });

  it('bake into valid templates and are generated as customised gifts of type 12', () => {
    const rows = buildCatalog({ seed: 'personalised-archetypes', productCount: 240, imageSize: 256 });
    const kind = (key: string) => {
      const t = rows.templates.find((x) => x.archetype === key)!.template;
      expect(validateTemplate(t).ok).toBe(true);
      return t.viewList.flatMap((v) => v.viewData.layers.filter((l): l is SmartObjectLayer => l.T === 'SmartObject').map((l) => l.M.kind));
    };
    expect(kind('personalised-mug')).toEqual(['cylinder']);
    expect(kind('personalised-poster')).toEqual(['affine']);
    const gifts = rows.products.filter((p) => p.customType === 12);
    expect(gifts.length).toBeGreaterThan(0);
    expect(gifts.every((p) => p.customizedGift)).toBe(true);
  });
});
