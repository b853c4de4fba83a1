/**
 * Photoshop quilt warp: a grid of bicubic Bezier patches sharing edges.
 *
 * A grid of `rows × cols` control points (each 4 + 3n) holds
 * `(rows-1)/3 × (cols-1)/3` patches; patch (pr, pc) uses control rows
 * 3pr..3pr+3 and columns 3pc..3pc+3, so neighbours share a boundary row or
 * column of points and the surface is continuous across it.
 *
 * The slices (ag-psd `quiltSliceX/Y`) are the patch boundaries in source
 * pixels: patch pc covers source x in [sliceX[pc], sliceX[pc+1]] and its local
 * u runs linearly across that interval.
 */
import type { Mesh, Vec2 } from './types';
import type { MeshDensity, PatchPoints } from './bezier-patch';
import { evaluatePatch, patchDerivatives } from './bezier-patch';
import { buildGridMesh, type GridDiagonal } from './grid-mesh';

export interface QuiltWarpInput {
  /** Control points, row-major: `points[row * cols + col]`. */
  readonly points: readonly Vec2[];
  readonly rows: number;
  readonly cols: number;
  /** Patch boundaries along x in source px (patchCols + 1 values, increasing). */
  readonly sliceX?: readonly number[];
  readonly sliceY?: readonly number[];
  /**
   * Source size, used only when a slice array is missing or empty (ag-psd
   * gives `[]` for plain custom warps): patches are then spread evenly.
   */
  readonly sourceWidth?: number;
  readonly sourceHeight?: number;
}

export interface QuiltWarp {
  readonly rows: number;
  readonly cols: number;
  readonly patchRows: number;
  readonly patchCols: number;
  readonly sliceX: readonly number[];
  readonly sliceY: readonly number[];
  /** Row-major: `patches[patchRow * patchCols + patchCol]`, 16 points each. */
  readonly patches: readonly PatchPoints[];
}

export interface QuiltLocation {
  readonly patchRow: number;
  readonly patchCol: number;
  /** Local parameters inside that patch (outside [0,1] only for points off the source). */
  readonly u: number;
  readonly v: number;
}

function patchCount(points: number, axis: string): number {
  if (!Number.isInteger(points) || points < 4 || (points - 4) % 3 !== 0) {
    throw new Error(`quilt warp ${axis} must be 4 + 3n control points (4, 7, 10, ...), got ${points}`);
  }
  return (points - 1) / 3;
}

function resolveSlices(slices: readonly number[] | undefined, patches: number, size: number | undefined, axis: 'x' | 'y'): number[] {
  if (!slices || slices.length === 0) {
    if (size === undefined || !(size > 0)) {
      throw new Error(`quilt warp slice${axis.toUpperCase()} is empty and no source size was given`);
    }
    return Array.from({ length: patches + 1 }, (_, i) => (size * i) / patches);
  }
  if (slices.length !== patches + 1) {
    throw new Error(`quilt warp slice${axis.toUpperCase()} must have ${patches + 1} values for ${patches} patches, got ${slices.length}`);
  }
  for (let i = 0; i < slices.length; i++) {
    const s = slices[i] as number;
    if (!Number.isFinite(s)) throw new Error(`quilt warp slice${axis.toUpperCase()} has a non-finite value`);
    if (i > 0 && !(s > (slices[i - 1] as number))) {
      throw new Error(`quilt warp slice${axis.toUpperCase()} must be strictly increasing`);
    }
  }
  return [...slices];
}

/** Validates the grid and slices and splits the grid into its patches. */
export function createQuiltWarp(input: QuiltWarpInput): QuiltWarp {
  const patchRows = patchCount(input.rows, 'rows');
  const patchCols = patchCount(input.cols, 'cols');
  if (input.points.length !== input.rows * input.cols) {
    throw new Error(`quilt warp needs rows*cols = ${input.rows * input.cols} control points, got ${input.points.length}`);
  }
  const sliceX = resolveSlices(input.sliceX, patchCols, input.sourceWidth, 'x');
  const sliceY = resolveSlices(input.sliceY, patchRows, input.sourceHeight, 'y');
  const patches: PatchPoints[] = [];
  for (let pr = 0; pr < patchRows; pr++) {
    for (let pc = 0; pc < patchCols; pc++) {
      const patch: Vec2[] = [];
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) {
          const p = input.points[(pr * 3 + r) * input.cols + pc * 3 + c];
          if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) {
            throw new Error('quilt warp control point is missing or not finite');
          }
          patch.push(p);
        }
      }
      patches.push(patch);
    }
  }
  return { rows: input.rows, cols: input.cols, patchRows, patchCols, sliceX, sliceY, patches };
}

/** Shape of ag-psd's `Warp` that matters here (kept structural so ag-psd stays an optional import). */
export interface PsdWarpLike {
  readonly deformNumRows?: number;
  readonly deformNumCols?: number;
  readonly customEnvelopeWarp?: {
    readonly quiltSliceX?: readonly number[];
    readonly quiltSliceY?: readonly number[];
    readonly meshPoints: readonly { readonly x: number; readonly y: number }[];
  };
}

/**
 * Builds a quilt from ag-psd's warp. A plain custom warp (no deform counts)
 * is the 4x4 case, so one code path serves both.
 */
export function quiltFromPsdWarp(warp: PsdWarpLike, sourceWidth: number, sourceHeight: number): QuiltWarp {
  const env = warp.customEnvelopeWarp;
  if (!env) throw new Error('warp has no customEnvelopeWarp mesh points');
  return createQuiltWarp({
    points: env.meshPoints.map((p): Vec2 => [p.x, p.y]),
    rows: warp.deformNumRows ?? 4,
    cols: warp.deformNumCols ?? 4,
    sliceX: env.quiltSliceX,
    sliceY: env.quiltSliceY,
    sourceWidth,
    sourceHeight,
  });
}

function locate1d(slices: readonly number[], s: number): { index: number; t: number } {
  const last = slices.length - 2;
  let index = 0;
  // Few patches in practice, so a linear scan beats a binary search's bookkeeping.
  while (index < last && s >= (slices[index + 1] as number)) index++;
  const a = slices[index] as number;
  const b = slices[index + 1] as number;
  return { index, t: (s - a) / (b - a) };
}

/** Patch containing source point (x, y) (px); points off the source extrapolate the edge patch. */
export function locateQuiltPatch(warp: QuiltWarp, x: number, y: number): QuiltLocation {
  const cx = locate1d(warp.sliceX, x);
  const cy = locate1d(warp.sliceY, y);
  return { patchRow: cy.index, patchCol: cx.index, u: cx.t, v: cy.t };
}

function patchAt(warp: QuiltWarp, loc: QuiltLocation): PatchPoints {
  const patch = warp.patches[loc.patchRow * warp.patchCols + loc.patchCol];
  if (!patch) throw new Error('quilt warp patch index out of range');
  return patch;
}

/** Destination point of the source point (x, y) given in source px. */
export function evaluateQuilt(warp: QuiltWarp, x: number, y: number): Vec2 {
  const loc = locateQuiltPatch(warp, x, y);
  return evaluatePatch(patchAt(warp, loc), loc.u, loc.v);
}

/** Partial derivatives per source px (chain rule through the slice width). */
export function quiltDerivatives(warp: QuiltWarp, x: number, y: number): { dx: Vec2; dy: Vec2 } {
  const loc = locateQuiltPatch(warp, x, y);
  const { du, dv } = patchDerivatives(patchAt(warp, loc), loc.u, loc.v);
  const w = (warp.sliceX[loc.patchCol + 1] as number) - (warp.sliceX[loc.patchCol] as number);
  const h = (warp.sliceY[loc.patchRow + 1] as number) - (warp.sliceY[loc.patchRow] as number);
  return { dx: [du[0] / w, du[1] / w], dy: [dv[0] / h, dv[1] / h] };
}

function sourceExtent(slices: readonly number[]): { start: number; size: number } {
  const start = slices[0] as number;
  return { start, size: (slices[slices.length - 1] as number) - start };
}

/** Destination point for normalised source coordinates (u, v) in [0,1]² (texture space). */
export function evaluateQuiltNormalized(warp: QuiltWarp, u: number, v: number): Vec2 {
  const ex = sourceExtent(warp.sliceX);
  const ey = sourceExtent(warp.sliceY);
  return evaluateQuilt(warp, ex.start + u * ex.size, ey.start + v * ey.size);
}

/**
 * Normalised sample positions along one axis: `total` segments shared among
 * the patches in proportion to their source size, with every patch boundary
 * on a grid line so no triangle straddles the crease between two patches.
 */
function quiltSamples(slices: readonly number[], total: number | readonly number[]): number[] {
  const { start, size } = sourceExtent(slices);
  const out: number[] = [0];
  for (let i = 0; i + 1 < slices.length; i++) {
    const a = slices[i] as number;
    const b = slices[i + 1] as number;
    const segs = typeof total === 'number' ? Math.max(1, Math.round((total * (b - a)) / size)) : Math.max(1, Math.floor(total[i] ?? 1));
    for (let k = 1; k <= segs; k++) {
      const s = k === segs ? b : a + ((b - a) * k) / segs;
      out.push(i + 2 === slices.length && k === segs ? 1 : (s - start) / size);
    }
  }
  return out;
}

/**
 * Segments of each patch column (`cols[patchCol]`) and patch row (`rows[patchRow]`): a grid whose
 * lines run through the whole quilt, so neighbouring patches share their vertices.
 */
export interface QuiltSegments {
  readonly cols: readonly number[];
  readonly rows: readonly number[];
}

/**
 * Mesh over all patches; uvs are normalised over the whole source (first to last slice). A
 * `MeshDensity` spreads its segments over the patches by their source size; `QuiltSegments` gives
 * each patch column and row its own count.
 */
export function buildQuiltMesh(warp: QuiltWarp, density: MeshDensity | QuiltSegments, diagonal: GridDiagonal = 'down'): Mesh {
  return buildGridMesh(
    quiltSamples(warp.sliceX, density.cols),
    quiltSamples(warp.sliceY, density.rows),
    (u, v) => evaluateQuiltNormalized(warp, u, v),
    diagonal,
  );
}
