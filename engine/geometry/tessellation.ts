/**
 * Photoshop's tessellation of warped smart objects.
 *
 * Photoshop does not draw a warp's Bezier surface exactly: it cuts each patch into a coarse grid
 * of quads, each drawn as two triangles split along the diagonal from the quad's first corner
 * (u0, v0) to its last (u1, v1), with the texture interpolated linearly across each triangle.
 * Measured on its own layer pixels (engine/psd/README.md, "Tessellation"): the antialiased edges of
 * an inflate warp are chords whose ends fall every 1/8 of the side, squeeze has 8 segments along u
 * and 16 along v, and the texture inside the layers fits the same grids. The number of segments
 * along each direction of a patch follows how far the patch's control points stray from evenly
 * spaced points on straight lines: the fewest power-of-two segments that bring that deviation,
 * which shrinks with the square of the segment length, under a tolerance in document pixels.
 */
import type { PatchPoints } from './bezier-patch';
import type { Vec2 } from './types';

/**
 * Deviation (document px) a segment may keep: inflate(50) on a 250 px layer (33.3 px of control
 * deviation) gets 8 segments, squeeze's 50 px sides 16 and a 4x4 mesh with 180 px of deviation 16;
 * any value from about 0.52 to 0.78 gives those.
 */
export const PHOTOSHOP_FLATNESS_PX = 0.75;
/** Segments per patch direction at most, so a wild warp cannot ask for an unbounded mesh. */
export const PHOTOSHOP_MAX_SEGMENTS = 64;

/**
 * How far a cubic patch is from a bilinear map along u and along v: the largest distance from a
 * control point to where it would sit on the straight line through its row's (for u) or column's
 * (for v) end points at one and two thirds. Zero for an untouched grid.
 */
export function patchDeviation(points: PatchPoints): { u: number; v: number } {
  let u = 0;
  let v = 0;
  const at = (r: number, c: number): Vec2 => points[r * 4 + c] as Vec2;
  for (let i = 0; i < 4; i++) {
    for (const k of [1, 2]) {
      const a = at(i, 0);
      const b = at(i, 3);
      const p = at(i, k);
      u = Math.max(u, Math.hypot(p[0] - (a[0] * (3 - k) + b[0] * k) / 3, p[1] - (a[1] * (3 - k) + b[1] * k) / 3));
      const c = at(0, i);
      const d = at(3, i);
      const q = at(k, i);
      v = Math.max(v, Math.hypot(q[0] - (c[0] * (3 - k) + d[0] * k) / 3, q[1] - (c[1] * (3 - k) + d[1] * k) / 3));
    }
  }
  return { u, v };
}

/** The fewest power-of-two segments n with deviation / n² within the tolerance. */
export function segmentsForDeviation(deviation: number, tolerance = PHOTOSHOP_FLATNESS_PX): number {
  let n = 1;
  if (!Number.isFinite(deviation)) return PHOTOSHOP_MAX_SEGMENTS;
  while (n < PHOTOSHOP_MAX_SEGMENTS && deviation / (n * n) > tolerance) n *= 2;
  return n;
}

/** Segments along u (cols) and v (rows) Photoshop cuts one cubic patch into; points in document px. */
export function photoshopPatchSegments(points: PatchPoints, tolerance = PHOTOSHOP_FLATNESS_PX): { cols: number; rows: number } {
  const d = patchDeviation(points);
  return { cols: segmentsForDeviation(d.u, tolerance), rows: segmentsForDeviation(d.v, tolerance) };
}
