/**
 * Where a composed flat may hold drawn pixels (a grid of cells marked under each drawing's box),
 * and a warp mesh without the triangles that would sample only unmarked cells: bilinear filtering
 * reaches a texel past a triangle's uvs, a mip level 2^level texels, and uvs past the flat read its
 * edge.
 */
import { describe, expect, test } from 'vitest';
import { CONTENT_CELLS, contentMeets, contentOfBoxes, sameContent } from '../../../../engine/render/flat-content';
import { cullByContent } from '../../../../engine/render/mockup/content-cull';
import type { CoverageSplit } from '../../../../engine/render/mockup/coverage-split';
import { WHOLE_FLAT } from '../../../../engine/render/mockup/layer-mesh';
import { grid } from './grid-mesh';

describe('contentOfBoxes', () => {
  test('marks the cells under each box, none elsewhere; boxes off the picture mark nothing', () => {
    // 640x320 px: 10 px cells, 64 x 32 of them.
    const c = contentOfBoxes(640, 320, [{ x0: 95, y0: 20, x1: 121, y1: 30 }, null, { x0: 700, y0: 0, x1: 800, y1: 50 }]);
    expect([c.columns, c.rows, c.cell]).toEqual([CONTENT_CELLS, 32, 10]);
    const marked = [...c.cells.keys()].filter((i) => c.cells[i] === 1).map((i) => [i % c.columns, Math.floor(i / c.columns)]);
    // x 95..121 meets columns 9-12; y 20..30 (exclusive) only row 2.
    expect(marked).toEqual([
      [9, 2],
      [10, 2],
      [11, 2],
      [12, 2],
    ]);
  });

  test('contentMeets finds a marked cell in a uv box, and clamps uv past the flat to its edge cells', () => {
    const c = contentOfBoxes(100, 100, [{ x0: 0, y0: 40, x1: 3, y1: 60 }]);
    expect(contentMeets(c, 0.5, 0.45, 0.9, 0.55)).toBe(false);
    expect(contentMeets(c, 0.01, 0.45, 0.02, 0.46)).toBe(true);
    // Left of the flat reads its first column.
    expect(contentMeets(c, -0.3, 0.5, -0.2, 0.5)).toBe(true);
    expect(contentMeets(c, -0.3, 0.1, -0.2, 0.2)).toBe(false);
  });

  test('sameContent compares cells, not objects', () => {
    const box = { x0: 10, y0: 10, x1: 30, y1: 30 };
    expect(sameContent(contentOfBoxes(200, 100, [box]), contentOfBoxes(200, 100, [box]))).toBe(true);
    expect(sameContent(contentOfBoxes(200, 100, [box]), contentOfBoxes(200, 100, [{ ...box, x1: 60 }]))).toBe(false);
    expect(sameContent(contentOfBoxes(200, 100, [box]), contentOfBoxes(100, 200, [box]))).toBe(false);
  });
});

/** The 8x8-cell grid mesh (80x80 view px, uv 0..1) as a split with every triangle covered. */
function whole(): CoverageSplit {
  const mesh = grid(8, 8);
  return { mesh, covered: 96, partial: 32 };
}

/** Triangles of `split` by the grid cell (column, row) they sit in. */
function cellsOf(split: CoverageSplit): Set<string> {
  const { positions, indices } = split.mesh;
  const out = new Set<string>();
  for (let t = 0; t < indices.length; t += 3) {
    const xs = [0, 1, 2].map((k) => positions[2 * indices[t + k]!]!);
    const ys = [0, 1, 2].map((k) => positions[2 * indices[t + k]! + 1]!);
    out.add(`${Math.floor(Math.min(...xs) / 10)},${Math.floor(Math.min(...ys) / 10)}`);
  }
  return out;
}

describe('cullByContent', () => {
  // A 400x400 px flat with content only in its top-left 100x100 (grid cells 0-1 on both axes).
  const content = contentOfBoxes(400, 400, [{ x0: 0, y0: 0, x1: 100, y1: 100 }]);
  const texture = { width: 400, height: 400, mipmapped: false };

  test('keeps the triangles over content and a texel past it, in order, covered before partial', () => {
    const split = whole();
    const culled = cullByContent(split, { grid: content, span: WHOLE_FLAT }, texture, 1, 1);
    // Content spans texels 0..100, mesh cells 50 texels wide: cells 0-1 hold it, cell 2 starts at
    // texel 100, within the bilinear reach of its last texel.
    expect(cellsOf(culled)).toEqual(new Set(['0,0', '1,0', '2,0', '0,1', '1,1', '2,1', '0,2', '1,2', '2,2']));
    expect(culled.covered + culled.partial).toBe(18);
    // Kept triangles keep the split's order: the first 96 were covered.
    expect(culled.covered).toBe(18);
    expect(culled.mesh.positions).toBe(split.mesh.positions);
  });

  test('a span placing the texture on the right half of the flat: nothing of it is content', () => {
    const span = { x0: 0.5, x1: 1, y0: 0, y1: 1 };
    const culled = cullByContent(whole(), { grid: content, span }, texture, 1, 1);
    expect(culled.covered + culled.partial).toBe(0);
  });

  test('a mipmapped texture read far smaller reaches further, up to every triangle', () => {
    // 80 view px show 400 texels: at 0.25 output px per view px, 20 texels a pixel, whose mip
    // levels reach a mesh cell (50 texels) further than bilinear filtering alone.
    const near = cullByContent(whole(), { grid: content, span: WHOLE_FLAT }, { ...texture, mipmapped: true }, 0.25, 0.25);
    const plain = cullByContent(whole(), { grid: content, span: WHOLE_FLAT }, texture, 0.25, 0.25);
    expect(cellsOf(plain).size).toBe(9);
    expect(cellsOf(near).size).toBe(16);
    // At 0.02 output px per view px each pixel spans 250 texels: the whole flat is within reach.
    const far = cullByContent(whole(), { grid: content, span: WHOLE_FLAT }, { ...texture, mipmapped: true }, 0.02, 0.02);
    expect(far.covered + far.partial).toBe(128);
  });

  test('content everywhere keeps the split itself', () => {
    const split = whole();
    const all = contentOfBoxes(400, 400, [{ x0: 0, y0: 0, x1: 400, y1: 400 }]);
    expect(cullByContent(split, { grid: all, span: WHOLE_FLAT }, texture, 1, 1)).toBe(split);
  });
});

test('a triangle with a vertex at q <= 0 is kept whatever the content says', () => {
  const split = whole();
  const uvq = new Float32Array(split.mesh.uvq);
  // The mesh's last vertex (bottom-right, uv 1,1; both triangles of the last cell use it) gets q = 0.
  uvq[uvq.length - 1] = 0;
  const bent = { ...split, mesh: { ...split.mesh, uvq } };
  const none = contentOfBoxes(400, 400, []);
  const culled = cullByContent(bent, { grid: none, span: WHOLE_FLAT }, { width: 400, height: 400, mipmapped: false }, 1, 1);
  expect(culled.covered + culled.partial).toBe(2);
});
