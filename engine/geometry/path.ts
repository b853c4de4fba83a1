/**
 * PPC clip paths: Photoshop vector paths (cubic Bezier knots) turned into
 * polygons and triangles that WebGL can draw into a stencil or mask.
 *
 * A subpath is a ring of knots; the segment from knot i to knot i+1 is the
 * cubic (anchor_i, out_i, in_{i+1}, anchor_{i+1}). Closed subpaths also join
 * the last knot back to the first. For filling, open subpaths are closed
 * with a straight line, as Photoshop fills them.
 */
import { Bezier } from 'bezier-js';
import type { Bounds, Vec2 } from './types';
import { EMPTY_BOUNDS, boundsOfPoints, unionBounds } from './types';
import type { ReadonlyMat2d } from './affine';
import { applyAffine } from './affine';

export interface PathKnot {
  readonly anchor: Vec2;
  /** Control point of the segment arriving at this knot. */
  readonly in: Vec2;
  /** Control point of the segment leaving this knot. */
  readonly out: Vec2;
}

export interface SubPath {
  readonly knots: readonly PathKnot[];
  readonly closed: boolean;
}

export type ClipPath = readonly SubPath[];

export type FillRule = 'nonzero' | 'evenodd';

/** A flattened subpath: its vertices without a repeated closing point. */
export interface Polygon {
  readonly points: readonly Vec2[];
  readonly closed: boolean;
}

// ---------------------------------------------------------------------------
// Adapters

/** Structural shape of ag-psd's `BezierPath` (vector masks, `vectorMask.paths`). */
export interface PsdBezierPathLike {
  readonly open: boolean;
  /** `points`: [inX, inY, anchorX, anchorY, outX, outY] in document px. */
  readonly knots: readonly { readonly points: readonly number[] }[];
}

export function pathFromPsdPaths(paths: readonly PsdBezierPathLike[]): SubPath[] {
  return paths.map((p) => ({
    closed: !p.open,
    knots: p.knots.map((k): PathKnot => {
      const pts = k.points;
      if (pts.length !== 6 || !pts.every(Number.isFinite)) {
        throw new Error(`path knot needs 6 finite numbers (in, anchor, out), got ${pts.length}`);
      }
      const [ix, iy, ax, ay, ox, oy] = pts as readonly [number, number, number, number, number, number];
      return { in: [ix, iy], anchor: [ax, ay], out: [ox, oy] };
    }),
  }));
}

/**
 * One PPC record. M, L, Z as in SVG (absolute). A cubic is either one 'C'
 * record carrying its control points in X1/Y1, X2/Y2 or, since the stored
 * records have only X and Y, three consecutive 'C' records: first control
 * point, second control point, end point.
 */
export interface PathCommand {
  readonly Type: string;
  readonly X: number;
  readonly Y: number;
  readonly X1?: number;
  readonly Y1?: number;
  readonly X2?: number;
  readonly Y2?: number;
}

interface MutableKnot {
  anchor: Vec2;
  in: Vec2;
  out: Vec2;
}

const samePoint = (a: Vec2, b: Vec2, eps = 1e-9): boolean => Math.abs(a[0] - b[0]) <= eps && Math.abs(a[1] - b[1]) <= eps;

export function pathFromCommands(commands: readonly PathCommand[]): SubPath[] {
  const out: SubPath[] = [];
  let knots: MutableKnot[] = [];
  let start: Vec2 | undefined;

  const flush = (closed: boolean): void => {
    if (knots.length === 0) return;
    const first = knots[0] as MutableKnot;
    const last = knots[knots.length - 1] as MutableKnot;
    // "…C to the start point, Z" repeats the first anchor; fold it into the first knot.
    if (closed && knots.length > 1 && samePoint(first.anchor, last.anchor)) {
      first.in = last.in;
      knots.pop();
    }
    out.push({ closed, knots });
    knots = [];
  };
  const current = (cmd: PathCommand): MutableKnot => {
    let last = knots[knots.length - 1];
    if (!last) {
      // Drawing after Z (or without M) continues from the last subpath's start, as in SVG.
      if (!start) throw new Error(`path command '${cmd.Type}' before any M`);
      last = { anchor: start, in: start, out: start };
      knots.push(last);
    }
    return last;
  };

  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i] as PathCommand;
    if (cmd.Type !== 'Z' && (!Number.isFinite(cmd.X) || !Number.isFinite(cmd.Y))) {
      throw new Error(`path command ${i} ('${cmd.Type}') has non-finite coordinates`);
    }
    const p: Vec2 = [cmd.X, cmd.Y];
    switch (cmd.Type) {
      case 'M':
        flush(false);
        start = p;
        knots.push({ anchor: p, in: p, out: p });
        break;
      case 'L':
        current(cmd);
        knots.push({ anchor: p, in: p, out: p });
        break;
      case 'C': {
        const prev = current(cmd);
        if (cmd.X1 !== undefined && cmd.Y1 !== undefined && cmd.X2 !== undefined && cmd.Y2 !== undefined) {
          prev.out = [cmd.X1, cmd.Y1];
          knots.push({ anchor: p, in: [cmd.X2, cmd.Y2], out: p });
          break;
        }
        const c2 = commands[i + 1];
        const end = commands[i + 2];
        if (c2?.Type !== 'C' || end?.Type !== 'C') {
          throw new Error(`path command ${i}: a cubic needs three consecutive 'C' records (control, control, end)`);
        }
        prev.out = p;
        knots.push({ anchor: [end.X, end.Y], in: [c2.X, c2.Y], out: [end.X, end.Y] });
        i += 2;
        break;
      }
      case 'Z':
        flush(true);
        break;
      default:
        throw new Error(`unknown path command Type '${cmd.Type}' (expected M, L, C or Z)`);
    }
  }
  flush(false);
  return out;
}

// ---------------------------------------------------------------------------
// Segments

interface Segment {
  readonly p0: Vec2;
  readonly p1: Vec2;
  readonly p2: Vec2;
  readonly p3: Vec2;
}

function* segments(sub: SubPath, transform?: ReadonlyMat2d): Generator<Segment> {
  // Affine maps commute with Bezier evaluation, so transforming control
  // points first lets the tolerance be measured in output px.
  const t = (p: Vec2): Vec2 => (transform ? applyAffine(transform, p) : p);
  const n = sub.knots.length;
  const count = sub.closed ? n : n - 1;
  for (let i = 0; i < count; i++) {
    const a = sub.knots[i] as PathKnot;
    const b = sub.knots[(i + 1) % n] as PathKnot;
    yield { p0: t(a.anchor), p1: t(a.out), p2: t(b.in), p3: t(b.anchor) };
  }
}

const isLine = (s: Segment): boolean => samePoint(s.p0, s.p1) && samePoint(s.p2, s.p3);

const toBezier = (s: Segment): Bezier => new Bezier(s.p0[0], s.p0[1], s.p1[0], s.p1[1], s.p2[0], s.p2[1], s.p3[0], s.p3[1]);

/**
 * Uniform steps so that no chord strays more than `tolerance` from the curve:
 * a cubic's chord error over a parameter step h is at most h²/8·max|B''|,
 * and |B''| ≤ 6·max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|).
 */
function stepsFor(s: Segment, tolerance: number): number {
  const d1 = Math.hypot(s.p0[0] - 2 * s.p1[0] + s.p2[0], s.p0[1] - 2 * s.p1[1] + s.p2[1]);
  const d2 = Math.hypot(s.p1[0] - 2 * s.p2[0] + s.p3[0], s.p1[1] - 2 * s.p2[1] + s.p3[1]);
  const n = Math.ceil(Math.sqrt((0.75 * Math.max(d1, d2)) / tolerance));
  return Math.min(1024, Math.max(1, n));
}

/**
 * Flattens every subpath to a polygon whose edges stay within `tolerancePx`
 * of the curves. With `transform` the path is mapped first and the tolerance
 * applies to the mapped (output) coordinates.
 */
export function flattenPath(path: ClipPath, tolerancePx = 0.25, transform?: ReadonlyMat2d): Polygon[] {
  if (!(tolerancePx > 0)) throw new Error('flatten tolerance must be positive');
  const polygons: Polygon[] = [];
  for (const sub of path) {
    const first = sub.knots[0];
    if (!first) continue;
    const points: Vec2[] = [transform ? applyAffine(transform, first.anchor) : first.anchor];
    for (const seg of segments(sub, transform)) {
      if (isLine(seg)) {
        points.push(seg.p3);
        continue;
      }
      const lut = toBezier(seg).getLUT(stepsFor(seg, tolerancePx));
      for (let k = 1; k < lut.length; k++) {
        const q = lut[k];
        if (q) points.push([q.x, q.y]);
      }
      // Land exactly on the anchor rather than on bezier-js's computed t = 1.
      points[points.length - 1] = seg.p3;
    }
    if (sub.closed && points.length > 1 && samePoint(points[0] as Vec2, points[points.length - 1] as Vec2)) {
      points.pop();
    }
    polygons.push({ points, closed: sub.closed });
  }
  return polygons;
}

/** Exact bounds of the curves (extrema from bezier-js, not the looser control hull); EMPTY_BOUNDS for an empty path. */
export function pathBounds(path: ClipPath, transform?: ReadonlyMat2d): Bounds {
  let b = EMPTY_BOUNDS;
  for (const sub of path) {
    const first = sub.knots[0];
    if (!first) continue;
    b = unionBounds(b, boundsOfPoints([transform ? applyAffine(transform, first.anchor) : first.anchor]));
    for (const seg of segments(sub, transform)) {
      if (isLine(seg)) {
        b = unionBounds(b, boundsOfPoints([seg.p0, seg.p3]));
        continue;
      }
      const bb = toBezier(seg).bbox();
      b = unionBounds(b, { minX: bb.x.min, minY: bb.y.min, maxX: bb.x.max, maxY: bb.y.max });
    }
  }
  return b;
}

// ---------------------------------------------------------------------------
// Polygons

/** Shoelace area: positive when the vertices turn clockwise on a y-down screen. */
export function signedArea(points: readonly Vec2[]): number {
  let s = 0;
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[i] as Vec2;
    const b = points[(i + 1) % n] as Vec2;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

export function polygonArea(points: readonly Vec2[]): number {
  return Math.abs(signedArea(points));
}

/** Sum of the signed crossings of a ray from p to +x (winding number). */
export function windingNumber(polygons: readonly Polygon[], p: Vec2): number {
  let w = 0;
  const [px, py] = p;
  for (const poly of polygons) {
    const pts = poly.points;
    const n = pts.length;
    for (let i = 0; i < n; i++) {
      const a = pts[i] as Vec2;
      const b = pts[(i + 1) % n] as Vec2;
      // Half-open rule (a.y <= py < b.y) counts a vertex on the ray exactly once.
      if (a[1] <= py) {
        if (b[1] > py && (b[0] - a[0]) * (py - a[1]) - (px - a[0]) * (b[1] - a[1]) > 0) w++;
      } else if (b[1] <= py && (b[0] - a[0]) * (py - a[1]) - (px - a[0]) * (b[1] - a[1]) < 0) {
        w--;
      }
    }
  }
  return w;
}

function crossings(polygons: readonly Polygon[], p: Vec2): number {
  let c = 0;
  const [px, py] = p;
  for (const poly of polygons) {
    const pts = poly.points;
    const n = pts.length;
    for (let i = 0; i < n; i++) {
      const a = pts[i] as Vec2;
      const b = pts[(i + 1) % n] as Vec2;
      if (a[1] > py !== b[1] > py) {
        const x = a[0] + ((py - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
        if (px < x) c++;
      }
    }
  }
  return c;
}

/** Inside test over all subpaths together (holes come from the fill rule). Edge points are unspecified. */
export function pointInPolygons(polygons: readonly Polygon[], p: Vec2, rule: FillRule = 'nonzero'): boolean {
  return rule === 'nonzero' ? windingNumber(polygons, p) !== 0 : crossings(polygons, p) % 2 === 1;
}

const cross = (o: Vec2, a: Vec2, b: Vec2): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function inTriangle(p: Vec2, a: Vec2, b: Vec2, c: Vec2, sign: number): boolean {
  // Boundary counts as inside, so a vertex touching the ear blocks it.
  return sign * cross(a, b, p) >= 0 && sign * cross(b, c, p) >= 0 && sign * cross(c, a, p) >= 0;
}

/**
 * Ear-clipping triangulation of one simple polygon (no holes, no
 * self-intersections). Returns indices into `points`, three per triangle,
 * each triangle with the polygon's own orientation (so a stencil can count
 * nonzero winding by facing). Duplicate and collinear vertices are dropped;
 * non-simple input still terminates with a best-effort result.
 */
export function triangulatePolygon(points: readonly Vec2[]): number[] {
  const idx: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const prev = idx[idx.length - 1];
    if (prev === undefined || !samePoint(points[prev] as Vec2, points[i] as Vec2)) idx.push(i);
  }
  while (idx.length > 1 && samePoint(points[idx[0] as number] as Vec2, points[idx[idx.length - 1] as number] as Vec2)) {
    idx.pop();
  }
  const out: number[] = [];
  if (idx.length < 3) return out;
  const area = signedArea(idx.map((i) => points[i] as Vec2));
  if (area === 0) return out;
  const sign = Math.sign(area);
  const scale = Math.sqrt(Math.abs(area));
  const eps = 1e-12 * scale * scale;
  const at = (k: number): Vec2 => points[idx[(k + idx.length) % idx.length] as number] as Vec2;

  let guard = 0;
  let k = 0;
  while (idx.length > 3) {
    const a = at(k - 1);
    const b = at(k);
    const c = at(k + 1);
    const turn = sign * cross(a, b, c);
    let ear = false;
    if (Math.abs(turn) <= eps) {
      // Collinear: contributes no area, drop it without a triangle.
      idx.splice(k % idx.length, 1);
      guard = 0;
      continue;
    }
    if (turn > 0) {
      ear = true;
      for (let j = 0; j < idx.length && ear; j++) {
        const q = points[idx[j] as number] as Vec2;
        if (samePoint(q, a) || samePoint(q, b) || samePoint(q, c)) continue;
        if (inTriangle(q, a, b, c, sign)) ear = false;
      }
    }
    // After a full lap without an ear the input is not simple; clip anyway so we terminate.
    if (ear || guard > idx.length) {
      const n = idx.length;
      out.push(idx[(k - 1 + n) % n] as number, idx[k % n] as number, idx[(k + 1) % n] as number);
      idx.splice(k % n, 1);
      guard = 0;
    } else {
      k = (k + 1) % idx.length;
      guard++;
    }
  }
  if (Math.abs(cross(at(0), at(1), at(2))) > eps) out.push(idx[0] as number, idx[1] as number, idx[2] as number);
  return out;
}

export interface TriangulatedPath {
  /** x,y pairs of every vertex of every subpath. */
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
}

/**
 * Triangles of every subpath, concatenated. Subpaths overlap where the path
 * has holes, so draw them into a stencil (INVERT for even-odd, INCR/DECR by
 * facing for nonzero) rather than straight to colour.
 */
export function triangulatePath(path: ClipPath, tolerancePx = 0.25, transform?: ReadonlyMat2d): TriangulatedPath {
  const polygons = flattenPath(path, tolerancePx, transform);
  const positions: number[] = [];
  const indices: number[] = [];
  for (const poly of polygons) {
    const base = positions.length / 2;
    for (const [x, y] of poly.points) positions.push(x, y);
    for (const i of triangulatePolygon(poly.points)) indices.push(base + i);
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}
