/**
 * Photoshop's tessellation of warped smart objects.
 *
 * Photoshop does not draw a warp's Bezier surface exactly: it cuts each patch into coarse quads,
 * each drawn as two triangles split along the diagonal from the quad's first corner (u0, v0) to
 * its last (u1, v1), with the texture interpolated linearly across each triangle. Measured on its
 * own layer pixels (engine/psd/README.md, "Tessellation"): the antialiased edges of an inflate warp
 * are chords whose ends fall every 1/8 of the side, and the texture inside the layers fits such
 * grids. The number of segments along each direction follows how far the patch's control points
 * stray from evenly spaced points on straight lines: the fewest power-of-two segments that bring
 * that deviation, which shrinks with the square of the segment length, under a tolerance in
 * document pixels. Inside a patch the cut adapts (`photoshopPatchCells`): where the patch bends at
 * one corner, the cells are small there and large elsewhere.
 */
import type { PatchPoints } from './bezier-patch';
import { triangleArea2, type Mesh, type Vec2 } from './types';

/**
 * Deviation (document px) a segment may keep: inflate(50) on a 250 px layer (33.3 px of control
 * deviation) gets 8 segments, squeeze's 50 px sides 16 and a 4x4 mesh with 180 px of deviation 16;
 * any value from about 0.52 to 0.78 gives those.
 */
export const PHOTOSHOP_FLATNESS_PX = 0.75;
/**
 * A patch, or a part of one, whose deviation asks for more segments than this along a direction is
 * halved along it and each half judged again (`photoshopPatchCells`). Of 1, 2 and 4, only 2 brings
 * every measured warp closer to Photoshop (engine/psd/README.md, "Tessellation").
 */
export const PHOTOSHOP_CELL_SEGMENTS = 2;
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

/** A rectangle of a patch's (u, v) parameters that Photoshop draws as one quad of two triangles. */
export interface PatchCell {
  readonly u0: number;
  readonly u1: number;
  readonly v0: number;
  readonly v1: number;
}

/** Control points of a cubic curve split at t = 1/2 (de Casteljau): the two halves. */
function halveCubic(a: Vec2, b: Vec2, c: Vec2, d: Vec2): [Vec2[], Vec2[]] {
  const mid = (p: Vec2, q: Vec2): Vec2 => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  const ab = mid(a, b);
  const bc = mid(b, c);
  const cd = mid(c, d);
  const abc = mid(ab, bc);
  const bcd = mid(bc, cd);
  const m = mid(abc, bcd);
  return [
    [a, ab, abc, m],
    [m, bcd, cd, d],
  ];
}

/** The two halves of a patch split at u = 1/2 (`along` 'u') or v = 1/2, as exact sub-patches. */
function halvePatch(points: PatchPoints, along: 'u' | 'v'): [Vec2[], Vec2[]] {
  const first: Vec2[] = new Array<Vec2>(16);
  const second: Vec2[] = new Array<Vec2>(16);
  for (let i = 0; i < 4; i++) {
    // Row i (along u) or column i (along v) of the net.
    const idx = (k: number) => (along === 'u' ? i * 4 + k : k * 4 + i);
    const [l, r] = halveCubic(points[idx(0)] as Vec2, points[idx(1)] as Vec2, points[idx(2)] as Vec2, points[idx(3)] as Vec2);
    for (let k = 0; k < 4; k++) {
      first[idx(k)] = l[k] as Vec2;
      second[idx(k)] = r[k] as Vec2;
    }
  }
  return [first, second];
}

/**
 * The cells Photoshop cuts one cubic patch into, in the patch's (u, v). Photoshop adapts the cut
 * inside a patch: the segments each direction needs (`segmentsForDeviation` of `patchDeviation`)
 * are judged on the patch, and a direction that needs more than `most` is halved, the halves being
 * exact sub-patches (de Casteljau) judged again in turn; a part that needs at most `most` along
 * both is cut into that uniform grid. So a patch bent at one corner gets cells of 1/16 of its side
 * there and of 1/4 where it is flat (measured on one with a corner pulled in, which a uniform grid
 * could not fit), while a patch bent evenly (inflate) gets the uniform grid
 * `photoshopPatchSegments` gives. No cell is smaller than 1/PHOTOSHOP_MAX_SEGMENTS of the patch.
 */
export function photoshopPatchCells(points: PatchPoints, tolerance = PHOTOSHOP_FLATNESS_PX, most = PHOTOSHOP_CELL_SEGMENTS): PatchCell[] {
  const cells: PatchCell[] = [];
  const visit = (p: PatchPoints, u0: number, u1: number, v0: number, v1: number): void => {
    const d = patchDeviation(p);
    const cols = segmentsForDeviation(d.u, tolerance);
    const rows = segmentsForDeviation(d.v, tolerance);
    // A part of 1/PHOTOSHOP_MAX_SEGMENTS x `most` is not halved again: its grid reaches the smallest cell.
    const splitU = cols > most && (u1 - u0) * PHOTOSHOP_MAX_SEGMENTS > most;
    const splitV = rows > most && (v1 - v0) * PHOTOSHOP_MAX_SEGMENTS > most;
    if (!splitU && !splitV) {
      const n = Math.min(cols, Math.max(1, Math.round(PHOTOSHOP_MAX_SEGMENTS * (u1 - u0))));
      const m = Math.min(rows, Math.max(1, Math.round(PHOTOSHOP_MAX_SEGMENTS * (v1 - v0))));
      for (let j = 0; j < m; j++) {
        for (let i = 0; i < n; i++) {
          cells.push({
            u0: u0 + ((u1 - u0) * i) / n,
            u1: i + 1 === n ? u1 : u0 + ((u1 - u0) * (i + 1)) / n,
            v0: v0 + ((v1 - v0) * j) / m,
            v1: j + 1 === m ? v1 : v0 + ((v1 - v0) * (j + 1)) / m,
          });
        }
      }
      return;
    }
    const um = (u0 + u1) / 2;
    const vm = (v0 + v1) / 2;
    let columns: [PatchPoints, number, number][] = [[p, u0, u1]];
    if (splitU) {
      const [left, right] = halvePatch(p, 'u');
      columns = [
        [left, u0, um],
        [right, um, u1],
      ];
    }
    for (const [q, a, b] of columns) {
      if (splitV) {
        const [top, bottom] = halvePatch(q, 'v');
        visit(top, a, b, v0, vm);
        visit(bottom, a, b, vm, v1);
      } else {
        visit(q, a, b, v0, v1);
      }
    }
  };
  visit(points, 0, 1, 0, 1);
  return cells;
}

/**
 * A mesh of `cells` over the surface `map`: each cell two triangles split along its (u0, v0)-(u1, v1)
 * diagonal, corners shared between cells. Where a cell's edge has corners of finer neighbours
 * inside it (a T-junction), the coarse cell's chord and the finer cells' edges, whose corners lie
 * on the surface, leave a sliver between them (up to about the tolerance wide). It is filled by a
 * fan of triangles from the edge's first corner over the finer corners, so the mesh has no cracks
 * and its outline (mesh-outline.ts, which matches edges end to end) has no loops inside. On the
 * measured patch this fill and the exact surface in the slivers give the same error; moving the
 * finer corners onto the chord instead was worse (0.90 against 0.76 on a CPU model of its interior).
 */
export function buildCellMesh(
  cells: readonly PatchCell[],
  map: (u: number, v: number) => Vec2,
): Pick<Mesh, 'positions' | 'uvs' | 'indices'> {
  const ids = new Map<string, number>();
  const uvList: number[] = [];
  /** Per horizontal line v: the u of every corner on it; per vertical line u: the v of every corner. */
  const onRow = new Map<number, number[]>();
  const onColumn = new Map<number, number[]>();
  const append = (lines: Map<number, number[]>, line: number, at: number): void => {
    const list = lines.get(line);
    if (list) list.push(at);
    else lines.set(line, [at]);
  };
  const vertex = (u: number, v: number): number => {
    const key = `${u},${v}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = uvList.length / 2;
      ids.set(key, id);
      uvList.push(u, v);
      append(onRow, v, u);
      append(onColumn, u, v);
    }
    return id;
  };
  const quads = cells.map((c) => [vertex(c.u0, c.v0), vertex(c.u1, c.v0), vertex(c.u0, c.v1), vertex(c.u1, c.v1)] as const);
  const positions = new Float32Array(uvList.length);
  for (let i = 0; i < uvList.length; i += 2) {
    const [x, y] = map(uvList[i] as number, uvList[i + 1] as number);
    positions[i] = x;
    positions[i + 1] = y;
  }
  const indices: number[] = [];
  const area = (a: number, b: number, c: number): number => triangleArea2(positions, a, b, c);
  let winding = 0;
  for (const [a, b, d, e] of quads) {
    indices.push(a, d, e, a, e, b);
    winding += area(a, d, e) + area(a, e, b);
  }
  const between = (values: readonly number[] | undefined, lo: number, hi: number): number[] =>
    (values ?? []).filter((x) => x > lo && x < hi).sort((x, y) => x - y);
  cells.forEach((c) => {
    const edges: [number[], (t: number) => number][] = [
      [[c.u0, ...between(onRow.get(c.v0), c.u0, c.u1), c.u1], (u) => vertex(u, c.v0)],
      [[c.u0, ...between(onRow.get(c.v1), c.u0, c.u1), c.u1], (u) => vertex(u, c.v1)],
      [[c.v0, ...between(onColumn.get(c.u0), c.v0, c.v1), c.v1], (v) => vertex(c.u0, v)],
      [[c.v0, ...between(onColumn.get(c.u1), c.v0, c.v1), c.v1], (v) => vertex(c.u1, v)],
    ];
    for (const [along, at] of edges) {
      if (along.length < 3) continue;
      const first = at(along[0] as number);
      for (let k = 1; k + 1 < along.length; k++) {
        const p = at(along[k] as number);
        const q = at(along[k + 1] as number);
        // Wound like the cells, so a sliver never reads as a fold of the warp.
        if (area(first, p, q) * winding < 0) indices.push(first, q, p);
        else indices.push(first, p, q);
      }
    }
  });
  return { positions, uvs: new Float32Array(uvList), indices: new Uint32Array(indices) };
}
