/**
 * A placed layer's geometry (transform, nonAffineTransform, warp) → the template's M and PS.
 * Warp control points live in the smart object's source pixels; the template keeps them in view
 * pixels, so they go through the placement. For an affine placement that is exact (Bezier curves
 * are affine-invariant); with perspective the control points are projected, which is close but not
 * Photoshop's exact surface, and the import says so in its notes.
 */
import type { PlacedLayer } from 'ag-psd';
import { affineFromPsdTransform, applyHomography, isAffineHomography, placedLayerHomography, quadFromPsdCorners } from '../geometry';
import type { AffineMatrix, BezierPoints, Quad, SmartObjectMatrix } from '../model/types';
import { DataError } from '../model/errors';

export interface Placement { M: SmartObjectMatrix; PS: BezierPoints | null; OS: { w: number; h: number }; notes: string[] }

const flatQuad = (q: readonly (readonly [number, number])[]): Quad => q.flatMap(([x, y]) => [x, y]) as Quad;
const sameQuad = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => Math.abs(v - (b[i] ?? NaN)) < 1e-6);

export function placementOf(placed: PlacedLayer, path: string): Placement {
  const w = placed.width ?? 0;
  const h = placed.height ?? 0;
  if (!(w > 0 && h > 0)) throw new DataError(`${path}: placed layer has no source size`);
  if (!placed.transform || placed.transform.length !== 8) throw new DataError(`${path}: placed layer has no transform`);
  const nonAffine = placed.nonAffineTransform && !sameQuad(placed.nonAffineTransform, placed.transform) ? placed.nonAffineTransform : undefined;
  const H = placedLayerHomography(placed.transform, nonAffine, w, h);
  const perspective = !isAffineHomography(H, 1e-9);
  const notes: string[] = [];
  const toView = (x: number, y: number) => {
    const [vx, vy] = applyHomography(H, [x, y]);
    return { x: vx, y: vy };
  };
  const warp = placed.warp;
  const style = warp?.style ?? 'none';
  const mesh = warp?.customEnvelopeWarp?.meshPoints ?? [];

  const rowsCount = warp?.deformNumRows ?? 4;
  const colsCount = warp?.deformNumCols ?? 4;
  // Photoshop (and ag-psd) store an untouched warp as a custom mesh on a regular grid: no warp.
  if (style === 'custom' && mesh.length > 0 && !isRegularGrid(mesh, rowsCount, colsCount)) {
    if (perspective) notes.push(`${path}: warp under a perspective placement is approximated by projecting its control points`);
    const rows = warp?.deformNumRows ?? 4;
    const cols = warp?.deformNumCols ?? 4;
    if (mesh.length === 16 && rows === 4 && cols === 4 && !(warp?.customEnvelopeWarp?.quiltSliceX?.length)) {
      return { M: { kind: 'bezier' }, PS: { kind: 'custom', points: mesh.map((p) => toView(p.x, p.y)) }, OS: { w, h }, notes };
    }
    if (mesh.length !== rows * cols) throw new DataError(`${path}: quilt warp has ${mesh.length} points for ${rows}x${cols}`);
    const sliceX = warp?.customEnvelopeWarp?.quiltSliceX?.length ? warp.customEnvelopeWarp.quiltSliceX : evenSlices(cols, w);
    const sliceY = warp?.customEnvelopeWarp?.quiltSliceY?.length ? warp.customEnvelopeWarp.quiltSliceY : evenSlices(rows, h);
    return {
      M: { kind: 'quilt' },
      PS: { kind: 'quilt', rows, cols, points: mesh.map((p) => toView(p.x, p.y)), quiltSliceX: [...sliceX], quiltSliceY: [...sliceY] },
      OS: { w, h },
      notes,
    };
  }
  if (style !== 'none' && style !== 'custom' && style !== undefined) {
    // Preset warps (arc, flag, bulge…) are parametric in Photoshop; only custom meshes are read.
    throw new DataError(`${path}: warp style '${style}' is not supported; convert it to a custom warp in Photoshop`);
  }
  if (perspective) {
    return { M: { kind: 'perspective', quad: flatQuad(quadFromPsdCorners(placed.transform)), nonAffine: flatQuad(quadFromPsdCorners(nonAffine!)) }, PS: null, OS: { w, h }, notes };
  }
  const m = affineFromPsdTransform(placed.transform, w, h);
  return { M: { kind: 'affine', matrix: [...m] as AffineMatrix }, PS: null, OS: { w, h }, notes };
}

/** True when the mesh points sit evenly on the rectangle they span (an identity warp). */
function isRegularGrid(mesh: readonly { x: number; y: number }[], rows: number, cols: number): boolean {
  if (mesh.length !== rows * cols) return false;
  const first = mesh[0]!;
  const last = mesh[mesh.length - 1]!;
  const w = last.x - first.x;
  const h = last.y - first.y;
  const tol = 1e-6 * Math.max(1, Math.abs(w), Math.abs(h));
  return mesh.every((p, i) => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    return Math.abs(p.x - (first.x + (w * c) / (cols - 1))) <= tol && Math.abs(p.y - (first.y + (h * r) / (rows - 1))) <= tol;
  });
}

/** Photoshop leaves quilt slices empty when patches are even: patch edges every (n-1)/3 points. */
function evenSlices(points: number, size: number): number[] {
  const patches = (points - 1) / 3;
  return Array.from({ length: patches + 1 }, (_, i) => (size * i) / patches);
}
