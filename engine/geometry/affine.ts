/**
 * 2D affine transforms of design elements, reproducing fabric.js v5's
 * object geometry (`getCenterPoint`, `calcTransformMatrix`) so the engine
 * draws an element exactly where the editor placed it.
 *
 * Matrices use gl-matrix's `mat2d` layout `[a, b, c, d, tx, ty]`:
 * x' = a·x + c·y + tx, y' = b·x + d·y + ty (the same as fabric and canvas 2D).
 * They are plain number tuples (not gl-matrix's Float32Array default) so
 * positions keep double precision until they reach the GPU.
 */
import { mat2d } from 'gl-matrix';
import type { Bounds, Vec2 } from './types';
import { boundsOfPoints } from './types';

export type Mat2d = [number, number, number, number, number, number];
export type ReadonlyMat2d = readonly [number, number, number, number, number, number];

export type OriginX = 'left' | 'center' | 'right';
export type OriginY = 'top' | 'center' | 'bottom';

/** The fabric-style fields of a design element that position it on the flat. */
export interface ElementTransform {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly scaleX?: number;
  readonly scaleY?: number;
  /** Degrees, clockwise on screen (y down). */
  readonly angle?: number;
  readonly flipX?: boolean;
  readonly flipY?: boolean;
  /** Which point of the box `left` refers to; fabric's default is 'left'. */
  readonly originX?: OriginX;
  /** Which point of the box `top` refers to; fabric's default is 'top'. */
  readonly originY?: OriginY;
  /**
   * fabric counts the stroke in the object's dimensions, which moves the centre
   * when the origin is not 'center'. Images have 0 (the default here); pass a
   * text element's strokeWidth to match fabric exactly.
   */
  readonly strokeWidth?: number;
  readonly strokeUniform?: boolean;
}

export const IDENTITY_MAT2D: ReadonlyMat2d = [1, 0, 0, 1, 0, 0];

const ORIGIN_X_OFFSET: Record<OriginX, number> = { left: -0.5, center: 0, right: 0.5 };
const ORIGIN_Y_OFFSET: Record<OriginY, number> = { top: -0.5, center: 0, bottom: 0.5 };

/**
 * cos/sin of an angle in degrees, exact at multiples of 90° as fabric's
 * `util.cos`/`util.sin` are, so quarter turns produce exact integers.
 */
export function cosSinDegrees(angleDeg: number): [number, number] {
  const quarter = angleDeg / 90;
  if (Number.isInteger(quarter)) {
    const k = ((quarter % 4) + 4) % 4;
    return (
      [
        [1, 0],
        [0, 1],
        [-1, 0],
        [0, -1],
      ] as const
    )[k] as [number, number];
  }
  const rad = (angleDeg * Math.PI) / 180;
  return [Math.cos(rad), Math.sin(rad)];
}

/** fabric `_getTransformedDimensions` without skew: the scaled box size including stroke. */
export function transformedDimensions(el: ElementTransform): Vec2 {
  const sx = el.scaleX ?? 1;
  const sy = el.scaleY ?? 1;
  const stroke = el.strokeWidth ?? 0;
  if (el.strokeUniform) return [el.width * sx + stroke, el.height * sy + stroke];
  return [(el.width + stroke) * sx, (el.height + stroke) * sy];
}

/** fabric `getCenterPoint`: the origin point shifted to the centre, then rotated about the origin point. */
export function elementCenter(el: ElementTransform): Vec2 {
  const ox = -ORIGIN_X_OFFSET[el.originX ?? 'left'];
  const oy = -ORIGIN_Y_OFFSET[el.originY ?? 'top'];
  let x = el.left;
  let y = el.top;
  if (ox !== 0 || oy !== 0) {
    const [dw, dh] = transformedDimensions(el);
    x += ox * dw;
    y += oy * dh;
  }
  const angle = el.angle ?? 0;
  if (angle === 0) return [x, y];
  const [cos, sin] = cosSinDegrees(angle);
  const dx = x - el.left;
  const dy = y - el.top;
  return [el.left + dx * cos - dy * sin, el.top + dx * sin + dy * cos];
}

/**
 * fabric `calcTransformMatrix` (no group, no skew): maps the object's own
 * centre-relative coordinates (box from -w/2..w/2) to the flat.
 */
export function fabricObjectMatrix(el: ElementTransform): Mat2d {
  const [cx, cy] = elementCenter(el);
  const [cos, sin] = cosSinDegrees(el.angle ?? 0);
  const sx = (el.scaleX ?? 1) * (el.flipX ? -1 : 1);
  const sy = (el.scaleY ?? 1) * (el.flipY ? -1 : 1);
  // T(center) · R(angle) · S(scale·flip), multiplied out by hand; `+ 0`
  // turns the -0 that sign flips produce into 0 so matrices compare cleanly.
  return [cos * sx + 0, sin * sx + 0, -sin * sy + 0, cos * sy + 0, cx, cy];
}

/** Maps the element's local box (0..width, 0..height), e.g. image pixels, to flat coordinates. */
export function elementMatrix(el: ElementTransform): Mat2d {
  const m = fabricObjectMatrix(el);
  const out: Mat2d = [1, 0, 0, 1, 0, 0];
  mat2d.translate(out, m, [-el.width / 2, -el.height / 2]);
  return out;
}

/** Flat → element local box. Throws for a zero scale, which has no inverse. */
export function invertAffine(m: ReadonlyMat2d): Mat2d {
  const out: Mat2d = [1, 0, 0, 1, 0, 0];
  if (!mat2d.invert(out, m) || !out.every(Number.isFinite)) {
    throw new Error('affine matrix is singular (zero scale) and cannot be inverted');
  }
  return out;
}

/** a · b: applies b first, then a. */
export function multiplyAffine(a: ReadonlyMat2d, b: ReadonlyMat2d): Mat2d {
  const out: Mat2d = [1, 0, 0, 1, 0, 0];
  mat2d.multiply(out, a, b);
  return out;
}

export function applyAffine(m: ReadonlyMat2d, p: Vec2): Vec2 {
  const [a, b, c, d, tx, ty] = m;
  return [a * p[0] + c * p[1] + tx, b * p[0] + d * p[1] + ty];
}

/**
 * The local box the element occupies for bounds and hits: the content box
 * grown by half the stroke on each side, as fabric's corner coordinates are.
 */
function hitBox(el: ElementTransform): { x0: number; y0: number; x1: number; y1: number } {
  const stroke = el.strokeWidth ?? 0;
  // A uniform stroke keeps its screen width, so in local units it shrinks with the scale.
  const padX = el.strokeUniform ? stroke / 2 / Math.abs(el.scaleX ?? 1) : stroke / 2;
  const padY = el.strokeUniform ? stroke / 2 / Math.abs(el.scaleY ?? 1) : stroke / 2;
  return { x0: -padX, y0: -padY, x1: el.width + padX, y1: el.height + padY };
}

/** Flat-space corners in local order top-left, top-right, bottom-right, bottom-left. */
export function elementCorners(el: ElementTransform): [Vec2, Vec2, Vec2, Vec2] {
  const m = elementMatrix(el);
  const { x0, y0, x1, y1 } = hitBox(el);
  return [applyAffine(m, [x0, y0]), applyAffine(m, [x1, y0]), applyAffine(m, [x1, y1]), applyAffine(m, [x0, y1])];
}

/** Axis-aligned bounds of the transformed box on the flat. */
export function elementBounds(el: ElementTransform): Bounds {
  return boundsOfPoints(elementCorners(el));
}

/**
 * Whether a flat-space point lies on the element (inside its rotated box).
 * `tolerance` is in local units and widens the box, for touch targets.
 */
export function hitTestElement(el: ElementTransform, point: Vec2, tolerance = 0): boolean {
  const sx = el.scaleX ?? 1;
  const sy = el.scaleY ?? 1;
  if (sx === 0 || sy === 0) return false;
  const [x, y] = applyAffine(invertAffine(elementMatrix(el)), point);
  const { x0, y0, x1, y1 } = hitBox(el);
  return x >= x0 - tolerance && x <= x1 + tolerance && y >= y0 - tolerance && y <= y1 + tolerance;
}
