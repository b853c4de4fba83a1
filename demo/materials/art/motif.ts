/** What a clip-art motif is: a named, tagged drawing function over a palette and a seeded Rng. */
import type { Rng } from '../../prng';
import type { TagKey } from '../../../server/materials/tags';
import type { Drawing, Finish } from './compose';
import type { Ink, Palette } from './kit';

export interface Ctx {
  rng: Rng;
  pal: Palette;
  /** Outline attributes: a dark ink outline when the material is 'outlined', nothing when flat. */
  ink: Ink;
  outlined: boolean;
  /** Palette colour i, rotated by this material's offset so two variants in one palette differ. */
  c(i: number): string;
  /** A defs id unique within this drawing. */
  id(name: string): string;
}

export interface Art extends Drawing {
  name: string;
  /** Replaces the motif's tags for this variant (1-3). */
  tags?: TagKey[];
  /** Extra search words (not shown). */
  keywords?: string[];
}

export interface Motif {
  key: string;
  tags: TagKey[];
  /** Finishes that suit it; any of flat, sticker, shadow when omitted. */
  finishes?: Finish[];
  /** Never outlined (drawings whose detail lines would clash with an outline). */
  noOutline?: boolean;
  /** How often it appears relative to other motifs (default 1): faces and words vary more. */
  weight?: number;
  draw(ctx: Ctx): Art;
}
