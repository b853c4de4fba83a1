/**
 * Where a text element sits on the flat. Text uses the same fabric matrix as images, with two
 * differences fabric has: the box is the measured layout (not the stored width/height, which
 * may be stale or 0 for a new element), and the stroke width counts in the object's dimensions
 * (fabric adds strokeWidth, default 1, even when no stroke colour is set), which moves the
 * centre by half of it for a left/top origin.
 */
import { elementMatrix, type ElementTransform, type Mat2d } from '../geometry/index.ts';
import type { TextElement } from '../model/index.ts';
import type { TextLayout } from './layout.ts';

export type TextPlacementFields = Pick<
  TextElement,
  'left' | 'top' | 'scaleX' | 'scaleY' | 'angle' | 'flipX' | 'flipY' | 'originX' | 'originY' | 'strokeWidth'
>;

export function textTransform(el: TextPlacementFields, layout: Pick<TextLayout, 'width' | 'height'>): ElementTransform {
  return {
    left: el.left,
    top: el.top,
    width: layout.width,
    height: layout.height,
    scaleX: el.scaleX,
    scaleY: el.scaleY,
    angle: el.angle,
    flipX: el.flipX,
    flipY: el.flipY,
    originX: el.originX,
    originY: el.originY,
    strokeWidth: Number.isFinite(el.strokeWidth) ? el.strokeWidth : 0,
  };
}

/** Text box local coordinates (0..width × 0..height of the layout) → flat coordinates. */
export function textElementMatrix(el: TextPlacementFields, layout: Pick<TextLayout, 'width' | 'height'>): Mat2d {
  return elementMatrix(textTransform(el, layout));
}
