/**
 * Template switching: the template whose colour matches the checked colour,
 * switched to only when it differs from the current one.
 */
import type { CustomTemplate } from '@pod-studio/engine/model';

export interface ColourTemplate {
  /** '#RRGGBB' of the colour (the image row's imgname). */
  imgname: string;
  editZone: CustomTemplate;
}

/** The template for `hex`, or null when no row shows that colour. */
export function templateForColour(rows: readonly ColourTemplate[], hex: string): CustomTemplate | null {
  const want = hex.toUpperCase();
  return rows.find((r) => r.imgname.toUpperCase() === want)?.editZone ?? null;
}

/** The template to switch to, or null when the current one already is the colour's. */
export function templateSwitch(rows: readonly ColourTemplate[], hex: string, current: CustomTemplate): CustomTemplate | null {
  const next = templateForColour(rows, hex);
  if (!next) return null;
  const same = next === current || (next.customTemplateId !== null && next.customTemplateId === current.customTemplateId);
  return same ? null : next;
}
