import { SHADOW_DISTANCE_SCALE, TEXT_DEFAULTS, type TextAlign } from './constants.ts';
import type { TextElement } from './types.ts';

/** Alignment only means something with two or more lines; otherwise left. */
export function textAlignmentFor(textLines: readonly string[], align: TextAlign): TextAlign {
  return textLines.length >= 2 ? align : 'left';
}

/** Lines as fabric splits them (hard breaks only; wrapping is the text layout's business). */
export function splitTextLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

// Trig leaves noise like 6e-16 at right angles; documents should hold the clean value.
const clean = (v: number) => {
  const r = Math.round(v * 1e6) / 1e6;
  return r === 0 ? 0 : r;
};

/**
 * Shadow offset in pixels from the editor's distance (0-10) and angle (degrees). The distance is
 * scaled by 10. Angle 0 points right and angles turn clockwise on screen
 * (y down), the same sense as element rotation.
 */
export function shadowOffset(distance: number, angleDeg: number): { offsetX: number; offsetY: number } {
  const radians = (angleDeg * Math.PI) / 180;
  const length = distance * SHADOW_DISTANCE_SCALE;
  return { offsetX: clean(length * Math.cos(radians)), offsetY: clean(length * Math.sin(radians)) };
}

export type TextStyleDefaults = Pick<
  TextElement,
  'fill' | 'fontSize' | 'textAlign' | 'charSpacing' | 'fontFamily' | 'stroke' | 'strokeWidth' | 'shadow'
>;

/** A fresh copy each call so callers may mutate it. */
export function textDefaults(): TextStyleDefaults {
  return {
    fill: TEXT_DEFAULTS.fill,
    fontSize: TEXT_DEFAULTS.fontSize,
    textAlign: TEXT_DEFAULTS.textAlign,
    charSpacing: TEXT_DEFAULTS.charSpacing,
    fontFamily: TEXT_DEFAULTS.fontFamily,
    stroke: TEXT_DEFAULTS.stroke,
    strokeWidth: TEXT_DEFAULTS.strokeWidth,
    shadow: TEXT_DEFAULTS.shadow,
  };
}
