/**
 * How saved view images are made, and "Open larger" shows them: 1600 px on the longer side and
 * JPEG quality 0.92, so 12 pt text in a 10-inch print area (about 11 px tall on a tee's front at
 * this size) keeps its strokes instead of blurring into ringing.
 */
export const VIEW_IMAGE_SIZE = 1600;
export const VIEW_IMAGE_QUALITY = 0.92;

/**
 * For each colour of a save, how many of its colours are drawn on the same template (`templates`:
 * each colour's template id, or the template itself where it has none): what each render tells
 * the engine as `runColors`, so the first render of a template prepares what its other colours
 * share. A colour with a photo of its own is a template of its own, rendered once.
 */
export function coloursOnTemplate(templates: readonly unknown[]): number[] {
  const counts = new Map<unknown, number>();
  for (const t of templates) counts.set(t, (counts.get(t) ?? 0) + 1);
  return templates.map((t) => counts.get(t) ?? 1);
}
