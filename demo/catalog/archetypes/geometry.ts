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

function cubicAt(a: Pt, b: Pt, c: Pt, d: Pt, t: number): Pt {
  const u = 1 - t;
  const w0 = u * u * u;
  const w1 = 3 * u * u * t;
  const w2 = 3 * u * t * t;
  const w3 = t * t * t;
  return [w0 * a[0] + w1 * b[0] + w2 * c[0] + w3 * d[0], w0 * a[1] + w1 * b[1] + w2 * c[1] + w3 * d[1]];
}

/** The ring's outline as points about `step` design units apart (cubics sampled, lines split). */
export function sampleRing(ring: Ring, step: number): Pt[] {
  const out: Pt[] = [];
  const first = ring[0];
  if (!first) return out;
  let prev: Pt = first.length === 2 ? [first[0], first[1]] : [first[4], first[5]];
  const nodes = [...ring.slice(1), [prev[0], prev[1]] as PathNode];
  for (const n of nodes) {
    const end: Pt = n.length === 2 ? [n[0], n[1]] : [n[4], n[5]];
    const c1: Pt = n.length === 2 ? prev : [n[0], n[1]];
    const c2: Pt = n.length === 2 ? end : [n[2], n[3]];
    const len =
      Math.hypot(c1[0] - prev[0], c1[1] - prev[1]) + Math.hypot(c2[0] - c1[0], c2[1] - c1[1]) + Math.hypot(end[0] - c2[0], end[1] - c2[1]);
    const pieces = Math.max(1, Math.ceil(len / step));
    for (let i = 0; i < pieces; i += 1) out.push(cubicAt(prev, c1, c2, end, i / pieces));
    prev = end;
  }
  return out;
}

/**
 * The ring with an organic edge, as cloth lies: the outline pushed in and out along its normal
 * by up to `amplitude` design units, in long gentle waves (a hem that is not ruler straight, a
 * side seam that eases in and out). Deterministic from `seed`; the result is a polygon of points
 * about 5 units apart (6 px at 1200 px: smooth at any catalogue size).
 */
export function organicRing(ring: Ring, seed: number, amplitude = 2): Ring {
  const pts = sampleRing(ring, 5);
  if (pts.length < 3) return ring;
  const waves = [0, 1, 2].map((i) => {
    const h = Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453;
    const r = h - Math.floor(h);
    return { length: [300, 140, 70][i] as number, phase: r * Math.PI * 2, weight: [0.6, 0.3, 0.1][i] as number };
  });
  let s = 0;
  const out: Pt[] = [];
  pts.forEach((p, i) => {
    const a = pts[(i - 1 + pts.length) % pts.length] as Pt;
    const b = pts[(i + 1) % pts.length] as Pt;
    if (i > 0) s += Math.hypot(p[0] - a[0], p[1] - a[1]);
    const tx = b[0] - a[0];
    const ty = b[1] - a[1];
    const len = Math.hypot(tx, ty) || 1;
    const off = amplitude * waves.reduce((sum, w) => sum + w.weight * Math.sin((s / w.length) * Math.PI * 2 + w.phase), 0);
    out.push([round(p[0] + (ty / len) * off), round(p[1] - (tx / len) * off)]);
  });
  return out.map((p): PathNode => [p[0], p[1]]);
}
