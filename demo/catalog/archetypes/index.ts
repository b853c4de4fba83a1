/** Every archetype the catalogue is varied from, in a fixed order (the generator depends on it). */
import {
  apronArchetype,
  babyBodysuitArchetype,
  dressArchetype,
  hoodieArchetype,
  kidsTeeArchetype,
  leggingsArchetype,
  mensTeeArchetype,
  swimsuitArchetype,
  tankTopArchetype,
  womensTeeArchetype,
  zipHoodieArchetype,
} from './apparel';
import {
  backpackArchetype,
  bucketHatArchetype,
  capArchetype,
  petBandanaArchetype,
  petBedArchetype,
  slipperArchetype,
  sneakerArchetype,
  socksArchetype,
  toteBagArchetype,
} from './accessories';
import { blanketArchetype, mugArchetype, pillowArchetype, tumblerArchetype } from './home';
import {
  canvasArchetype,
  framedPrintArchetype,
  mousePadArchetype,
  notebookArchetype,
  phoneCaseArchetype,
  posterArchetype,
  samsungCaseArchetype,
} from './flat';
import { PHOTO_ARCHETYPES } from './photo';
import { TATTOO_ARCHETYPES } from './tattoo';
import { PERSONALISED_ARCHETYPES } from './personalised';
import { SURFACES } from './surfaces';
import type { Archetype } from './types';

/** The archetype with its finish and form on every view (a view's own win). */
function surfaced(arch: Archetype): Archetype {
  const spec = SURFACES[arch.key];
  return spec ? { ...arch, views: arch.views.map((v) => ({ finish: spec.finish, form: spec.form, ...v })) } : arch;
}

export const ARCHETYPES: readonly Archetype[] = [
  womensTeeArchetype,
  mensTeeArchetype,
  hoodieArchetype,
  zipHoodieArchetype,
  tankTopArchetype,
  swimsuitArchetype,
  dressArchetype,
  leggingsArchetype,
  socksArchetype,
  sneakerArchetype,
  slipperArchetype,
  capArchetype,
  bucketHatArchetype,
  toteBagArchetype,
  backpackArchetype,
  mugArchetype,
  tumblerArchetype,
  pillowArchetype,
  blanketArchetype,
  posterArchetype,
  canvasArchetype,
  framedPrintArchetype,
  phoneCaseArchetype,
  samsungCaseArchetype,
  petBandanaArchetype,
  petBedArchetype,
  babyBodysuitArchetype,
  kidsTeeArchetype,
  apronArchetype,
  notebookArchetype,
  mousePadArchetype,
  ...PHOTO_ARCHETYPES,
  ...TATTOO_ARCHETYPES,
  ...PERSONALISED_ARCHETYPES,
].map(surfaced);

const byKey = new Map(ARCHETYPES.map((a) => [a.key, a]));

export function archetypeByKey(key: string): Archetype | undefined {
  return byKey.get(key);
}

/** Relative share of the catalogue: best sellers get more variations. */
export const ARCHETYPE_WEIGHT: Readonly<Record<string, number>> = {
  'mens-tee': 2,
  'womens-tee': 2,
  hoodie: 1.6,
  mug: 1.6,
  pillow: 1.3,
  'phone-case': 1.3,
  'tote-bag': 1.2,
  poster: 1.2,
  canvas: 1.1,
};

export type { Archetype } from './types';
