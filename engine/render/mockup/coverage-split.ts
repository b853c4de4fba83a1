/**
 * A warp mesh's triangles sorted by what its coverage mask (coverage-mask.ts) holds under them:
 * fully covered (every pixel they can touch at 255), partly covered, or not covered at all (every
 * pixel 0, or outside the mask). Blending straight from the mesh (passes.ts, `blendMeshOnto`),
 * the covered ones skip the mask read (a third of that pass where the GPU is emulated), the
 * partly covered ones read it, and the uncovered ones, which would blend nothing (outside a clip
 * path, the skirt past a straight edge), are not drawn. The picture does not change: a fragment
 * of a covered triangle reads 1 from the mask, and one of an uncovered triangle 0.
 *
 * Pure (no GL).
 */
import type { PixelRect } from '../../gl/targets.ts';
import type { LayerMesh } from './layer-mesh.ts';

export interface CoverageSplit {
  /** The mesh with its indices reordered: the covered triangles, then the partly covered ones. */
  readonly mesh: LayerMesh;
  /** Triangles at the start of `mesh.indices` fully covered. */
  readonly covered: number;
  /** Triangles after them partly covered (the uncovered ones are left out). */
  readonly partial: number;
}

/**
 * Sorts `mesh`'s triangles (view px; `sx`, `sy` output px per view px) by `alpha`, the mask's
 * coverage, one byte per output px of `rect`, row by row.
 */
export function splitByCoverage(
  mesh: LayerMesh,
  alpha: Uint8Array | Uint8ClampedArray,
  rect: PixelRect,
  sx: number,
  sy: number,
): CoverageSplit {
  if (alpha.length !== rect.width * rect.height) throw new Error('coverage split: mask size differs from its rect');
  const { positions, indices } = mesh;
  const covered: number[] = [];
  const partial: number[] = [];
  for (let t = 0; t + 2 < indices.length; t += 3) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let k = 0; k < 3; k++) {
      const v = indices[t + k] as number;
      const x = (positions[2 * v] as number) * sx;
      const y = (positions[2 * v + 1] as number) * sy;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
    // Every pixel whose centre the triangle can contain, and one more on each side.
    const kind = coverageUnder(alpha, rect, Math.floor(minX) - 1, Math.floor(minY) - 1, Math.ceil(maxX) + 1, Math.ceil(maxY) + 1);
    if (kind === 'full') covered.push(t);
    else if (kind === 'partial') partial.push(t);
  }
  const out = new Uint32Array(3 * (covered.length + partial.length));
  let o = 0;
  for (const t of [...covered, ...partial]) {
    out[o++] = indices[t] as number;
    out[o++] = indices[t + 1] as number;
    out[o++] = indices[t + 2] as number;
  }
  return { mesh: { ...mesh, indices: out }, covered: covered.length, partial: partial.length };
}

/** What the mask holds over pixels x0..x1-1, y0..y1-1 (output px; nothing outside `rect`). */
function coverageUnder(
  alpha: Uint8Array | Uint8ClampedArray,
  rect: PixelRect,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): 'full' | 'partial' | 'none' {
  const cx0 = Math.max(x0, rect.x);
  const cy0 = Math.max(y0, rect.y);
  const cx1 = Math.min(x1, rect.x + rect.width);
  const cy1 = Math.min(y1, rect.y + rect.height);
  if (cx1 <= cx0 || cy1 <= cy0) return 'none';
  // Part of the box outside the mask: uncovered there.
  let full = cx0 === x0 && cy0 === y0 && cx1 === x1 && cy1 === y1;
  let any = false;
  for (let y = cy0; y < cy1; y++) {
    const row = (y - rect.y) * rect.width - rect.x;
    for (let x = cx0; x < cx1; x++) {
      const a = alpha[row + x] as number;
      if (a !== 255) full = false;
      if (a !== 0) any = true;
      if (!full && any) return 'partial';
    }
  }
  return full ? 'full' : any ? 'partial' : 'none';
}
