/**
 * The picture an image element is drawn with: the loaded bitmap, or a copy with the element's
 * photo adjustment applied (model/adjust.ts). Every render path (flat composition for mockups and
 * print files, the live editor stage) takes its pictures from here, so all of them draw the same
 * pixels. Adjusted copies are kept per source bitmap (a few adjustments each, the latest ones), so
 * a mockup strip re-rendering an unchanged design adjusts nothing again.
 */
import { adjustKey, adjustPixels, isNeutralAdjust, type ImageAdjust } from '../../model/index.ts';

/** Adjusted copies kept per source bitmap: a merchant trying slider values goes back and forth. */
const KEEP_PER_SOURCE = 4;

const copies = new WeakMap<ImageBitmap, Map<string, Promise<ImageBitmap>>>();

async function adjustBitmap(source: ImageBitmap, adjust: ImageAdjust): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(source.width, source.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (ctx === null) throw new Error('2D canvas is not available');
  ctx.drawImage(source, 0, 0);
  const pixels = ctx.getImageData(0, 0, source.width, source.height);
  adjustPixels(pixels.data, adjust);
  ctx.putImageData(pixels, 0, 0);
  return createImageBitmap(canvas);
}

/** `source` with `adjust` applied; `source` itself when the adjustment changes nothing. */
export function adjustedBitmap(source: ImageBitmap, adjust: ImageAdjust | null | undefined): Promise<ImageBitmap> {
  if (isNeutralAdjust(adjust) || !adjust || source.width === 0 || source.height === 0) return Promise.resolve(source);
  const key = adjustKey(adjust);
  let perSource = copies.get(source);
  if (!perSource) {
    perSource = new Map();
    copies.set(source, perSource);
  }
  const cached = perSource.get(key);
  if (cached) {
    // Most recently used last, so the oldest is the one dropped.
    perSource.delete(key);
    perSource.set(key, cached);
    return cached;
  }
  const made = adjustBitmap(source, adjust);
  perSource.set(key, made);
  made.catch(() => perSource.delete(key));
  // Dropped copies are not closed: a render that took one may still be drawing it.
  while (perSource.size > KEEP_PER_SOURCE) {
    const oldest = perSource.keys().next().value;
    if (oldest === undefined) break;
    perSource.delete(oldest);
  }
  return made;
}
