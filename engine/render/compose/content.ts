/**
 * What each composed flat shows (render/flat-content.ts), by the bitmap: worked out from the
 * drawing operations as the flat is composed, and asked for by whoever warps the bitmap onto a
 * photo. A bitmap composed elsewhere has none, and is then taken as drawn all over.
 */
import { contentOfBoxes, type ContentBox, type FlatContent } from '../flat-content.ts';
import type { OutputSize } from './output.ts';

const noted = new WeakMap<ImageBitmap, FlatContent>();

/**
 * The content of a flat drawn at `out` px over a background colour (null for none) by operations
 * that each touch only their box (plan.ts, `opBounds`), or null where the background colours the
 * whole flat.
 */
export function planContent(background: string | null, boxes: Iterable<ContentBox | null>, out: OutputSize): FlatContent | null {
  return background === null ? contentOfBoxes(out.width, out.height, boxes) : null;
}

/** Records what `bitmap` shows; null (drawn all over) records nothing. */
export function noteFlatContent(bitmap: ImageBitmap, content: FlatContent | null): ImageBitmap {
  if (content) noted.set(bitmap, content);
  return bitmap;
}

/** What a composed flat shows, or null when not known (take it as drawn all over). */
export function flatContentOf(bitmap: ImageBitmap): FlatContent | null {
  return noted.get(bitmap) ?? null;
}
