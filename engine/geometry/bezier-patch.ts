/**
 * Photoshop "custom" warp: one bicubic Bezier patch.
 *
 * Photoshop stores the 16 control points row-major (`points[row * 4 + col]`),
 * rows running top→bottom (v) and columns left→right (u), which is exactly the
 * order ag-psd exposes in `warp.customEnvelopeWarp.meshPoints`.
 */
import type { Bounds, Mesh, Vec2 } from './types';
import { boundsOfPoints } from './types';
import { buildGridMesh, uniformSamples, type GridDiagonal } from './grid-mesh';

/** 16 control points, row-major, `points[row * 4 + col]`. */
export type PatchPoints = readonly Vec2[];

type Basis = readonly [number, number, number, number];

export function bernstein3(t: number): Basis {
  const s = 1 - t;
  return [s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t];
}

/** d/dt of the cubic Bernstein basis. */
export function bernstein3Derivative(t: number): Basis {
  const s = 1 - t;
  return [-3 * s * s, 3 * s * s - 6 * s * t, 6 * s * t - 3 * t * t, 3 * t * t];
}

/** Throws unless there are exactly 16 finite points; callers get one clear message instead of NaN meshes. */
export function assertPatchPoints(points: PatchPoints): void {
  if (points.length !== 16) {
    throw new Error(`bezier patch needs 16 control points (4x4), got ${points.length}`);
  }
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error('bezier patch control point is not finite');
  }
}

function point(points: PatchPoints, row: number, col: number): Vec2 {
  const p = points[row * 4 + col];
  if (!p) throw new Error(`bezier patch control point ${row * 4 + col} missing`);
  return p;
}

function combine(points: PatchPoints, bu: Basis, bv: Basis): Vec2 {
  let x = 0;
  let y = 0;
  for (let r = 0; r < 4; r++) {
    const wr = bv[r] as number;
    for (let c = 0; c < 4; c++) {
      const w = wr * (bu[c] as number);
      const p = point(points, r, c);
      x += w * p[0];
      y += w * p[1];
    }
  }
  return [x, y];
}

/** Surface point at (u,v); values outside [0,1] extrapolate the polynomial. */
export function evaluatePatch(points: PatchPoints, u: number, v: number): Vec2 {
  return combine(points, bernstein3(u), bernstein3(v));
}

/** Partial derivatives ∂P/∂u and ∂P/∂v (destination px per unit parameter). */
export function patchDerivatives(points: PatchPoints, u: number, v: number): { du: Vec2; dv: Vec2 } {
  const bu = bernstein3(u);
  const bv = bernstein3(v);
  return {
    du: combine(points, bernstein3Derivative(u), bv),
    dv: combine(points, bu, bernstein3Derivative(v)),
  };
}

/**
 * Control points of the patch that maps (u,v) linearly onto the rectangle
 * (x, y, width, height): thirds of the edges, i.e. Photoshop's untouched
 * custom warp grid.
 */
export function identityPatch(x: number, y: number, width: number, height: number): Vec2[] {
  const out: Vec2[] = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) out.push([x + (width * c) / 3, y + (height * r) / 3]);
  }
  return out;
}

/** Adapter from ag-psd's `customEnvelopeWarp.meshPoints` ({x,y} objects). */
export function patchFromMeshPoints(meshPoints: readonly { readonly x: number; readonly y: number }[]): Vec2[] {
  const out = meshPoints.map((p): Vec2 => [p.x, p.y]);
  assertPatchPoints(out);
  return out;
}

/** Bounds of the control net; by the convex-hull property it contains the whole surface. */
export function patchHullBounds(points: PatchPoints): Bounds {
  return boundsOfPoints(points);
}

export interface MeshDensity {
  readonly cols: number;
  readonly rows: number;
}

export const MIN_MESH_SEGMENTS = 20;
export const MAX_MESH_SEGMENTS = 128;
export const MAX_SEGMENT_PX = 16;

function segmentsFor(lengthPx: number, maxSegmentPx: number, min: number, max: number): number {
  const wanted = Number.isFinite(lengthPx) && lengthPx > 0 ? Math.ceil(lengthPx / maxSegmentPx) : min;
  return Math.min(max, Math.max(min, wanted));
}

/**
 * Grid segments for a warped surface drawn at `outputWidthPx × outputHeightPx`.
 * The product samples parametric surfaces 20x20; large outputs get more segments
 * so the piecewise-linear mesh never strays visibly from the curved surface
 * (no chord longer than ~16 px), capped to keep vertex counts bounded.
 */
export function chooseMeshDensity(outputWidthPx: number, outputHeightPx: number, maxSegmentPx: number = MAX_SEGMENT_PX): MeshDensity {
  return {
    cols: segmentsFor(outputWidthPx, maxSegmentPx, MIN_MESH_SEGMENTS, MAX_MESH_SEGMENTS),
    rows: segmentsFor(outputHeightPx, maxSegmentPx, MIN_MESH_SEGMENTS, MAX_MESH_SEGMENTS),
  };
}

/** Samples the patch on a cols×rows grid; uvs are the (u,v) of each sample. */
export function buildPatchMesh(points: PatchPoints, density: MeshDensity, diagonal: GridDiagonal = 'down'): Mesh {
  assertPatchPoints(points);
  return buildGridMesh(uniformSamples(density.cols), uniformSamples(density.rows), (u, v) => evaluatePatch(points, u, v), diagonal);
}
