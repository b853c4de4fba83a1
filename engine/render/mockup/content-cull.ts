/**
 * A coverage-sorted warp mesh (coverage-split.ts) without the triangles that would sample only
 * transparent parts of their flat (render/flat-content.ts). Blended by its mesh, a source pixel of
 * alpha 0 leaves the composite exactly as it was in every blend mode and map (the shader's result
 * is the backdrop), so such a triangle draws nothing anyone could see; where WebGL runs on the
 * CPU each pixel it would cover costs the blend's whole shader.
 *
 * A fragment samples the flat's texture at its projective uv, inside the hull of the triangle's
 * vertex uvs; bilinear filtering reaches one texel past it, a mip level further (the level's own
 * texels are 2^level wide). The box tested is the vertices' uv box grown by that reach.
 *
 * Pure (no GL).
 */
import { contentMeets, type FlatContent } from '../flat-content.ts';
import type { CoverageSplit } from './coverage-split.ts';
import type { TextureSpan } from './layer-mesh.ts';

/** A layer's flat content and where its texture lies in the flat's uv. */
export interface LayerContent {
  readonly grid: FlatContent;
  readonly span: TextureSpan;
}

/** The texture the mesh samples: its size, and whether it is read through mipmaps. */
export interface SampledTexture {
  readonly width: number;
  readonly height: number;
  readonly mipmapped: boolean;
}

/** Texels past the uv box a bilinear sample (and rounding in the GPU's uv arithmetic) can reach. */
const BILINEAR_REACH = 2;

/**
 * `split` keeping, in order, only the triangles whose samples can meet content; `sx`, `sy` output
 * px per view px (mesh positions are view px).
 */
export function cullByContent(split: CoverageSplit, content: LayerContent, texture: SampledTexture, sx: number, sy: number): CoverageSplit {
  const { positions, uvq, indices } = split.mesh;
  const { grid, span } = content;
  const spanW = span.x1 - span.x0;
  const spanH = span.y1 - span.y0;
  const kept: number[] = [];
  let covered = 0;
  let partial = 0;
  const U = [0, 0, 0];
  const V = [0, 0, 0];
  const X = [0, 0, 0];
  const Y = [0, 0, 0];
  for (let t = 0; t < split.covered + split.partial; t++) {
    let qMin = Infinity;
    let qMax = -Infinity;
    for (let k = 0; k < 3; k++) {
      const v = indices[3 * t + k] as number;
      const q = uvq[3 * v + 2] as number;
      // Texel coordinates of the vertex, and its position in output px.
      U[k] = ((uvq[3 * v] as number) / q) * texture.width;
      V[k] = ((uvq[3 * v + 1] as number) / q) * texture.height;
      X[k] = (positions[2 * v] as number) * sx;
      Y[k] = (positions[2 * v + 1] as number) * sy;
      qMin = Math.min(qMin, q);
      qMax = Math.max(qMax, q);
    }
    // A vertex at or behind the projection's horizon has no meaningful uv: keep the triangle.
    let reach = qMin > 0 ? BILINEAR_REACH : Infinity;
    if (texture.mipmapped && reach !== Infinity) {
      const footprint = texelsPerPixel(U, V, X, Y);
      // A perspective triangle's footprint varies across it by up to the ratio of its q's squared.
      reach = footprint === null ? Infinity : BILINEAR_REACH + 4 * Math.max(1, footprint * (qMax / qMin) ** 2);
    }
    const keep =
      reach === Infinity ||
      contentMeets(
        grid,
        span.x0 + ((Math.min(U[0]!, U[1]!, U[2]!) - reach) / texture.width) * spanW,
        span.y0 + ((Math.min(V[0]!, V[1]!, V[2]!) - reach) / texture.height) * spanH,
        span.x0 + ((Math.max(U[0]!, U[1]!, U[2]!) + reach) / texture.width) * spanW,
        span.y0 + ((Math.max(V[0]!, V[1]!, V[2]!) + reach) / texture.height) * spanH,
      );
    if (!keep) continue;
    kept.push(indices[3 * t] as number, indices[3 * t + 1] as number, indices[3 * t + 2] as number);
    if (t < split.covered) covered++;
    else partial++;
  }
  if (covered === split.covered && partial === split.partial) return split;
  return { mesh: { ...split.mesh, indices: new Uint32Array(kept) }, covered, partial };
}

/**
 * Texels per output px along the longer of the triangle's two screen axes (the mip level's
 * measure), from the affine map its three vertices define; null for a degenerate triangle.
 */
function texelsPerPixel(U: readonly number[], V: readonly number[], X: readonly number[], Y: readonly number[]): number | null {
  const ex1 = X[1]! - X[0]!;
  const ey1 = Y[1]! - Y[0]!;
  const ex2 = X[2]! - X[0]!;
  const ey2 = Y[2]! - Y[0]!;
  const det = ex1 * ey2 - ex2 * ey1;
  if (Math.abs(det) < 1e-9) return null;
  const fu1 = U[1]! - U[0]!;
  const fv1 = V[1]! - V[0]!;
  const fu2 = U[2]! - U[0]!;
  const fv2 = V[2]! - V[0]!;
  // J = [f1 f2] [e1 e2]^-1: texel change per output px along x (column 0) and y (column 1).
  const dudx = (fu1 * ey2 - fu2 * ey1) / det;
  const dvdx = (fv1 * ey2 - fv2 * ey1) / det;
  const dudy = (fu2 * ex1 - fu1 * ex2) / det;
  const dvdy = (fv2 * ex1 - fv1 * ex2) / det;
  return Math.max(Math.hypot(dudx, dvdx), Math.hypot(dudy, dvdy));
}
