import { describe, it, expect } from 'vitest';
import {
  buildPatchMesh,
  chooseMeshDensity,
  evaluatePatch,
  identityPatch,
  patchDerivatives,
  patchFromMeshPoints,
  type Vec2,
} from '../../../../engine/geometry';

/** A visibly warped patch: the identity grid with interior and edge points pushed around. */
function warpedPatch(): Vec2[] {
  return identityPatch(10, 20, 300, 150).map(([x, y], i): Vec2 => [x + ((i * 37) % 23) - 11, y + ((i * 53) % 19) - 9]);
}

describe('evaluatePatch', () => {
  it('maps (u,v) linearly when the control points form a regular grid', () => {
    const p = identityPatch(10, 20, 300, 150);
    for (const [u, v] of [
      [0, 0],
      [0.25, 0.5],
      [0.5, 0.5],
      [0.9, 0.1],
      [1, 1],
      [0.33, 0.77],
    ] as const) {
      const [x, y] = evaluatePatch(p, u, v);
      expect(x).toBeCloseTo(10 + 300 * u, 10);
      expect(y).toBeCloseTo(20 + 150 * v, 10);
    }
  });

  it('hits the four corner control points exactly', () => {
    const p = warpedPatch();
    expect(evaluatePatch(p, 0, 0)).toEqual(p[0]);
    expect(evaluatePatch(p, 1, 0)).toEqual(p[3]);
    expect(evaluatePatch(p, 0, 1)).toEqual(p[12]);
    expect(evaluatePatch(p, 1, 1)).toEqual(p[15]);
  });

  it('reads points row-major: the top edge (v=0) is the cubic through points 0..3', () => {
    const p = warpedPatch();
    const [p0, p1, p2, p3] = [p[0]!, p[1]!, p[2]!, p[3]!];
    const t = 0.3;
    const s = 1 - t;
    const expected = [0, 1].map((k) => s ** 3 * p0[k]! + 3 * s * s * t * p1[k]! + 3 * s * t * t * p2[k]! + t ** 3 * p3[k]!);
    const [x, y] = evaluatePatch(p, t, 0);
    expect(x).toBeCloseTo(expected[0]!, 10);
    expect(y).toBeCloseTo(expected[1]!, 10);
  });

  it('rejects a control net that is not 4x4', () => {
    expect(() => buildPatchMesh(identityPatch(0, 0, 1, 1).slice(0, 15), { cols: 20, rows: 20 })).toThrow(/16 control points/);
    expect(() => patchFromMeshPoints([{ x: 0, y: 0 }])).toThrow(/16 control points/);
  });
});

describe('patchDerivatives', () => {
  it('is constant (width, height) for the identity grid', () => {
    const { du, dv } = patchDerivatives(identityPatch(0, 0, 300, 150), 0.4, 0.7);
    expect(du[0]).toBeCloseTo(300, 9);
    expect(du[1]).toBeCloseTo(0, 9);
    expect(dv[0]).toBeCloseTo(0, 9);
    expect(dv[1]).toBeCloseTo(150, 9);
  });

  it('matches central finite differences on a warped patch', () => {
    const p = warpedPatch();
    const h = 1e-6;
    const { du, dv } = patchDerivatives(p, 0.37, 0.61);
    const a = evaluatePatch(p, 0.37 + h, 0.61);
    const b = evaluatePatch(p, 0.37 - h, 0.61);
    const c = evaluatePatch(p, 0.37, 0.61 + h);
    const d = evaluatePatch(p, 0.37, 0.61 - h);
    expect(du[0]).toBeCloseTo((a[0] - b[0]) / (2 * h), 4);
    expect(du[1]).toBeCloseTo((a[1] - b[1]) / (2 * h), 4);
    expect(dv[0]).toBeCloseTo((c[0] - d[0]) / (2 * h), 4);
    expect(dv[1]).toBeCloseTo((c[1] - d[1]) / (2 * h), 4);
  });
});

describe('chooseMeshDensity', () => {
  it('never samples below the spec 20x20', () => {
    expect(chooseMeshDensity(100, 50)).toEqual({ cols: 20, rows: 20 });
    expect(chooseMeshDensity(0, 0)).toEqual({ cols: 20, rows: 20 });
  });

  it('adds segments so none spans more than 16 px, up to a cap', () => {
    const d = chooseMeshDensity(1000, 640);
    expect(d.cols).toBe(63);
    expect(d.rows).toBe(40);
    expect(1000 / d.cols).toBeLessThanOrEqual(16);
    expect(chooseMeshDensity(20000, 5000)).toEqual({ cols: 128, rows: 128 });
  });
});

describe('buildPatchMesh', () => {
  it('produces (cols+1)(rows+1) vertices on the surface and 2 triangles per cell', () => {
    const p = warpedPatch();
    const mesh = buildPatchMesh(p, { cols: 20, rows: 10 });
    expect(mesh.positions.length).toBe(21 * 11 * 2);
    expect(mesh.uvs.length).toBe(21 * 11 * 2);
    expect(mesh.indices.length).toBe(20 * 10 * 6);
    expect(Math.max(...mesh.indices)).toBe(21 * 11 - 1);
    // Vertex 7 of row 4: uv (7/20, 4/10) and its position is the surface point there.
    const k = (4 * 21 + 7) * 2;
    expect(mesh.uvs[k]).toBeCloseTo(7 / 20, 6);
    expect(mesh.uvs[k + 1]).toBeCloseTo(0.4, 6);
    const [x, y] = evaluatePatch(p, 7 / 20, 0.4);
    expect(mesh.positions[k]).toBeCloseTo(x, 3);
    expect(mesh.positions[k + 1]).toBeCloseTo(y, 3);
  });

  it('covers the target rectangle with no gaps for the identity patch (triangle areas sum to w*h)', () => {
    const mesh = buildPatchMesh(identityPatch(0, 0, 200, 100), { cols: 20, rows: 20 });
    let area = 0;
    for (let t = 0; t < mesh.indices.length; t += 3) {
      const [a, b, c] = [mesh.indices[t]!, mesh.indices[t + 1]!, mesh.indices[t + 2]!];
      const ax = mesh.positions[a * 2]!,
        ay = mesh.positions[a * 2 + 1]!;
      const bx = mesh.positions[b * 2]!,
        by = mesh.positions[b * 2 + 1]!;
      const cx = mesh.positions[c * 2]!,
        cy = mesh.positions[c * 2 + 1]!;
      area += Math.abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2;
    }
    expect(area).toBeCloseTo(200 * 100, 3);
  });
});
