/**
 * Grid mesh assembly shared by every parametric surface (patch, quilt,
 * cylinder): they differ only in how a (u,v) sample is mapped, so the
 * vertex/index layout lives here once.
 */
import type { Mesh, Vec2 } from './types';

/** `count` segments over [0,1] → count+1 evenly spaced parameters, ends exact. */
export function uniformSamples(count: number): number[] {
  const n = Math.max(1, Math.floor(count));
  const out: number[] = [];
  for (let i = 0; i <= n; i++) out.push(i === n ? 1 : i / n);
  return out;
}

/**
 * Which diagonal splits each grid cell into two triangles: 'down' from its (u1, v0) corner to its
 * (u0, v1) corner, 'up' from (u0, v0) to (u1, v1), as Photoshop splits its warp tessellation. With
 * a fine grid the choice does not show; with Photoshop's coarse one it decides which way the
 * texture bends inside each cell.
 */
export type GridDiagonal = 'down' | 'up';

/**
 * Builds a (us.length × vs.length) vertex grid. `us`/`vs` are the texture
 * coordinates of the grid lines (strictly increasing, normally 0..1) and
 * `map` gives the destination position of each sample.
 */
export function buildGridMesh(
  us: readonly number[],
  vs: readonly number[],
  map: (u: number, v: number) => Vec2,
  diagonal: GridDiagonal = 'down',
): Mesh {
  const cols = us.length - 1;
  const rows = vs.length - 1;
  if (cols < 1 || rows < 1) throw new Error('grid mesh needs at least one segment in each direction');
  const vertexCount = us.length * vs.length;
  const positions = new Float32Array(vertexCount * 2);
  const uvs = new Float32Array(vertexCount * 2);
  let k = 0;
  for (const v of vs) {
    for (const u of us) {
      const [x, y] = map(u, v);
      positions[k] = x;
      positions[k + 1] = y;
      uvs[k] = u;
      uvs[k + 1] = v;
      k += 2;
    }
  }
  const indices = new Uint32Array(cols * rows * 6);
  const stride = cols + 1;
  let t = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = r * stride + c;
      const b = a + 1;
      const d = a + stride;
      const e = d + 1;
      if (diagonal === 'up') {
        indices[t++] = a;
        indices[t++] = d;
        indices[t++] = e;
        indices[t++] = a;
        indices[t++] = e;
        indices[t++] = b;
      } else {
        indices[t++] = a;
        indices[t++] = d;
        indices[t++] = b;
        indices[t++] = b;
        indices[t++] = d;
        indices[t++] = e;
      }
    }
  }
  return { positions, uvs, indices, cols, rows };
}
