/** Shared merchandising lists and drawing bits used by several archetypes. */
import type { Pt, Ring } from '../art/path';
import { mapRing } from '../art/path';
import type { Fold, Upcharge } from './types';

export const ADULT_SIZES: readonly Upcharge[] = [
  { name: 'XS', cents: 0 },
  { name: 'S', cents: 0 },
  { name: 'M', cents: 0 },
  { name: 'L', cents: 0 },
  { name: 'XL', cents: 0 },
  { name: '2XL', cents: 200 },
  { name: '3XL', cents: 350 },
  { name: '4XL', cents: 450 },
  { name: '5XL', cents: 550 },
];
export const KIDS_SIZES: readonly Upcharge[] = [
  { name: '2T', cents: 0 },
  { name: '3T', cents: 0 },
  { name: '4T', cents: 0 },
  { name: '5-6', cents: 0 },
  { name: '7-8', cents: 100 },
  { name: '9-10', cents: 100 },
  { name: '11-12', cents: 150 },
];
export const BABY_SIZES: readonly Upcharge[] = [
  { name: 'Newborn', cents: 0 },
  { name: '0-3M', cents: 0 },
  { name: '3-6M', cents: 0 },
  { name: '6-12M', cents: 0 },
  { name: '12-18M', cents: 100 },
  { name: '18-24M', cents: 100 },
];
export const SHOE_SIZES: readonly Upcharge[] = [
  { name: 'US 5', cents: 0 },
  { name: 'US 6', cents: 0 },
  { name: 'US 7', cents: 0 },
  { name: 'US 8', cents: 0 },
  { name: 'US 9', cents: 0 },
  { name: 'US 10', cents: 0 },
  { name: 'US 11', cents: 0 },
  { name: 'US 12', cents: 200 },
  { name: 'US 13', cents: 300 },
];
export const COTTON: readonly Upcharge[] = [
  { name: '100% Cotton', cents: 0 },
  { name: 'Cotton Blend', cents: 0 },
  { name: 'Organic Cotton', cents: 300 },
  { name: 'Tri-Blend', cents: 250 },
];
export const POLY: readonly Upcharge[] = [
  { name: 'Polyester', cents: 0 },
  { name: 'Milk Silk', cents: 150 },
  { name: 'Recycled Polyester', cents: 250 },
];

export const mirrorX = (ring: Ring): Ring => mapRing(ring, ([x, y]: Pt): Pt => [1000 - x, y]);

export function fold(path: Ring, opacity = 0.16, width = 10, blur = 6): Fold {
  return { path, width, opacity, blur };
}

/** A fold and its mirror image: garments fold the same way on both sides. */
export function foldPair(path: Ring, opacity = 0.16, width = 10, blur = 6): Fold[] {
  return [fold(path, opacity, width, blur), fold(mirrorX(path), opacity, width, blur)];
}

/** A seam: thin, crisp, faint. */
export function seam(path: Ring, opacity = 0.22): Fold {
  return { path, width: 3, opacity, blur: 1.2 };
}
