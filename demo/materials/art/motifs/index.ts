/** Every clip-art motif, in a fixed order (the generator shuffles it per seed). */
import type { Motif } from '../motif';
import { ANIMAL_MOTIFS } from './animals';
import { FOOD_MOTIFS } from './food';
import { HOLIDAY_MOTIFS, SPORT_SPACE_MOTIFS } from './holidays';
import { ARROW_MOTIFS, BADGE_MOTIFS, FRAME_MOTIFS, LETTERING_MOTIFS, PATTERN_MOTIFS } from './lettering';
import { NATURE_MOTIFS } from './nature';
import { SHAPE_MOTIFS } from './shapes';

export const ALL_MOTIFS: readonly Motif[] = [
  ...SHAPE_MOTIFS,
  ...ANIMAL_MOTIFS,
  ...NATURE_MOTIFS,
  ...FOOD_MOTIFS,
  ...HOLIDAY_MOTIFS,
  ...SPORT_SPACE_MOTIFS,
  ...LETTERING_MOTIFS,
  ...BADGE_MOTIFS,
  ...FRAME_MOTIFS,
  ...ARROW_MOTIFS,
  ...PATTERN_MOTIFS,
];
