/**
 * What typing in the text panel does to the document:
 * emptying the text of an existing design deletes it, entering text with no design adds a new
 * text design and selects it, entering text with a design updates it. Alignment is active only
 * with two or more lines, otherwise left. Pure: returns a plan the panel applies to the editor.
 */
import { splitTextLines, textAlignmentFor, type TextAlign, type TextElement } from '@pod-studio/engine/model';

export type TextPlan =
  | { kind: 'none' }
  | { kind: 'add'; text: string; textLines: string[] }
  | { kind: 'update'; localId: string; patch: Pick<TextElement, 'text' | 'textLines' | 'textAlign'> }
  | { kind: 'remove'; localId: string };

/** Text counts as empty when only whitespace is left: an invisible design is not a design. */
export const isEmptyText = (text: string): boolean => text.trim() === '';

export function planTextInput(current: Pick<TextElement, 'localId' | 'textAlign'> | null, text: string, wantedAlign?: TextAlign): TextPlan {
  if (current === null) {
    return isEmptyText(text) ? { kind: 'none' } : { kind: 'add', text, textLines: splitTextLines(text) };
  }
  if (isEmptyText(text)) return { kind: 'remove', localId: current.localId };
  const textLines = splitTextLines(text);
  return {
    kind: 'update',
    localId: current.localId,
    patch: { text, textLines, textAlign: textAlignmentFor(textLines, wantedAlign ?? current.textAlign) },
  };
}

/** Whether the alignment buttons can be used for this text. */
export function alignmentEnabled(text: string): boolean {
  return splitTextLines(text).length >= 2;
}

/** Letter spacing as the panel shows it (em) from fabric's charSpacing (1/1000 em), and back. */
export const letterSpacingOf = (charSpacing: number): number => Math.round(charSpacing / 10) / 100;
export const charSpacingOf = (letterSpacingEm: number): number => Math.round(letterSpacingEm * 1000);

/** The panel's shadow controls from an element's offset: distance (0-10, x10 px) and angle (0-359.9). */
export function shadowControlsOf(shadow: { offsetX: number; offsetY: number } | null): { distance: number; angle: number } {
  if (!shadow) return { distance: 0, angle: 0 };
  const len = Math.hypot(shadow.offsetX, shadow.offsetY) / 10;
  let angle = (Math.atan2(shadow.offsetY, shadow.offsetX) * 180) / Math.PI;
  if (angle < 0) angle += 360;
  return { distance: Math.round(len * 100) / 100, angle: Math.round(angle * 10) / 10 };
}

/** Clamps a typed number into a control's range; NaN (an emptied box) becomes the minimum. */
export function clampTo(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/**
 * The font size of a new text: a tenth of the print area's shorter side, so a line reads as a
 * headline on any product (print areas run from a few hundred pixels on a mug to thousands on a
 * poster; a fixed size would be a speck on one and a banner on the other). Never smaller than the
 * engine's default.
 */
export function initialFontSize(area: { width: number; height: number }, minimum: number): number {
  const side = Math.min(area.width, area.height);
  return Number.isFinite(side) && side > 0 ? Math.max(minimum, Math.round(side / 10)) : minimum;
}
