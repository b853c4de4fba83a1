/**
 * Where each archetype of the generated catalogue sits in the taxonomy (category and
 * subcategory slugs of ./taxonomy.ts). The display-template list filtered by a subcategory lists
 * the templates of the archetypes placed in it; templates baked from an operator's PSD have no
 * placement and are left out of that filter. The demo generator's archetypes
 * (demo/catalog/archetypes) declare the same placements; tests/unit/catalog/archetype-placement.test.ts
 * keeps the two equal.
 */
type Placement = readonly [category: string, subcategory: string];

export const ARCHETYPE_PLACEMENTS: Readonly<Record<string, Placement>> = {
  'womens-tee': ['womens-clothing', 't-shirt'],
  'mens-tee': ['mens-clothing', 't-shirt'],
  hoodie: ['mens-clothing', 'hoodie-jacket'],
  'zip-hoodie': ['mens-clothing', 'hoodie-jacket'],
  'tank-top': ['mens-clothing', 'tank-top'],
  swimsuit: ['womens-clothing', 'swimsuit'],
  dress: ['womens-clothing', 'dress'],
  leggings: ['womens-clothing', 'leggings'],
  socks: ['shoes-socks', 'socks'],
  sneaker: ['shoes-socks', 'sports-shoes'],
  slipper: ['shoes-socks', 'slippers'],
  'baseball-cap': ['fully-printing-hat', 'baseball-cap'],
  'bucket-hat': ['fully-printing-hat', 'bucket-hat'],
  'tote-bag': ['bags', 'tote-bag'],
  backpack: ['bags', 'backpack'],
  mug: ['home-deco', 'drinkware'],
  tumbler: ['home-deco', 'drinkware'],
  pillow: ['home-deco', 'pillow'],
  blanket: ['home-deco', 'blanket'],
  poster: ['home-deco', 'wall-art'],
  canvas: ['home-deco', 'wall-art'],
  'framed-print': ['home-deco', 'wall-art'],
  'phone-case': ['phone-cases', 'iphone-case'],
  'samsung-case': ['phone-cases', 'samsung-case'],
  'pet-bandana': ['pet-supplies', 'pet-bandana'],
  'pet-bed': ['pet-supplies', 'pet-bed'],
  'baby-bodysuit': ['kids-baby', 'baby-bodysuit'],
  'kids-tee': ['kids-baby', 'kids-t-shirt'],
  apron: ['home-deco', 'kitchen'],
  notebook: ['stationery', 'notebook'],
  'mouse-pad': ['stationery', 'mouse-pad'],
};

/** The archetype keys placed in one subcategory of one category. */
export function archetypesIn(category: string, subcategory: string): string[] {
  return Object.entries(ARCHETYPE_PLACEMENTS)
    .filter(([, [c, s]]) => c === category && s === subcategory)
    .map(([key]) => key);
}
