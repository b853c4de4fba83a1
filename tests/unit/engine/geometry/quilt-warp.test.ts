import { describe, it, expect } from 'vitest';
import {
  buildQuiltMesh,
  createQuiltWarp,
  evaluatePatch,
  evaluateQuilt,
  evaluateQuiltNormalized,
  locateQuiltPatch,
  quiltDerivatives,
  quiltFromPsdWarp,
  type Vec2,
} from '../../../../engine/geometry';

/** Regular 7x7 grid over 600x300 with uneven slices, then wobbled so patches really curve. */
function grid7(wobble: boolean): Vec2[] {
  const xs = [0, 50, 100, 150, 300, 450, 600]; // patch 0: 0..150, patch 1: 150..600
  const ys = [0, 40, 80, 120, 180, 240, 300]; // patch 0: 0..120, patch 1: 120..300
  const pts: Vec2[] = [];
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const i = r * 7 + c;
      pts.push(wobble ? [xs[c]! + ((i * 37) % 17) - 8, ys[r]! + ((i * 29) % 13) - 6] : [xs[c]!, ys[r]!]);
    }
  }
  return pts;
}

const slices = { sliceX: [0, 150, 600], sliceY: [0, 120, 300] };

describe('createQuiltWarp validation', () => {
  it('accepts 4+3n grids and splits them into patches', () => {
    const q = createQuiltWarp({ points: grid7(false), rows: 7, cols: 7, ...slices });
    expect(q.patchRows).toBe(2);
    expect(q.patchCols).toBe(2);
    expect(q.patches).toHaveLength(4);
    // Patch (1,1) starts at control row 3, col 3.
    expect(q.patches[3]![0]).toEqual(grid7(false)[3 * 7 + 3]);
  });

  it('rejects counts that are not 4+3n', () => {
    const pts = Array.from({ length: 30 }, (): Vec2 => [0, 0]);
    expect(() => createQuiltWarp({ points: pts, rows: 5, cols: 6, sliceX: [0, 1], sliceY: [0, 1] })).toThrow(/rows must be 4 \+ 3n/);
    expect(() => createQuiltWarp({ points: grid7(false), rows: 7, cols: 8, ...slices })).toThrow(/cols must be 4 \+ 3n/);
  });

  it('rejects a point count that does not match rows*cols', () => {
    expect(() => createQuiltWarp({ points: grid7(false).slice(1), rows: 7, cols: 7, ...slices })).toThrow(/49 control points/);
  });

  it('rejects slices that do not match the patch count or do not increase', () => {
    expect(() => createQuiltWarp({ points: grid7(false), rows: 7, cols: 7, sliceX: [0, 600], sliceY: [0, 120, 300] })).toThrow(
      /sliceX must have 3 values for 2 patches/,
    );
    expect(() => createQuiltWarp({ points: grid7(false), rows: 7, cols: 7, sliceX: [0, 700, 600], sliceY: [0, 120, 300] })).toThrow(
      /strictly increasing/,
    );
    expect(() => createQuiltWarp({ points: grid7(false), rows: 7, cols: 7, sliceX: [], sliceY: [0, 120, 300] })).toThrow(/no source size/);
  });
});

describe('quilt evaluation', () => {
  it('is the identity map for a regular grid laid on the slices', () => {
    const q = createQuiltWarp({ points: grid7(false), rows: 7, cols: 7, ...slices });
    for (const [x, y] of [
      [0, 0],
      [75, 60],
      [149, 119],
      [150, 120],
      [151, 121],
      [420, 250],
      [600, 300],
    ] as const) {
      const [px, py] = evaluateQuilt(q, x, y);
      expect(px).toBeCloseTo(x, 9);
      expect(py).toBeCloseTo(y, 9);
    }
  });

  it('locates the containing patch and local parameters from the slices', () => {
    const q = createQuiltWarp({ points: grid7(true), rows: 7, cols: 7, ...slices });
    expect(locateQuiltPatch(q, 75, 30)).toEqual({ patchRow: 0, patchCol: 0, u: 0.5, v: 0.25 });
    expect(locateQuiltPatch(q, 375, 210)).toEqual({ patchRow: 1, patchCol: 1, u: 0.5, v: 0.5 });
    const [x, y] = evaluateQuilt(q, 375, 210);
    const [ex, ey] = evaluatePatch(q.patches[3]!, 0.5, 0.5);
    expect(x).toBe(ex);
    expect(y).toBe(ey);
  });

  it('is continuous across the shared edge of neighbouring patches (n=1, 7x7 points)', () => {
    const q = createQuiltWarp({ points: grid7(true), rows: 7, cols: 7, ...slices });
    for (const y of [0, 37, 120, 199, 300]) {
      const left = evaluatePatch(q.patches[y < 120 ? 0 : 2]!, 1, y < 120 ? y / 120 : (y - 120) / 180);
      const right = evaluatePatch(q.patches[y < 120 ? 1 : 3]!, 0, y < 120 ? y / 120 : (y - 120) / 180);
      expect(right[0]).toBeCloseTo(left[0], 9);
      expect(right[1]).toBeCloseTo(left[1], 9);
      const before = evaluateQuilt(q, 150 - 1e-7, y);
      const after = evaluateQuilt(q, 150 + 1e-7, y);
      expect(Math.hypot(after[0] - before[0], after[1] - before[1])).toBeLessThan(1e-4);
    }
    for (const x of [0, 80, 150, 333, 600]) {
      const above = evaluateQuilt(q, x, 120 - 1e-7);
      const below = evaluateQuilt(q, x, 120 + 1e-7);
      expect(Math.hypot(below[0] - above[0], below[1] - above[1])).toBeLessThan(1e-4);
    }
  });

  it('gives derivatives per source px', () => {
    const q = createQuiltWarp({ points: grid7(false), rows: 7, cols: 7, ...slices });
    const { dx, dy } = quiltDerivatives(q, 400, 50);
    expect(dx[0]).toBeCloseTo(1, 9);
    expect(dx[1]).toBeCloseTo(0, 9);
    expect(dy[0]).toBeCloseTo(0, 9);
    expect(dy[1]).toBeCloseTo(1, 9);
  });
});

describe('quiltFromPsdWarp', () => {
  it('reads ag-psd customEnvelopeWarp with deform counts and slices', () => {
    const pts = grid7(true);
    const q = quiltFromPsdWarp(
      {
        deformNumRows: 7,
        deformNumCols: 7,
        customEnvelopeWarp: { quiltSliceX: slices.sliceX, quiltSliceY: slices.sliceY, meshPoints: pts.map(([x, y]) => ({ x, y })) },
      },
      600,
      300,
    );
    expect(evaluateQuilt(q, 0, 0)).toEqual(pts[0]);
    expect(evaluateQuilt(q, 600, 300)).toEqual(pts[48]);
  });

  it('treats a plain custom warp (no counts, empty slices) as one 4x4 patch over the source', () => {
    const pts: Vec2[] = [];
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) pts.push([c * 100, r * 50]);
    const q = quiltFromPsdWarp(
      { customEnvelopeWarp: { quiltSliceX: [], quiltSliceY: [], meshPoints: pts.map(([x, y]) => ({ x, y })) } },
      300,
      150,
    );
    const [x, y] = evaluateQuilt(q, 120, 30);
    expect(x).toBeCloseTo(120, 9);
    expect(y).toBeCloseTo(30, 9);
  });
});

describe('buildQuiltMesh', () => {
  it('puts every patch boundary on a grid line and samples the surface', () => {
    const q = createQuiltWarp({ points: grid7(true), rows: 7, cols: 7, ...slices });
    const mesh = buildQuiltMesh(q, { cols: 20, rows: 20 });
    const us = Array.from({ length: mesh.cols + 1 }, (_, i) => mesh.uvs[i * 2]!);
    expect(us[0]).toBe(0);
    expect(us[us.length - 1]).toBe(1);
    expect(us.some((u) => Math.abs(u - 150 / 600) < 1e-6)).toBe(true);
    // Segments shared by source width: 150/600 of 20 → 5, the rest → 15.
    expect(mesh.cols).toBe(20);
    expect(mesh.indices.length).toBe(mesh.cols * mesh.rows * 6);
    for (let k = 0; k < mesh.positions.length; k += 2) {
      const [x, y] = evaluateQuiltNormalized(q, mesh.uvs[k]!, mesh.uvs[k + 1]!);
      expect(mesh.positions[k]).toBeCloseTo(x, 2);
      expect(mesh.positions[k + 1]).toBeCloseTo(y, 2);
    }
  });
});
