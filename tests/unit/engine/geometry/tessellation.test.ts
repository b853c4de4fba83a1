import { describe, expect, it } from 'vitest';
import {
  buildCellMesh,
  buildGridMesh,
  buildQuiltMesh,
  createQuiltWarp,
  evaluatePatch,
  identityPatch,
  patchDeviation,
  photoshopPatchCells,
  photoshopPatchSegments,
  segmentsForDeviation,
  type PatchCell,
  type Vec2,
} from '../../../../engine/geometry';
import { foldedTriangles, outlineLoops } from '../../../../engine/render/mockup/mesh-outline';
import { INFLATE_NET } from '../inflate-net';

// The control points of the two measured documents as placed (a 1024 px source drawn at
// 250x250 and 300x250), which Photoshop cut 8x8 and 8x16 (the best uniform grids).
const third = 50 / 3;
const inflate = INFLATE_NET as Vec2[];
const squeeze: Vec2[] = [
  [0, 50],
  [100, third],
  [200, third],
  [300, 50],
  [50, 116.7],
  [116.7, 105.6],
  [183.3, 105.6],
  [250, 116.7],
  [50, 183.3],
  [116.7, 194.4],
  [183.3, 194.4],
  [250, 183.3],
  [0, 250],
  [100, 283.3],
  [200, 283.3],
  [300, 250],
];

describe('Photoshop tessellation', () => {
  it('leaves an untouched grid as one cell', () => {
    const d = patchDeviation(identityPatch(10, 20, 300, 150));
    expect(d.u).toBeCloseTo(0, 9);
    expect(d.v).toBeCloseTo(0, 9);
    expect(photoshopPatchSegments(identityPatch(0, 0, 100, 100))).toEqual({ cols: 1, rows: 1 });
  });

  it('cuts into the fewest power-of-two segments that bring the deviation under tolerance', () => {
    expect(segmentsForDeviation(0.7)).toBe(1);
    expect(segmentsForDeviation(1)).toBe(2);
    // Inflate(50) on a 250 px layer: 33.3 px, 8 segments (33.3 / 64 = 0.52).
    expect(segmentsForDeviation(33.3)).toBe(8);
    // Squeeze's sides: 50 px, 16 segments (50 / 64 = 0.78 is over).
    expect(segmentsForDeviation(50)).toBe(16);
    expect(segmentsForDeviation(180)).toBe(16);
    expect(segmentsForDeviation(1e9)).toBe(64);
    expect(segmentsForDeviation(Number.NaN)).toBe(64);
  });

  it('gives inflate 8x8 and squeeze 8 along u and 16 along v, as measured on the layers Photoshop stored', () => {
    expect(photoshopPatchSegments(inflate)).toEqual({ cols: 8, rows: 8 });
    expect(photoshopPatchSegments(squeeze)).toEqual({ cols: 8, rows: 16 });
  });

  // The custom warp Photoshop cut adaptively (aspose "source"): a 720x576 grid with its bottom-right
  // corner pulled in to (607, 530.5).
  const cornerPulled: Vec2[] = [
    [0, 0],
    [240, 0],
    [480, 0],
    [720, 0],
    [0, 192],
    [240, 192],
    [480, 192],
    [720, 192],
    [0, 384],
    [240, 384],
    [480, 384],
    [720, 384],
    [0, 576],
    [240, 576],
    [480, 576],
    [607, 530.5],
  ];
  const cellAt = (cells: readonly PatchCell[], u: number, v: number): PatchCell | undefined =>
    cells.find((c) => c.u0 <= u && u < c.u1 && c.v0 <= v && v < c.v1);
  const size = (c: PatchCell | undefined) => (c ? [1 / (c.u1 - c.u0), 1 / (c.v1 - c.v0)] : null);

  it('cuts a patch bent at one corner finely there and coarsely where it is flat, as Photoshop did', () => {
    const cells = photoshopPatchCells(cornerPulled);
    // The cells tile the patch once.
    expect(cells.reduce((a, c) => a + (c.u1 - c.u0) * (c.v1 - c.v0), 0)).toBeCloseTo(1, 12);
    expect(cells).toHaveLength(60);
    // Quarters of the patch where it is flat, sixteenths at the pulled corner (a uniform grid
    // there would be 16x16 all over), and halving along one direction only where the other is
    // flat enough: 1/4 across by 1/8 down above the corner, 1/8 across by 1/4 down left of it.
    expect(size(cellAt(cells, 0.1, 0.1))).toEqual([4, 4]);
    expect(size(cellAt(cells, 0.99, 0.99))).toEqual([16, 16]);
    expect(size(cellAt(cells, 0.9, 0.1))).toEqual([4, 8]);
    expect(size(cellAt(cells, 0.1, 0.9))).toEqual([8, 4]);
  });

  it('gives an evenly bent patch the uniform grid and an untouched one a single cell', () => {
    const cells = photoshopPatchCells(inflate);
    expect(cells).toHaveLength(64);
    expect(cells.every((c) => c.u1 - c.u0 === 1 / 8 && c.v1 - c.v0 === 1 / 8)).toBe(true);
    expect(photoshopPatchCells(identityPatch(0, 0, 300, 200))).toEqual([{ u0: 0, u1: 1, v0: 0, v1: 1 }]);
    // Squeeze's sides bend more than its middle: 16 rows at the sides, 8 in the middle.
    const squeezed = photoshopPatchCells(squeeze);
    expect(size(cellAt(squeezed, 0.01, 0.5))?.[1]).toBe(16);
    expect(size(cellAt(squeezed, 0.5, 0.5))?.[1]).toBe(8);
  });

  it('never cuts finer than 1/64 of the patch', () => {
    const wild = identityPatch(0, 0, 100, 100).map(([x, y], i): Vec2 => (i === 5 ? [x + 1e9, y] : [x, y]));
    const cells = photoshopPatchCells(wild);
    expect(Math.min(...cells.map((c) => c.u1 - c.u0))).toBe(1 / 64);
    expect(cells.length).toBeLessThanOrEqual(64 * 64);
  });

  it('fills the sliver at a T-junction, so the mesh has no crack and one outline', () => {
    const bulge = (u: number, v: number): Vec2 => [100 * u + 20 * u * (1 - u) * v, 100 * v + 30 * v * (1 - v) * u];
    const cells: PatchCell[] = [
      { u0: 0, u1: 0.5, v0: 0, v1: 1 },
      { u0: 0.5, u1: 1, v0: 0, v1: 0.5 },
      { u0: 0.5, u1: 1, v0: 0.5, v1: 1 },
    ];
    const mesh = buildCellMesh(cells, bulge);
    // Corners are shared: 8 of them, the finer cells' (0.5, 0.5) on the coarse cell's edge.
    expect(mesh.positions.length / 2).toBe(8);
    // Two triangles per cell and one sliver (0.5, 0) - (0.5, 0.5) - (0.5, 1), wound like the cells.
    expect(mesh.indices.length / 3).toBe(7);
    expect(outlineLoops(mesh)).toHaveLength(1);
    expect(foldedTriangles(mesh)).toHaveLength(0);
  });

  it('meshes the adaptive cut of a patch on its surface, without cracks', () => {
    const mesh = buildCellMesh(photoshopPatchCells(cornerPulled), (u, v) => evaluatePatch(cornerPulled, u, v));
    expect(outlineLoops(mesh)).toHaveLength(1);
    expect(foldedTriangles(mesh)).toHaveLength(0);
    for (let i = 0; i < mesh.uvs.length; i += 2) {
      const [x, y] = evaluatePatch(cornerPulled, mesh.uvs[i]!, mesh.uvs[i + 1]!);
      expect(mesh.positions[i]).toBeCloseTo(x, 3);
      expect(mesh.positions[i + 1]).toBeCloseTo(y, 3);
    }
  });

  it('splits grid cells along the chosen diagonal', () => {
    const map = (u: number, v: number): Vec2 => [u, v];
    // Vertices a=0 (0,0), b=1 (1,0), d=2 (0,1), e=3 (1,1).
    expect(Array.from(buildGridMesh([0, 1], [0, 1], map).indices)).toEqual([0, 2, 1, 1, 2, 3]);
    expect(Array.from(buildGridMesh([0, 1], [0, 1], map, 'up').indices)).toEqual([0, 2, 3, 0, 3, 1]);
  });

  it('gives each quilt patch column and row its own segment count', () => {
    const points: Vec2[] = [];
    for (let r = 0; r < 4; r++) for (let c = 0; c < 7; c++) points.push([c * 10, r * 10]);
    const quilt = createQuiltWarp({ points, rows: 4, cols: 7, sliceX: [0, 30, 60], sliceY: [0, 30] });
    const mesh = buildQuiltMesh(quilt, { cols: [1, 4], rows: [2] });
    expect(mesh.cols).toBe(5);
    expect(mesh.rows).toBe(2);
    const us = Array.from({ length: 6 }, (_, i) => mesh.uvs[2 * i]!);
    expect(us.map((u) => +u.toFixed(4))).toEqual([0, 0.5, 0.625, 0.75, 0.875, 1]);
  });
});
