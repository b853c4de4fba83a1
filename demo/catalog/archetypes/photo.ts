/**
 * Photo products: blanks whose design is the merchant's own photo, printed edge to edge on one
 * print area (custom type 8: photo prints and canvases on the wall; 9: photo gifts, a mug and a
 * blanket). The designer opens them on its Photo panel: upload, crop to the print area's shape,
 * adjust. Each has a single view and a single print area so the first start photographs only four
 * more views; the drawings are the poster's, the canvas's, the mug's and the blanket's, with the
 * finish and form of those products set on the view (index.ts only adds surfaces by key).
 */
import { rect, type Box } from '../art/path';
import { blanketArchetype, mugArchetype } from './home';
import { canvasArchetype } from './flat';
import { SURFACES } from './surfaces';
import type { Archetype, ViewDrawing } from './types';

/** The archetype's first view, printing `flatId`, lit as the product `surfaceKey` is. */
function photoView(source: Archetype, surfaceKey: string, flatId: string, name = 'Front'): ViewDrawing {
  const view = source.views[0];
  if (!view) throw new Error(`archetype ${source.key} has no view`);
  const surface = SURFACES[surfaceKey];
  return {
    ...view,
    id: 'front',
    name,
    ...(surface ? { finish: surface.finish, form: surface.form } : {}),
    prints: view.prints.slice(0, 1).map((p) => ({ ...p, flatId })),
  };
}

// --- Photo print (lustre paper, 4:5) ---------------------------------------------------------------

const printBox: Box = { x: 230, y: 130, w: 540, h: 675 };
const poster = SURFACES.poster;

export const photoPrintArchetype: Archetype = {
  key: 'photo-print',
  name: 'Lustre Photo Print',
  noun: 'Photo Print',
  category: 'home-deco',
  subcategory: 'wall-art',
  customType: 8,
  is3d: false,
  gift: true,
  flats: [{ flatId: 'photo', name: 'Photo', widthIn: 8, heightIn: 10, followsColor: 0 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      backdrop: 'wall',
      body: [rect(printBox.x, printBox.y, printBox.w, printBox.h)],
      tones: [{ shape: [rect(printBox.x, printBox.y + printBox.h - 40, printBox.w, 40)], opacity: 0.04, blur: 16 }],
      prints: [{ flatId: 'photo', placement: { kind: 'affine', box: printBox } }],
      ...(poster ? { finish: poster.finish, form: poster.form } : {}),
    },
  ],
  colors: null,
  sizes: [
    { name: '8 x 10 in', cents: 0 },
    { name: '11 x 14 in', cents: 400 },
    { name: '16 x 20 in', cents: 900 },
  ],
  sizeOptionName: 'Size',
  materials: [
    { name: 'Lustre', cents: 0 },
    { name: 'Glossy', cents: 0 },
    { name: 'Metallic', cents: 500 },
  ],
  materialOptionName: 'Paper',
  cost: [399, 899],
  weightGrams: 60,
  styles: ['Family', 'Wedding', 'Travel', 'Pet Portrait', 'Baby', 'Landscape', 'Memories'],
  features: [
    'Printed on professional lustre photo paper with a 100-year archival rating.',
    'Colour-managed printing: skin tones and skies come out true.',
    'Ships flat between rigid boards.',
  ],
  properties: { Paper: '250 g/m² lustre photo paper', 'Print Method': 'Silver halide' },
  shipFrom: [4, 4, 2],
};

// --- Photo canvas (the canvas drawing, front view, 3:4) -----------------------------------------

export const photoCanvasArchetype: Archetype = {
  key: 'photo-canvas',
  name: 'Photo Canvas',
  noun: 'Photo Canvas',
  category: 'home-deco',
  subcategory: 'wall-art',
  customType: 8,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'photo', name: 'Photo', widthIn: 12, heightIn: 16, followsColor: 0 }],
  views: [photoView(canvasArchetype, 'canvas', 'photo')],
  colors: null,
  sizes: [
    { name: '12 x 16 in', cents: 0 },
    { name: '18 x 24 in', cents: 1200 },
    { name: '24 x 32 in', cents: 2400 },
  ],
  sizeOptionName: 'Size',
  materials: [
    { name: '0.75 in Frame', cents: 0 },
    { name: '1.5 in Gallery Frame', cents: 800 },
  ],
  materialOptionName: 'Depth',
  cost: [2299, 3799],
  weightGrams: 850,
  styles: ['Family Photo', 'Wedding', 'Pet Portrait', 'Travel', 'Gallery', 'Keepsake'],
  features: [
    'Your photo on poly-cotton canvas stretched over solid pine bars.',
    'The photo wraps around the edges.',
    'Arrives ready to hang.',
  ],
  properties: { Canvas: '400 g/m² poly-cotton', 'Print Method': 'Giclee' },
};

// --- Photo mug (the mug drawing, one wrap) ------------------------------------------------------

export const photoMugArchetype: Archetype = {
  key: 'photo-mug',
  name: 'Photo Mug',
  noun: 'Photo Mug',
  category: 'home-deco',
  subcategory: 'drinkware',
  customType: 9,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'photo', name: 'Photo', widthIn: 4, heightIn: 3.5, followsColor: 0 }],
  views: [photoView(mugArchetype, 'mug', 'photo', 'Side')],
  colors: null,
  sizes: [
    { name: '11 oz', cents: 0 },
    { name: '15 oz', cents: 250 },
  ],
  materials: null,
  cost: [699, 1099],
  weightGrams: 350,
  styles: ['Family', 'Couple', 'Pet', 'Grandparents', 'Birthday', 'Memories'],
  features: [
    'Your photo printed by sublimation into the glaze: it will not peel or fade.',
    'Dishwasher and microwave safe.',
    'Gift-boxed.',
  ],
  properties: { Capacity: '11 oz / 15 oz', 'Print Method': 'Sublimation' },
  shipFrom: [5, 3, 2],
};

// --- Photo blanket (the blanket drawing, 5:6) ---------------------------------------------------

export const photoBlanketArchetype: Archetype = {
  key: 'photo-blanket',
  name: 'Photo Fleece Blanket',
  noun: 'Photo Blanket',
  category: 'home-deco',
  subcategory: 'blanket',
  customType: 9,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'photo', name: 'Photo', widthIn: 50, heightIn: 60, followsColor: 0 }],
  views: [photoView(blanketArchetype, 'blanket', 'photo')],
  colors: null,
  sizes: [
    { name: '30 x 40 in', cents: 0 },
    { name: '50 x 60 in', cents: 1500 },
  ],
  materials: [
    { name: 'Fleece', cents: 0 },
    { name: 'Sherpa', cents: 1200 },
  ],
  materialOptionName: 'Material',
  cost: [2499, 4299],
  weightGrams: 900,
  styles: ['Family', 'Pet', 'Memorial', 'Baby', 'Couple', 'Cozy'],
  features: ['Your photo printed edge to edge on soft fleece.', 'Machine washable; colours stay bright.', 'Hemmed edges.'],
  properties: { Fabric: '100% polyester fleece', 'Print Method': 'Sublimation' },
};

export const PHOTO_ARCHETYPES: readonly Archetype[] = [photoPrintArchetype, photoCanvasArchetype, photoMugArchetype, photoBlanketArchetype];
