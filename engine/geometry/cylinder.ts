/**
 * Cylinder surfaces (mugs, tumblers): the flat print area wrapped around a
 * vertical cylinder photographed from the front.
 *
 * Model: flat u runs around the cylinder, centred on the viewer, over
 * `arcDegrees`; flat v runs from the top edge of the print to the bottom.
 * A horizontal circle of the cylinder projects to an ellipse whose centre is
 * on the axis; its half-width is the silhouette radius and its half-height
 * (the "ellipse height") is how much the camera looks down on it. Points
 * facing the viewer sit at the bottom of that ellipse, so with a camera
 * slightly above, the print's edges curve down towards the middle, as on a
 * real mug photo. Radius and ellipse height interpolate linearly from top to
 * bottom, which models a tumbler's taper.
 */
import type { Mesh, Vec2 } from './types';
import { buildGridMesh } from './grid-mesh';

export interface CylinderView {
  /** Photo x of the cylinder axis. */
  readonly centerX: number;
  /** Silhouette half-width in photo px at the print's top edge. */
  readonly radius: number;
  /** Silhouette half-width at the bottom edge (taper); defaults to `radius`. */
  readonly radiusBottom?: number;
  /** Photo y of the centre of the top edge's ellipse. */
  readonly topY: number;
  /** Photo y of the centre of the bottom edge's ellipse. */
  readonly bottomY: number;
  /** Half-height (minor semi-axis) of the top edge's ellipse in px; 0 = seen exactly side-on. */
  readonly topEllipse?: number;
  /** Half-height of the bottom edge's ellipse; defaults to `topEllipse`. */
  readonly bottomEllipse?: number;
  /** Angle around the axis that the flat's full width covers, e.g. 180. */
  readonly arcDegrees: number;
}

export interface CylinderSample {
  readonly position: Vec2;
  /** Angle around the axis in radians, 0 facing the viewer, positive to the right. */
  readonly theta: number;
  /**
   * cos of the angle between the surface normal and the direction to the
   * viewer: 1 facing the camera, 0 at the silhouette, negative on the back.
   */
  readonly facing: number;
}

/** Throws on a view no mesh can be built from (non-finite, zero radius, arc outside (0, 360]). */
export function assertCylinderView(view: CylinderView): void {
  const nums = [view.centerX, view.radius, view.topY, view.bottomY, view.arcDegrees];
  if (!nums.every(Number.isFinite)) throw new Error('cylinder view has a non-finite value');
  if (!(view.radius > 0) || !((view.radiusBottom ?? view.radius) > 0)) {
    throw new Error('cylinder radius must be positive');
  }
  if (!(view.arcDegrees > 0 && view.arcDegrees <= 360)) {
    throw new Error('cylinder arcDegrees must be in (0, 360]');
  }
}

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Maps flat (u, v) in [0,1]² to the photo, with its facing factor for lighting. */
export function sampleCylinder(view: CylinderView, u: number, v: number): CylinderSample {
  const theta = (u - 0.5) * ((view.arcDegrees * Math.PI) / 180);
  const r = lerp(view.radius, view.radiusBottom ?? view.radius, v);
  const topE = view.topEllipse ?? 0;
  const e = lerp(topE, view.bottomEllipse ?? topE, v);
  const yc = lerp(view.topY, view.bottomY, v);
  const facing = Math.cos(theta);
  return { position: [view.centerX + r * Math.sin(theta), yc + e * facing], theta, facing };
}

export function cylinderPoint(view: CylinderView, u: number, v: number): Vec2 {
  return sampleCylinder(view, u, v).position;
}

/** Lighting factor in [0,1]: the facing cosine, with the back side clamped to 0. */
export function cylinderShade(view: CylinderView, u: number): number {
  return Math.max(0, sampleCylinder(view, u, 0).facing);
}

/**
 * The u-range of the flat that is on the visible half of the cylinder
 * (|θ| ≤ 90°). Arcs of 180° or less are wholly visible.
 */
export function visibleURange(view: CylinderView): { u0: number; u1: number } {
  const half = Math.min(0.5, 90 / view.arcDegrees);
  return { u0: 0.5 - half, u1: 0.5 + half };
}

export const MIN_CYLINDER_COLUMNS = 20;
/** The product's cylinder render loop runs at most 100 frames; one column per frame is the ceiling. */
export const MAX_CYLINDER_COLUMNS = 100;

/**
 * Columns for a cylinder mesh: one per ~8 px of silhouette width, between the
 * product's 20 samples and 100 frames. Columns are evenly spaced in angle, so
 * they crowd towards the silhouette where the surface turns fastest.
 */
export function chooseCylinderColumns(view: CylinderView, maxColumnPx = 8): number {
  const { u0, u1 } = visibleURange(view);
  const r = Math.max(view.radius, view.radiusBottom ?? view.radius);
  const widthPx = 2 * r * Math.sin((((u1 - u0) * view.arcDegrees) / 2) * (Math.PI / 180));
  const wanted = Math.ceil(widthPx / maxColumnPx);
  return Math.min(MAX_CYLINDER_COLUMNS, Math.max(MIN_CYLINDER_COLUMNS, wanted));
}

export interface CylinderMesh extends Mesh {
  /** One lighting factor per vertex (see `cylinderShade`). */
  readonly shade: Float32Array;
}

/**
 * Mesh of the visible part of the print. Columns of constant u are straight
 * lines in the photo, so rows only need to be dense enough for the taper:
 * a trapezoid split into two triangles distorts the texture unless it is
 * short. The back half of arcs over 180° is left out (the body hides it).
 */
export function buildCylinderMesh(view: CylinderView, columns?: number, rows?: number): CylinderMesh {
  assertCylinderView(view);
  const cols = Math.max(1, Math.floor(columns ?? chooseCylinderColumns(view)));
  const heightPx = Math.abs(view.bottomY - view.topY);
  const rowCount = Math.max(1, Math.floor(rows ?? Math.min(MAX_CYLINDER_COLUMNS, Math.max(4, Math.ceil(heightPx / 32)))));
  const { u0, u1 } = visibleURange(view);
  const us: number[] = [];
  for (let i = 0; i <= cols; i++) us.push(i === cols ? u1 : u0 + ((u1 - u0) * i) / cols);
  const vs: number[] = [];
  for (let j = 0; j <= rowCount; j++) vs.push(j === rowCount ? 1 : j / rowCount);
  const mesh = buildGridMesh(us, vs, (u, v) => cylinderPoint(view, u, v));
  const shade = new Float32Array(us.length * vs.length);
  let k = 0;
  // The shade depends on u only: the same row of values for every v.
  for (const _v of vs) {
    for (const u of us) shade[k++] = cylinderShade(view, u);
  }
  return { ...mesh, shade };
}
