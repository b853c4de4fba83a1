/**
 * A placed layer's geometry (transform, nonAffineTransform, warp) → the template's M and PS,
 * placed the way Photoshop places it.
 *
 * Photoshop keeps a warp's control points in the warp's own frame, where the smart object's
 * pixels span `warp.bounds`. The layer's `transform` quad (or `nonAffineTransform` with
 * perspective) is where the bounding box of those control points lands, not the source
 * rectangle: a warp whose points reach past the bounds enlarges that box, and the source is then
 * smaller than the quad. Preset warps (arc, flag, inflate…) are 16 control points generated
 * from the style, bend and distortions, placed by the same rule.
 *
 * For an affine placement the control points are mapped into view pixels (exact: Bezier
 * surfaces are affine-invariant). Under perspective they stay in the warp frame and the layer
 * carries the projection, applied to every surface point at render time.
 */
import type { PlacedLayer, Warp } from 'ag-psd';
import {
  applyHomography,
  boundsOfPoints,
  isAffineHomography,
  quadFromPsdCorners,
  solveHomography,
  type Mat3,
  type Quad as GeoQuad,
  type Vec2,
} from '../geometry';
import { isWarpPreset, presetWarpNet } from '../geometry/warp-presets';
import type { AffineMatrix, BezierPoints, Point, Quad, SmartObjectMatrix } from '../model/types';
import { DataError } from '../model/errors';

export interface Placement {
  M: SmartObjectMatrix;
  PS: BezierPoints | null;
  OS: { w: number; h: number };
  /** What kind of warp Photoshop applies, for reports: 'custom 4x4', 'quilt 13x13', 'preset arc(50)', 'perspective', 'affine'. */
  warp: string;
  notes: string[];
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Control points in the warp frame, before placement. */
type ControlMesh =
  /** `box`: where the transform quad's corners come from, when not the points' own box (presets). */
  | { kind: 'custom'; points: Vec2[]; box?: Rect }
  | { kind: 'quilt'; rows: number; cols: number; points: Vec2[]; sliceX: number[]; sliceY: number[]; box?: Rect };

const flatQuad = (q: GeoQuad): Quad => q.flatMap(([x, y]) => [x, y]) as Quad;
const sameQuad = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => Math.abs(v - (b[i] ?? NaN)) < 1e-6);
const rectQuad = (r: Rect): GeoQuad => [
  [r.x, r.y],
  [r.x + r.width, r.y],
  [r.x + r.width, r.y + r.height],
  [r.x, r.y + r.height],
];
const toPoint = ([x, y]: Vec2): Point => ({ x, y });

export function placementOf(placed: PlacedLayer, path: string): Placement {
  const w = placed.width ?? 0;
  const h = placed.height ?? 0;
  if (!(w > 0 && h > 0)) throw new DataError(`${path}: placed layer has no source size`);
  if (!placed.transform || placed.transform.length !== 8) throw new DataError(`${path}: placed layer has no transform`);
  const nonAffine =
    placed.nonAffineTransform && !sameQuad(placed.nonAffineTransform, placed.transform) ? placed.nonAffineTransform : undefined;
  const target = quadFromPsdCorners(nonAffine ?? placed.transform);
  const bounds = warpBounds(placed.warp, w, h);
  const control = controlMesh(placed.warp, bounds, path);
  // Where the target quad's corners come from: the control points' box, or the source itself.
  const box = control ? (control.box ?? boxOf(control.points)) : bounds;
  if (!(box.width > 0 && box.height > 0)) throw new DataError(`${path}: warp control points have no extent`);
  const H = solveHomography(rectQuad(box), target);
  const affine = isAffineHomography(H, 1e-9);
  const notes: string[] = [];
  const OS = { w, h };

  if (!control) {
    if (!affine) {
      return {
        M: { kind: 'perspective', quad: flatQuad(quadFromPsdCorners(placed.transform)), nonAffine: flatQuad(target) },
        PS: null,
        OS,
        warp: 'perspective',
        notes,
      };
    }
    // Source px → the box (the bounds) → view.
    const sx = box.width / w;
    const sy = box.height / h;
    const [ox, oy] = applyHomography(H, [box.x, box.y]);
    const [ax, ay] = applyHomography(H, [box.x + box.width, box.y]);
    const [cx, cy] = applyHomography(H, [box.x, box.y + box.height]);
    const matrix: AffineMatrix = [
      ((ax - ox) / box.width) * sx,
      ((ay - oy) / box.width) * sx,
      ((cx - ox) / box.height) * sy,
      ((cy - oy) / box.height) * sy,
      ox,
      oy,
    ];
    return { M: { kind: 'affine', matrix }, PS: null, OS, warp: 'affine', notes };
  }

  const warpName = describeWarp(placed.warp, control);
  const project = (p: Vec2): Point => toPoint(affine ? applyHomography(H, p) : p);
  const projection = affine ? undefined : ([...H] as Mat3);
  if (control.kind === 'custom') {
    return {
      M: projection ? { kind: 'bezier', projection } : { kind: 'bezier' },
      PS: { kind: 'custom', points: control.points.map(project) },
      OS,
      warp: warpName,
      notes,
    };
  }
  // Slices are patch edges in the warp frame; the template keeps them in source px.
  const toSourceX = (s: number) => ((s - bounds.x) * w) / bounds.width;
  const toSourceY = (s: number) => ((s - bounds.y) * h) / bounds.height;
  return {
    M: projection ? { kind: 'quilt', projection } : { kind: 'quilt' },
    PS: {
      kind: 'quilt',
      rows: control.rows,
      cols: control.cols,
      points: control.points.map(project),
      quiltSliceX: control.sliceX.map(toSourceX),
      quiltSliceY: control.sliceY.map(toSourceY),
    },
    OS,
    warp: warpName,
    notes,
  };
}

/** The source rectangle in the warp frame: `warp.bounds` when stored, else the source itself. */
function warpBounds(warp: Warp | undefined, w: number, h: number): Rect {
  const b = warp?.bounds;
  if (b) {
    const x = b.left.value;
    const y = b.top.value;
    const width = b.right.value - x;
    const height = b.bottom.value - y;
    if ([x, y, width, height].every(Number.isFinite) && width > 0 && height > 0) return { x, y, width, height };
  }
  return { x: 0, y: 0, width: w, height: h };
}

/** The warp's control points, or null when the layer is not warped (no warp, or an untouched grid). */
function controlMesh(warp: Warp | undefined, bounds: Rect, path: string): ControlMesh | null {
  const style: string = warp?.style ?? 'none';
  if (!warp || style === 'none') return null;
  if (style === 'custom') {
    const mesh = warp.customEnvelopeWarp?.meshPoints ?? [];
    const rows = warp.deformNumRows ?? 4;
    const cols = warp.deformNumCols ?? 4;
    if (mesh.length === 0 || isRegularGrid(mesh, rows, cols)) return null;
    if (mesh.length !== rows * cols) throw new DataError(`${path}: warp has ${mesh.length} points for ${rows}x${cols}`);
    const points = mesh.map((p): Vec2 => [p.x, p.y]);
    const sx = warp.customEnvelopeWarp?.quiltSliceX ?? [];
    const sy = warp.customEnvelopeWarp?.quiltSliceY ?? [];
    if (rows === 4 && cols === 4 && sx.length === 0 && sy.length === 0) return { kind: 'custom', points };
    return {
      kind: 'quilt',
      rows,
      cols,
      points,
      sliceX: sx.length ? [...sx] : evenSlices(cols, bounds.x, bounds.width),
      sliceY: sy.length ? [...sy] : evenSlices(rows, bounds.y, bounds.height),
    };
  }
  if (!isWarpPreset(style)) throw new DataError(`${path}: warp style '${style}' is not a Photoshop warp this importer knows`);
  const params = {
    bend: warp.value ?? 0,
    horizontal: warp.perspective ?? 0,
    vertical: warp.perspectiveOther ?? 0,
    orientation: warp.rotate === 'vertical' ? ('vertical' as const) : ('horizontal' as const),
    ...(warp.values ? { values: warp.values } : {}),
  };
  // The preset's own net, as cubic patches (the cylinder needs two), placed by the box of the
  // net Photoshop builds rather than by the cubic points' box.
  const net = presetWarpNet(style, params, bounds);
  const q = net.quilt;
  const box = net.placementBounds;
  if (q.rows === 4 && q.cols === 4) return { kind: 'custom', points: [...q.points], box };
  return { kind: 'quilt', rows: q.rows, cols: q.cols, points: [...q.points], sliceX: [...q.sliceX], sliceY: [...q.sliceY], box };
}

function describeWarp(warp: Warp | undefined, control: ControlMesh): string {
  const style: string = warp?.style ?? 'custom';
  if (style !== 'custom') {
    const extra = [warp?.perspective, warp?.perspectiveOther].some((v) => v)
      ? `, ${warp?.perspective ?? 0}, ${warp?.perspectiveOther ?? 0}`
      : '';
    return `preset ${style}(${warp?.value ?? 0}${extra})${warp?.rotate === 'vertical' ? ' vertical' : ''}`;
  }
  return control.kind === 'custom' ? 'custom 4x4' : `quilt ${control.rows}x${control.cols}`;
}

function boxOf(points: readonly Vec2[]): Rect {
  const b = boundsOfPoints(points);
  return { x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY };
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

/** Photoshop leaves quilt slices empty when patches are even: patch edges every 3 points. */
function evenSlices(points: number, start: number, size: number): number[] {
  const patches = (points - 1) / 3;
  return Array.from({ length: patches + 1 }, (_, i) => start + (size * i) / patches);
}

/**
 * Whether Photoshop draws this placement through its warp tessellation: every warp, and a
 * perspective placement too (drawn as the untouched patch, projected). Affine placements are
 * resampled directly.
 */
export const tessellatedByPhotoshop = (p: Pick<Placement, 'PS' | 'M'>): boolean => p.PS !== null || p.M.kind === 'perspective';
