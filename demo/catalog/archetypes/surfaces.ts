/**
 * What each archetype is made of and its solid form, for the photographer's height field and
 * lighting (art/relief.ts). Kept beside the drawings rather than in them: a drawing says where
 * things are, this says how they take the light. A view's own finish or form wins.
 */
import type { Finish, Form } from '../art/relief';

export interface SurfaceSpec {
  finish: Finish;
  form: Form;
}

const soft = (edge: number, puff: number): Form => ({ kind: 'soft', edge, puff });
const slab = (edge: number): Form => ({ kind: 'slab', edge });

export const SURFACES: Readonly<Record<string, SurfaceSpec>> = {
  'womens-tee': { finish: 'jersey', form: soft(20, 10) },
  'mens-tee': { finish: 'jersey', form: soft(22, 10) },
  'kids-tee': { finish: 'jersey', form: soft(20, 9) },
  'tank-top': { finish: 'jersey', form: soft(18, 9) },
  hoodie: { finish: 'fleece', form: soft(28, 18) },
  'zip-hoodie': { finish: 'fleece', form: soft(28, 16) },
  swimsuit: { finish: 'poly', form: soft(22, 18) },
  dress: { finish: 'poly', form: soft(18, 10) },
  leggings: { finish: 'poly', form: soft(22, 16) },
  socks: { finish: 'rib', form: soft(24, 14) },
  sneaker: { finish: 'canvas', form: soft(26, 30) },
  slipper: { finish: 'foam', form: soft(16, 6) },
  'baseball-cap': { finish: 'canvas', form: soft(24, 46) },
  'bucket-hat': { finish: 'canvas', form: soft(20, 24) },
  'tote-bag': { finish: 'canvas', form: soft(10, 8) },
  backpack: { finish: 'canvas', form: soft(30, 34) },
  mug: { finish: 'ceramic', form: { kind: 'cylinder', x0: 295, x1: 705, edge: 12 } },
  tumbler: { finish: 'steel', form: { kind: 'cylinder', x0: 295, x1: 705, edge: 10 } },
  pillow: { finish: 'canvas', form: soft(34, 48) },
  blanket: { finish: 'plush', form: soft(18, 8) },
  poster: { finish: 'paper', form: slab(2) },
  canvas: { finish: 'canvas', form: slab(4) },
  'framed-print': { finish: 'glazed', form: slab(12) },
  'phone-case': { finish: 'plastic', form: slab(26) },
  'samsung-case': { finish: 'plastic', form: slab(26) },
  'pet-bandana': { finish: 'canvas', form: soft(12, 8) },
  'pet-bed': { finish: 'plush', form: soft(44, 40) },
  'baby-bodysuit': { finish: 'jersey', form: soft(18, 9) },
  apron: { finish: 'canvas', form: soft(12, 6) },
  notebook: { finish: 'paper', form: slab(4) },
  'mouse-pad': { finish: 'poly', form: slab(9) },
};
