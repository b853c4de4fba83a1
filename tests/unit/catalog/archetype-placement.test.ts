import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from '../../../demo/catalog/archetypes';
import { ARCHETYPE_PLACEMENTS, archetypesIn } from '../../../server/catalog/archetype-placement';

describe('archetype placement', () => {
  it('places every generated archetype where the generator declares it, and nothing else', () => {
    const declared = Object.fromEntries(ARCHETYPES.map((a) => [a.key, [a.category, a.subcategory]]));
    expect(Object.fromEntries(Object.entries(ARCHETYPE_PLACEMENTS).map(([k, v]) => [k, [...v]]))).toEqual(declared);
  });

  it('lists the archetypes of a subcategory in the generator order', () => {
    for (const a of ARCHETYPES) {
      expect(archetypesIn(a.category, a.subcategory)).toEqual(
        ARCHETYPES.filter((b) => b.category === a.category && b.subcategory === a.subcategory).map((b) => b.key),
      );
    }
  });
});
