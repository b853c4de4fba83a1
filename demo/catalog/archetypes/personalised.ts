/**
 * Personalised gifts (custom type 12): blanks the merchant designs with fields their buyers fill in
 * on the store's product page (a name, a date, a photo, a pick among the merchant's options), then
 * printed with the buyer's values. Each reuses an existing drawing (the mug, the pillow, the poster)
 * with one view and one print area, so the first start photographs only three more views; the finish
 * and form are those of the product drawn. All are gifts: they list in both gift zones.
 */
import { mugArchetype, pillowArchetype } from './home';
import { posterArchetype } from './flat';
import { SURFACES } from './surfaces';
import type { Archetype, ViewDrawing } from './types';

/** The source's first view printing `flatId`, with the source's finish and form. */
function giftView(source: Archetype, flatId: string, name: string): ViewDrawing {
  const view = source.views[0];
  if (!view) throw new Error(`archetype ${source.key} has no view`);
  const surface = SURFACES[source.key];
  return {
    ...view,
    id: 'front',
    name,
    ...(surface ? { finish: surface.finish, form: surface.form } : {}),
    prints: view.prints.slice(0, 1).map((p) => ({ ...p, flatId })),
  };
}

export const nameMugArchetype: Archetype = {
  key: 'personalised-mug',
  name: 'Personalised Name Mug',
  noun: 'Name Mug',
  category: 'home-deco',
  subcategory: 'drinkware',
  customType: 12,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'name', name: 'Name Side', widthIn: 4, heightIn: 3.5, followsColor: 1 }],
  views: [giftView(mugArchetype, 'name', 'Side')],
  colors: mugArchetype.colors,
  sizes: [
    { name: '11 oz', cents: 0 },
    { name: '15 oz', cents: 250 },
  ],
  materials: null,
  cost: [649, 1049],
  weightGrams: 350,
  styles: ['Name', 'Monogram', 'Best Mum', 'Teacher', 'Birthday', 'Couple'],
  features: [
    'Your buyer adds their own name or message before ordering; each mug is printed with it.',
    'Printed by sublimation into the glaze: it will not peel or fade.',
    'Dishwasher and microwave safe.',
  ],
  properties: { Capacity: '11 oz / 15 oz', 'Print Method': 'Sublimation', Personalisation: 'Text, photo or choice' },
  shipFrom: [5, 3, 2],
};

export const namePillowArchetype: Archetype = {
  key: 'personalised-pillow',
  name: 'Personalised Pillow',
  noun: 'Personalised Pillow',
  category: 'home-deco',
  subcategory: 'pillow',
  customType: 12,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 18, heightIn: 18, followsColor: 1 }],
  views: [giftView(pillowArchetype, 'front', 'Front')],
  colors: pillowArchetype.colors,
  sizes: [
    { name: '16 x 16 in', cents: 0 },
    { name: '18 x 18 in', cents: 300 },
  ],
  materials: null,
  cost: [1299, 1899],
  weightGrams: 450,
  styles: ['Family Name', 'Pet Photo', 'Wedding Date', 'Baby Birth', 'Couple'],
  features: [
    'Your buyer personalises the front with a name, a date or a photo.',
    'Soft spun-polyester cover with a hidden zip; insert included.',
  ],
  properties: { Fabric: 'Spun polyester', Personalisation: 'Text, photo or choice' },
  shipFrom: [4, 4, 2],
};

export const namePosterArchetype: Archetype = {
  key: 'personalised-poster',
  name: 'Personalised Poster',
  noun: 'Personalised Poster',
  category: 'home-deco',
  subcategory: 'wall-art',
  customType: 12,
  is3d: false,
  gift: true,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 12, heightIn: 16, followsColor: 0 }],
  views: [giftView(posterArchetype, 'front', 'Front')],
  colors: null,
  sizes: [
    { name: '12 x 16 in', cents: 0 },
    { name: '18 x 24 in', cents: 500 },
  ],
  materials: null,
  cost: [599, 1199],
  weightGrams: 120,
  styles: ['Star Map', 'Family Tree', 'Birth Stats', 'Pet Portrait', 'Name Meaning'],
  features: ['Your buyer adds the names, dates and photo that make it theirs.', 'Printed on 200 g/m² matte paper.'],
  properties: { Paper: '200 g/m² matte', Personalisation: 'Text, photo or choice' },
  shipFrom: [3, 5, 2],
};

export const PERSONALISED_ARCHETYPES: readonly Archetype[] = [nameMugArchetype, namePillowArchetype, namePosterArchetype];
