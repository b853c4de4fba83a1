/**
 * Shared value types of the geometry kernel.
 *
 * Points are plain `[x, y]` tuples rather than objects so they can be
 * passed straight to gl-matrix `vec2` functions and serialised cheaply
 * across the worker boundary.
 */

export type Vec2 = readonly [number, number];

/** Axis-aligned rectangle as min/max corners (not x/y/width/height) so unions are trivial. */
export interface Bounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/**
 * A triangle mesh ready for WebGL: interleaved-free typed arrays so each can
 * be uploaded as its own attribute buffer without copying.
 */
export interface Mesh {
  /** x,y pairs in destination pixels. */
  readonly positions: Float32Array;
  /** u,v pairs in [0,1] over the source image (texture coordinates). */
  readonly uvs: Float32Array;
  /** Three vertex indices per triangle, two triangles per grid cell. */
  readonly indices: Uint32Array;
  /** Grid segments along u and v; the mesh has (cols+1)*(rows+1) vertices. */
  readonly cols: number;
  readonly rows: number;
}

export const EMPTY_BOUNDS: Bounds = {
  minX: Infinity,
  minY: Infinity,
  maxX: -Infinity,
  maxY: -Infinity,
};

export function boundsOfPoints(points: Iterable<Vec2>): Bounds {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

export function unionBounds(a: Bounds, b: Bounds): Bounds {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

/**
 * Twice the signed area of the triangle of vertices `a`, `b`, `c` in `positions` (x, y pairs):
 * its sign tells the triangle's winding, so a fold in a mesh shows as the opposite sign.
 */
export function triangleArea2(positions: ArrayLike<number>, a: number, b: number, c: number): number {
  const ax = positions[2 * a]!;
  const ay = positions[2 * a + 1]!;
  return (positions[2 * b]! - ax) * (positions[2 * c + 1]! - ay) - (positions[2 * c]! - ax) * (positions[2 * b + 1]! - ay);
}
