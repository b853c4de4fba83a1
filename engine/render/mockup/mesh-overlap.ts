/**
 * Whether a warp mesh covers any point twice: two of its triangles overlap by more than a rounding
 * error. A layer drawn into a buffer first composites such an overlap (the front fold over the back
 * one); a layer blended straight from its mesh (passes.ts, `blendMeshOnto`) would blend the
 * overlap onto the photo twice, so only meshes that never overlap themselves are drawn that way.
 *
 * Pure (no GL). Triangles are bucketed in a grid of cells about a triangle wide, and the pairs
 * that share a cell are tested with separating axes (the edge normals of both). Triangles that
 * meet along an edge or at a corner touch without overlapping: on the shared edge's normal their
 * projections meet exactly. Zero-area triangles draw no pixel and are left out.
 */
import type { LayerMesh } from './layer-mesh.ts';

/** Overlaps thinner than this (view px) are rounding, not overlap. */
const TOUCH = 1e-6;

type Tri = readonly [number, number, number, number, number, number];

export function meshOverlapsItself(mesh: Pick<LayerMesh, 'positions' | 'indices'>): boolean {
  const { positions, indices } = mesh;
  const tris: Tri[] = [];
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const [a, b, c] = [indices[t] as number, indices[t + 1] as number, indices[t + 2] as number];
    const tri: Tri = [
      positions[2 * a] as number,
      positions[2 * a + 1] as number,
      positions[2 * b] as number,
      positions[2 * b + 1] as number,
      positions[2 * c] as number,
      positions[2 * c + 1] as number,
    ];
    if (Math.abs((tri[2] - tri[0]) * (tri[5] - tri[1]) - (tri[4] - tri[0]) * (tri[3] - tri[1])) > 0) tris.push(tri);
  }
  if (tris.length < 2) return false;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const t of tris) {
    minX = Math.min(minX, t[0], t[2], t[4]);
    minY = Math.min(minY, t[1], t[3], t[5]);
    maxX = Math.max(maxX, t[0], t[2], t[4]);
    maxY = Math.max(maxY, t[1], t[3], t[5]);
  }
  // About as many cells as triangles.
  const side = Math.max(Math.sqrt(((maxX - minX) * (maxY - minY)) / tris.length), 1e-9);
  const cols = Math.max(1, Math.min(1024, Math.ceil((maxX - minX) / side)));
  const rows = Math.max(1, Math.min(1024, Math.ceil((maxY - minY) / side)));
  const cellX = (x: number) => Math.min(cols - 1, Math.max(0, Math.floor(((x - minX) / (maxX - minX || 1)) * cols)));
  const cellY = (y: number) => Math.min(rows - 1, Math.max(0, Math.floor(((y - minY) / (maxY - minY || 1)) * rows)));
  const spans = tris.map((t) => ({
    x0: cellX(Math.min(t[0], t[2], t[4])),
    x1: cellX(Math.max(t[0], t[2], t[4])),
    y0: cellY(Math.min(t[1], t[3], t[5])),
    y1: cellY(Math.max(t[1], t[3], t[5])),
  }));
  const cells = new Map<number, number[]>();
  spans.forEach((s, i) => {
    for (let y = s.y0; y <= s.y1; y++) {
      for (let x = s.x0; x <= s.x1; x++) {
        const key = y * cols + x;
        const list = cells.get(key);
        if (list) list.push(i);
        else cells.set(key, [i]);
      }
    }
  });
  for (const [key, list] of cells) {
    const x = key % cols;
    const y = (key - x) / cols;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = spans[list[i] as number]!;
        const b = spans[list[j] as number]!;
        // Each pair once: in the first cell both cover.
        if (Math.max(a.x0, b.x0) !== x || Math.max(a.y0, b.y0) !== y) continue;
        if (trianglesOverlap(tris[list[i] as number]!, tris[list[j] as number]!)) return true;
      }
    }
  }
  return false;
}

/** Whether the interiors of `a` and `b` overlap by more than TOUCH (no edge normal separates them). */
export function trianglesOverlap(a: Tri, b: Tri): boolean {
  for (const t of [a, b]) {
    for (let e = 0; e < 3; e++) {
      const x0 = t[2 * e] as number;
      const y0 = t[2 * e + 1] as number;
      const x1 = t[(2 * e + 2) % 6] as number;
      const y1 = t[(2 * e + 3) % 6] as number;
      const len = Math.hypot(x1 - x0, y1 - y0);
      if (len === 0) continue;
      const nx = (y0 - y1) / len;
      const ny = (x1 - x0) / len;
      const [aMin, aMax] = project(a, nx, ny);
      const [bMin, bMax] = project(b, nx, ny);
      if (Math.min(aMax, bMax) - Math.max(aMin, bMin) <= TOUCH) return false;
    }
  }
  return true;
}

function project(t: Tri, nx: number, ny: number): [number, number] {
  const p0 = t[0] * nx + t[1] * ny;
  const p1 = t[2] * nx + t[3] * ny;
  const p2 = t[4] * nx + t[5] * ny;
  return [Math.min(p0, p1, p2), Math.max(p0, p1, p2)];
}
