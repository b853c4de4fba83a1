/**
 * Helpers the drawings share: Bezier print meshes with gentle curvature, the outline of a patch
 * (so a pillow's silhouette is exactly its print mesh's edge), quads and a bilinear map that turns
 * a straight-on drawing into an angled one.
 */
import type { Box, PathNode, Pt, Ring, Shape } from '../art/path';
import { mapShape } from '../art/path';

export interface Curvature {
  /** Vertical edges bow outward by this much at mid-height (a chest, a pillow's belly). */
  bulge?: number;
  /** Rows sag downward by this much in the middle (fabric hanging from the shoulders). */
  sag?: number;
  /** Positive: the top row is wider than the bottom by this fraction of the width. */
  taper?: number;
  /** Rows arch upward in the middle (a cap's dome). */
  arch?: number;
}

/** 16 control points (row by row) over a box, bent by the curvature. */
export function bezierBox(b: Box, c: Curvature = {}): Pt[] {
  const points: Pt[] = [];
  for (let r = 0; r < 4; r += 1) {
    for (let col = 0; col < 4; col += 1) {
      const u = col / 3;
      const v = r / 3;
      const du = u - 0.5;
      const widthScale = 1 + (c.taper ?? 0) * (0.5 - v);
      const bow = 4 * v * (1 - v);
      const mid = 4 * u * (1 - u);
      const x = b.x + b.w / 2 + du * b.w * widthScale + (c.bulge ?? 0) * 2 * du * bow;
      const y = b.y + v * b.h + (c.sag ?? 0) * mid - (c.arch ?? 0) * mid * (1 - v);
      points.push([round(x), round(y)]);
    }
  }
  return points;
}

const round = (v: number) => Math.round(v * 100) / 100;

function at(points: readonly Pt[], i: number): Pt {
  const p = points[i];
  if (!p) throw new Error(`patch point ${i} missing`);
  return p;
}

/** The closed outline of a 4x4 patch: its four boundary cubics, clockwise. */
export function patchOutline(points: readonly Pt[]): Ring {
  const p = (i: number) => at(points, i);
  const cubic = (a: number, b: number, c: number): PathNode => [p(a)[0], p(a)[1], p(b)[0], p(b)[1], p(c)[0], p(c)[1]];
  return [[p(0)[0], p(0)[1]], cubic(1, 2, 3), cubic(7, 11, 15), cubic(14, 13, 12), cubic(8, 4, 0)];
}

/**
 * A puffy square: corners where given, edges pulled in by `pinch` (a stuffed pillow's concave
 * sides) and the middle pushed out by `puff`.
 */
export function pillowPatch(b: Box, pinch: number, puff: number): Pt[] {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const points: Pt[] = [];
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 4; c += 1) {
      let x = b.x + (b.w * c) / 3;
      let y = b.y + (b.h * r) / 3;
      const edgeRow = r === 0 || r === 3;
      const edgeCol = c === 0 || c === 3;
      if (edgeRow && !edgeCol) y += (r === 0 ? 1 : -1) * pinch;
      if (edgeCol && !edgeRow) x += (c === 0 ? 1 : -1) * pinch;
      if (!edgeRow && !edgeCol) {
        x += Math.sign(x - cx) * puff;
        y += Math.sign(y - cy) * puff;
      }
      points.push([round(x), round(y)]);
    }
  }
  return points;
}

export function quadOf(b: Box): [Pt, Pt, Pt, Pt] {
  return [
    [b.x, b.y],
    [b.x + b.w, b.y],
    [b.x + b.w, b.y + b.h],
    [b.x, b.y + b.h],
  ];
}

/**
 * Maps the box `from` onto the quad `to` bilinearly. Axis-aligned lines stay straight, so a
 * framed print's rectangles become the angled view's quads, and a print rectangle's corners land
 * exactly on the quad the template's perspective layer names.
 */
export function bilinear(from: Box, to: readonly [Pt, Pt, Pt, Pt]): (p: Pt) => Pt {
  const [tl, tr, br, bl] = to;
  return ([x, y]) => {
    const u = (x - from.x) / from.w;
    const v = (y - from.y) / from.h;
    const topX = tl[0] + (tr[0] - tl[0]) * u;
    const topY = tl[1] + (tr[1] - tl[1]) * u;
    const botX = bl[0] + (br[0] - bl[0]) * u;
    const botY = bl[1] + (br[1] - bl[1]) * u;
    return [round(topX + (botX - topX) * v), round(topY + (botY - topY) * v)];
  };
}

export function mirrorShape(shape: Shape): Shape {
  return mapShape(shape, ([x, y]) => [1000 - x, y]);
}

export function mirrorPoints(points: readonly Pt[]): Pt[] {
  // Mirroring flips the columns too, so each row is reversed to keep u running left to right.
  const out: Pt[] = [];
  for (let r = 0; r < 4; r += 1) {
    for (let c = 3; c >= 0; c -= 1) {
      const p = at(points, r * 4 + c);
      out.push([1000 - p[0], p[1]]);
    }
  }
  return out;
}
