/** A regular grid mesh for the warp-mesh unit tests. */
import type { LayerMesh } from '../../../../engine/render/mockup/layer-mesh';

/** A grid of (cols x rows) cells over x 0..10*cols, y 0..10*rows; `split` repeats the vertices of column `split` (a seam). */
export function grid(cols: number, rows: number, split?: number): LayerMesh {
  const positions: number[] = [];
  const uvq: number[] = [];
  const indices: number[] = [];
  const id = new Map<string, number>();
  const vertex = (c: number, r: number, side: number): number => {
    const key = `${c},${r},${c === split ? side : 0}`;
    let i = id.get(key);
    if (i === undefined) {
      i = positions.length / 2;
      id.set(key, i);
      positions.push(10 * c, 10 * r);
      uvq.push(c / cols, r / rows, 1);
    }
    return i;
  };
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const a = vertex(c, r, 1);
      const b = vertex(c + 1, r, 0);
      const d = vertex(c, r + 1, 1);
      const e = vertex(c + 1, r + 1, 0);
      indices.push(a, b, e, a, e, d);
    }
  return {
    positions: new Float32Array(positions),
    uvq: new Float32Array(uvq),
    shade: null,
    indices: new Uint32Array(indices),
    bounds: { minX: 0, minY: 0, maxX: 10 * cols, maxY: 10 * rows },
  };
}
