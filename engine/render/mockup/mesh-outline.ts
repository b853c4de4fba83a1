/**
 * A warp mesh's outline: as closed loops, for its coverage mask (coverage-mask.ts), and widened
 * outwards by a skirt of thin quads that carry the texture coordinates of the edge they grow from. Without multisampling a pixel whose centre lies just
 * outside the mesh gets no colour at all; with the skirt it gets the edge's colour, and the
 * layer's coverage mask (coverage-mask.ts) then scales every pixel by how much of it the mesh
 * really covers: antialiased edges without multisampling, which costs several times a plain draw
 * where WebGL runs on the CPU.
 *
 * Pure (no GL): the outline is found from the triangles alone, so every warp kind (affine,
 * perspective, Bezier, quilt, cylinder) gets it the same way. Edges are matched by position, not
 * by vertex index, so a seam between patches that repeat their shared vertices is not an outline.
 */
import { triangleArea2 } from '../../geometry/index.ts';
import type { LayerMesh } from './layer-mesh.ts';

interface OutlineEdge {
  /** Vertex indices of the edge, in the order its triangle runs. */
  readonly a: number;
  readonly b: number;
  /** The triangle's third vertex: the outside is away from it. */
  readonly c: number;
}

/** Positions closer than this (view px) are one point. */
const SAME_POINT = 1e-3;

function pointKey(positions: Float32Array, i: number): string {
  return `${Math.round((positions[2 * i] as number) / SAME_POINT)},${Math.round((positions[2 * i + 1] as number) / SAME_POINT)}`;
}

/** Edges that belong to one triangle only: the mesh's outline (degenerate triangles ignored). */
export function outlineEdges(mesh: Pick<LayerMesh, 'positions' | 'indices'>): OutlineEdge[] {
  const { positions, indices } = mesh;
  const keys: string[] = [];
  for (let i = 0; i < positions.length / 2; i++) keys.push(pointKey(positions, i));
  const seen = new Map<string, { edge: OutlineEdge; count: number }>();
  for (let t = 0; t < indices.length; t += 3) {
    const tri = [indices[t] as number, indices[t + 1] as number, indices[t + 2] as number] as const;
    if (keys[tri[0]] === keys[tri[1]] || keys[tri[1]] === keys[tri[2]] || keys[tri[0]] === keys[tri[2]]) continue;
    for (let k = 0; k < 3; k++) {
      const a = tri[k] as number;
      const b = tri[(k + 1) % 3] as number;
      const c = tri[(k + 2) % 3] as number;
      const ka = keys[a] as string;
      const kb = keys[b] as string;
      const key = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
      const hit = seen.get(key);
      if (hit) hit.count++;
      else seen.set(key, { edge: { a, b, c }, count: 1 });
    }
  }
  return [...seen.values()].filter((e) => e.count === 1).map((e) => e.edge);
}

/**
 * The outline as closed loops of view px points. Edges are chained through shared points
 * whichever way their triangles run, so a fold (triangles wound the other way) still closes.
 */
export function outlineLoops(mesh: Pick<LayerMesh, 'positions' | 'indices'>): [number, number][][] {
  const edges = outlineEdges(mesh);
  const { positions } = mesh;
  const byPoint = new Map<string, number[]>();
  const ends = edges.map(({ a, b }) => [pointKey(positions, a), pointKey(positions, b)] as const);
  ends.forEach(([ka, kb], i) => {
    for (const k of [ka, kb]) {
      const list = byPoint.get(k);
      if (list) list.push(i);
      else byPoint.set(k, [i]);
    }
  });
  const used = new Uint8Array(edges.length);
  const point = (v: number): [number, number] => [positions[2 * v] as number, positions[2 * v + 1] as number];
  const loops: [number, number][][] = [];
  for (let first = 0; first < edges.length; first++) {
    if (used[first]) continue;
    used[first] = 1;
    const start = edges[first] as OutlineEdge;
    const loop: [number, number][] = [point(start.a)];
    const startKey = (ends[first] as readonly [string, string])[0];
    let v = start.b;
    let key = (ends[first] as readonly [string, string])[1];
    while (key !== startKey) {
      loop.push(point(v));
      const next = (byPoint.get(key) ?? []).find((i) => !used[i]);
      if (next === undefined) break;
      used[next] = 1;
      const [ka, kb] = ends[next] as readonly [string, string];
      const e = edges[next] as OutlineEdge;
      if (ka === key) {
        v = e.b;
        key = kb;
      } else {
        v = e.a;
        key = ka;
      }
    }
    if (loop.length >= 3) loops.push(loop);
  }
  return loops;
}

/**
 * `mesh` with a skirt `width` view px wide around its outline. Each outline edge becomes a quad
 * from the edge to its copy moved outwards; a vertex moves along the mean of its outline edges'
 * normals, lengthened at corners (at most twice) so the skirt keeps its width there.
 */
export function withSkirt(mesh: LayerMesh, width: number): LayerMesh {
  const edges = outlineEdges(mesh);
  if (edges.length === 0 || !(width > 0)) return mesh;
  const { positions, uvq, shade, indices } = mesh;
  const px = (i: number) => positions[2 * i] as number;
  const py = (i: number) => positions[2 * i + 1] as number;
  // Outward unit normal of each edge, summed per vertex.
  const normals = edges.map(({ a, b, c }) => {
    const dx = px(b) - px(a);
    const dy = py(b) - py(a);
    const len = Math.hypot(dx, dy) || 1;
    let nx = dy / len;
    let ny = -dx / len;
    if (nx * (px(c) - px(a)) + ny * (py(c) - py(a)) > 0) {
      nx = -nx;
      ny = -ny;
    }
    return [nx, ny] as const;
  });
  const sums = new Map<number, { x: number; y: number; normals: (readonly [number, number])[] }>();
  edges.forEach(({ a, b }, i) => {
    for (const v of [a, b]) {
      const s = sums.get(v) ?? { x: 0, y: 0, normals: [] };
      const n = normals[i] as readonly [number, number];
      s.x += n[0];
      s.y += n[1];
      s.normals.push(n);
      sums.set(v, s);
    }
  });
  // One moved copy per outline vertex, appended after the mesh's own vertices.
  const base = positions.length / 2;
  const moved = new Map<number, number>();
  const extraPositions: number[] = [];
  const extraUvq: number[] = [];
  const extraShade: number[] = [];
  for (const [v, s] of sums) {
    const len = Math.hypot(s.x, s.y);
    let ox = 0;
    let oy = 0;
    if (len > 1e-9) {
      const nx = s.x / len;
      const ny = s.y / len;
      const cos = Math.min(...s.normals.map((n) => n[0] * nx + n[1] * ny));
      const reach = width / Math.max(0.5, cos);
      ox = nx * reach;
      oy = ny * reach;
    }
    moved.set(v, base + extraPositions.length / 2);
    extraPositions.push(px(v) + ox, py(v) + oy);
    extraUvq.push(uvq[3 * v] as number, uvq[3 * v + 1] as number, uvq[3 * v + 2] as number);
    if (shade) extraShade.push(shade[v] as number);
  }
  const extraIndices: number[] = [];
  for (const { a, b } of edges) {
    const a2 = moved.get(a) as number;
    const b2 = moved.get(b) as number;
    extraIndices.push(a, b, b2, a, b2, a2);
  }
  const allPositions = new Float32Array(positions.length + extraPositions.length);
  allPositions.set(positions);
  allPositions.set(extraPositions, positions.length);
  const allUvq = new Float32Array(uvq.length + extraUvq.length);
  allUvq.set(uvq);
  allUvq.set(extraUvq, uvq.length);
  let allShade: Float32Array | null = null;
  if (shade) {
    allShade = new Float32Array(shade.length + extraShade.length);
    allShade.set(shade);
    allShade.set(extraShade, shade.length);
  }
  const allIndices = new Uint32Array(indices.length + extraIndices.length);
  allIndices.set(indices);
  allIndices.set(extraIndices, indices.length);
  // The bounds stay the mesh's own: the skirt only reaches into the layer rect's slack.
  return { positions: allPositions, uvq: allUvq, shade: allShade, indices: allIndices, bounds: mesh.bounds };
}

/**
 * Triangles wound against the mesh's prevailing direction (where a warp folds over itself), each
 * as a loop of three view px points. The outline of a folded mesh crosses itself, and where the
 * fold lies over the rest its winding can cancel out, so the coverage mask adds these triangles.
 */
export function foldedTriangles(mesh: Pick<LayerMesh, 'positions' | 'indices'>): [number, number][][] {
  const { positions, indices } = mesh;
  const area = (t: number): number => triangleArea2(positions, indices[t]!, indices[t + 1]!, indices[t + 2]!);
  let total = 0;
  for (let t = 0; t < indices.length; t += 3) total += area(t);
  const loops: [number, number][][] = [];
  for (let t = 0; t < indices.length; t += 3) {
    if (area(t) * total >= 0) continue;
    loops.push(
      [0, 1, 2].map((k) => {
        const v = indices[t + k] as number;
        return [positions[2 * v] as number, positions[2 * v + 1] as number] as [number, number];
      }),
    );
  }
  return loops;
}
