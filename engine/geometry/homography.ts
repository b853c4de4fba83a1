/**
 * Projective (3x3) transforms: the smart-object placement of a Photoshop
 * layer, whose `transform` is an affine parallelogram and whose
 * `nonAffineTransform` adds perspective by moving the four corners freely.
 *
 * Matrices are column-major like gl-matrix `mat3` and WebGL's
 * `uniformMatrix3fv`, so a homography goes to a shader unchanged:
 * X = (m0·x + m3·y + m6) / w, Y = (m1·x + m4·y + m7) / w, w = m2·x + m5·y + m8.
 * They are normalised so m8 = 1 whenever possible.
 */
import { mat3 } from 'gl-matrix';
import type { Vec2 } from './types';
import type { ReadonlyMat2d, Mat2d } from './affine';

export type Mat3 = [number, number, number, number, number, number, number, number, number];
export type ReadonlyMat3 = readonly [number, number, number, number, number, number, number, number, number];
export type Quad = readonly [Vec2, Vec2, Vec2, Vec2];

export const IDENTITY_MAT3: ReadonlyMat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

function quadScale(quad: Quad): number {
  let s = 0;
  for (const [x, y] of quad) {
    for (const [x2, y2] of quad) s = Math.max(s, Math.abs(x - x2), Math.abs(y - y2));
  }
  return s;
}

/**
 * Throws if three of the four points are (nearly) collinear: no homography
 * exists, or a tiny error would explode through the solve.
 */
export function assertQuadNonDegenerate(quad: Quad, what = 'quad'): void {
  for (const p of quad) {
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) throw new Error(`${what} has a non-finite coordinate`);
  }
  const scale = quadScale(quad);
  if (!(scale > 0)) throw new Error(`${what} is degenerate: all points coincide`);
  const eps = 1e-9 * scale * scale;
  for (let skip = 0; skip < 4; skip++) {
    const [a, b, c] = quad.filter((_, i) => i !== skip) as [Vec2, Vec2, Vec2];
    const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    if (Math.abs(cross) <= eps) {
      throw new Error(`${what} is degenerate: three of its points are collinear`);
    }
  }
}

/**
 * Similarity taking the points to centroid 0 and mean distance √2 (Hartley
 * normalisation): pixel-sized coordinates make the 8x8 system badly scaled.
 */
function normaliser(quad: Quad): Mat3 {
  let cx = 0;
  let cy = 0;
  for (const [x, y] of quad) {
    cx += x / 4;
    cy += y / 4;
  }
  let d = 0;
  for (const [x, y] of quad) d += Math.hypot(x - cx, y - cy) / 4;
  const s = Math.SQRT2 / d;
  return [s, 0, 0, 0, s, 0, -s * cx, -s * cy, 1];
}

/** Gaussian elimination with partial pivoting; `a` is n×(n+1) augmented and consumed. */
function solveLinear(a: number[][]): number[] {
  const n = a.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs((a[r] as number[])[col] as number) > Math.abs((a[pivot] as number[])[col] as number)) pivot = r;
    }
    const pr = a[pivot] as number[];
    if (Math.abs(pr[col] as number) < 1e-12) throw new Error('homography system is singular (degenerate points)');
    a[pivot] = a[col] as number[];
    a[col] = pr;
    for (let r = col + 1; r < n; r++) {
      const row = a[r] as number[];
      const f = (row[col] as number) / (pr[col] as number);
      if (f === 0) continue;
      for (let c = col; c <= n; c++) row[c] = (row[c] as number) - f * (pr[c] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = a[r] as number[];
    let s = row[n] as number;
    for (let c = r + 1; c < n; c++) s -= (row[c] as number) * (x[c] as number);
    x[r] = s / (row[r] as number);
  }
  return x;
}

/** Scales so m8 = 1 (when m8 is not ~0) — homographies are defined up to scale. */
export function normalizeHomography(h: ReadonlyMat3): Mat3 {
  const w = h[8];
  const out = [...h] as Mat3;
  if (Math.abs(w) > 1e-300) for (let i = 0; i < 9; i++) out[i] = (out[i] as number) / w;
  return out;
}

export function multiplyMat3(a: ReadonlyMat3, b: ReadonlyMat3): Mat3 {
  const out: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  mat3.multiply(out, a, b);
  return out;
}

/** The transform H with H(p) = second(first(p)). */
export function composeHomography(first: ReadonlyMat3, second: ReadonlyMat3): Mat3 {
  return normalizeHomography(multiplyMat3(second, first));
}

export function invertHomography(h: ReadonlyMat3): Mat3 {
  const out: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  if (!mat3.invert(out, h) || !out.every(Number.isFinite)) {
    throw new Error('homography is singular and cannot be inverted');
  }
  // A determinant threshold cannot tell "singular" from "small scale", so
  // judge the inverse by whether it actually undoes h.
  const check = normalizeHomography(multiplyMat3(h, out));
  for (let i = 0; i < 9; i++) {
    if (Math.abs((check[i] as number) - (IDENTITY_MAT3[i] as number)) > 1e-6) {
      throw new Error('homography is singular and cannot be inverted');
    }
  }
  return normalizeHomography(out);
}

/**
 * Maps a point. Points on the homography's vanishing line (w = 0) have no
 * image; they come back as non-finite numbers, which callers can test with
 * Number.isFinite.
 */
export function applyHomography(h: ReadonlyMat3, p: Vec2): Vec2 {
  const [x, y] = p;
  const w = h[2] * x + h[5] * y + h[8];
  return [(h[0] * x + h[3] * y + h[6]) / w, (h[1] * x + h[4] * y + h[7]) / w];
}

/** The projective transform taking src[i] to dst[i] for i = 0..3. */
export function solveHomography(src: Quad, dst: Quad): Mat3 {
  assertQuadNonDegenerate(src, 'source quad');
  assertQuadNonDegenerate(dst, 'destination quad');
  const ns = normaliser(src);
  const nd = normaliser(dst);
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = applyHomography(ns, src[i] as Vec2);
    const [X, Y] = applyHomography(nd, dst[i] as Vec2);
    // Unknowns h0..h7 of the row-major [h0 h1 h2; h3 h4 h5; h6 h7 1].
    rows.push([x, y, 1, 0, 0, 0, -x * X, -y * X, X]);
    rows.push([0, 0, 0, x, y, 1, -x * Y, -y * Y, Y]);
  }
  const [h0, h1, h2, h3, h4, h5, h6, h7] = solveLinear(rows) as [number, number, number, number, number, number, number, number];
  const hn: Mat3 = [h0, h3, h6, h1, h4, h7, h2, h5, 1];
  // Undo the normalisation: H = Nd⁻¹ · Hn · Ns.
  return normalizeHomography(multiplyMat3(multiplyMat3(invertHomography(nd), hn), ns));
}

/** Embeds an affine `mat2d` as a homography (zero perspective terms). */
export function mat3FromMat2d(m: ReadonlyMat2d): Mat3 {
  return [m[0], m[1], 0, m[2], m[3], 0, m[4], m[5], 1];
}

/** True when the perspective row is (0, 0, 1) up to `eps`, i.e. the map is affine. */
export function isAffineHomography(h: ReadonlyMat3, eps = 1e-12): boolean {
  const n = normalizeHomography(h);
  return Math.abs(n[2]) <= eps && Math.abs(n[5]) <= eps;
}

/** Drops the perspective row of an affine homography. */
export function mat2dFromMat3(h: ReadonlyMat3): Mat2d {
  const n = normalizeHomography(h);
  return [n[0], n[1], n[3], n[4], n[6], n[7]];
}

/** Photoshop's 8-number corner lists (x0,y0..x3,y3 in TL, TR, BR, BL order) as a quad. */
export function quadFromPsdCorners(corners: readonly number[]): Quad {
  if (corners.length !== 8 || !corners.every(Number.isFinite)) {
    throw new Error(`Photoshop transform needs 8 finite numbers (4 corners), got ${corners.length}`);
  }
  const c = corners as readonly [number, number, number, number, number, number, number, number];
  return [
    [c[0], c[1]],
    [c[2], c[3]],
    [c[4], c[5]],
    [c[6], c[7]],
  ];
}

export function sourceRectQuad(width: number, height: number): Quad {
  return [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
}

/**
 * Affine map from the placed content's rectangle (0,0,width,height) onto the
 * layer's `transform` quad. Only TL, TR and BL define an affine map; BR is
 * implied (Photoshop keeps `transform` a parallelogram).
 */
export function affineFromPsdTransform(transform: readonly number[], width: number, height: number): Mat2d {
  if (!(width > 0) || !(height > 0)) throw new Error('placed layer size must be positive');
  const quad = quadFromPsdCorners(transform);
  assertQuadNonDegenerate(quad, 'Photoshop transform quad');
  const [tl, tr, , bl] = quad;
  return [(tr[0] - tl[0]) / width, (tr[1] - tl[1]) / width, (bl[0] - tl[0]) / height, (bl[1] - tl[1]) / height, tl[0], tl[1]];
}

/**
 * The perspective part of a placement: maps the affine `transform` quad onto
 * the `nonAffineTransform` quad (identity when they coincide).
 */
export function perspectiveFromPsdTransforms(transform: readonly number[], nonAffineTransform: readonly number[]): Mat3 {
  return solveHomography(quadFromPsdCorners(transform), quadFromPsdCorners(nonAffineTransform));
}

/**
 * The whole placement: content rectangle (0,0,width,height) → document quad
 * (the affine part followed by the perspective part). Without a
 * `nonAffineTransform` it is just the affine part.
 */
export function placedLayerHomography(
  transform: readonly number[],
  nonAffineTransform: readonly number[] | undefined,
  width: number,
  height: number,
): Mat3 {
  if (!nonAffineTransform) return mat3FromMat2d(affineFromPsdTransform(transform, width, height));
  if (!(width > 0) || !(height > 0)) throw new Error('placed layer size must be positive');
  // Solved directly rather than composed so the four corners land exactly even
  // when `transform` is not a perfect parallelogram; for one that is, the
  // result equals perspective ∘ affine.
  return solveHomography(sourceRectQuad(width, height), quadFromPsdCorners(nonAffineTransform));
}
