import { describe, it, expect } from 'vitest';
import {
  buildCylinderMesh,
  chooseCylinderColumns,
  cylinderPoint,
  cylinderShade,
  sampleCylinder,
  visibleURange,
  type CylinderView,
} from '../../../../engine/geometry';

const mug: CylinderView = { centerX: 500, radius: 200, topY: 100, bottomY: 400, arcDegrees: 180 };

describe('cylinder mapping', () => {
  it('maps the centre column to the axis and the edges to ±radius for a 180° arc', () => {
    for (const v of [0, 0.3, 1]) {
      expect(cylinderPoint(mug, 0.5, v)[0]).toBeCloseTo(500, 9);
      expect(cylinderPoint(mug, 0, v)[0]).toBeCloseTo(300, 9);
      expect(cylinderPoint(mug, 1, v)[0]).toBeCloseTo(700, 9);
    }
    // Approaching the edge, x tends to the silhouette.
    expect(cylinderPoint(mug, 0.999, 0)[0]).toBeGreaterThan(699.9);
  });

  it('compresses the print towards the silhouette (sin spacing)', () => {
    const step = (u0: number, u1: number): number => cylinderPoint(mug, u1, 0)[0] - cylinderPoint(mug, u0, 0)[0];
    expect(step(0.5, 0.55)).toBeGreaterThan(step(0.9, 0.95) * 4);
    // u = 0.75 is 45° round: x = cx + r·sin45.
    expect(cylinderPoint(mug, 0.75, 0)[0]).toBeCloseTo(500 + 200 * Math.SQRT1_2, 9);
  });

  it('runs v linearly from top to bottom without ellipses', () => {
    expect(cylinderPoint(mug, 0.2, 0)[1]).toBeCloseTo(100, 9);
    expect(cylinderPoint(mug, 0.2, 0.5)[1]).toBeCloseTo(250, 9);
    expect(cylinderPoint(mug, 0.8, 1)[1]).toBeCloseTo(400, 9);
  });

  it('bends edges on ellipses: the front sits lowest, the silhouette on the ellipse centre', () => {
    const view: CylinderView = { ...mug, topEllipse: 20, bottomEllipse: 30 };
    expect(cylinderPoint(view, 0.5, 0)[1]).toBeCloseTo(120, 9);
    expect(cylinderPoint(view, 0, 0)[1]).toBeCloseTo(100, 9);
    expect(cylinderPoint(view, 0.5, 1)[1]).toBeCloseTo(430, 9);
    expect(cylinderPoint(view, 1, 1)[1]).toBeCloseTo(400, 9);
  });

  it('tapers between top and bottom radius', () => {
    const tumbler: CylinderView = { ...mug, radius: 200, radiusBottom: 150 };
    expect(cylinderPoint(tumbler, 1, 0)[0]).toBeCloseTo(700, 9);
    expect(cylinderPoint(tumbler, 1, 1)[0]).toBeCloseTo(650, 9);
    expect(cylinderPoint(tumbler, 1, 0.5)[0]).toBeCloseTo(675, 9);
  });

  it('shades by the cosine of the normal to the viewer', () => {
    expect(cylinderShade(mug, 0.5)).toBeCloseTo(1, 12);
    expect(cylinderShade(mug, 0.75)).toBeCloseTo(Math.SQRT1_2, 12);
    expect(cylinderShade(mug, 1)).toBeCloseTo(0, 12);
    const wide: CylinderView = { ...mug, arcDegrees: 360 };
    expect(sampleCylinder(wide, 0, 0).facing).toBeCloseTo(-1, 12);
    expect(cylinderShade(wide, 0)).toBe(0);
  });
});

describe('buildCylinderMesh', () => {
  it('samples at least 20 columns and at most 100', () => {
    expect(chooseCylinderColumns({ ...mug, radius: 10 })).toBe(20);
    expect(chooseCylinderColumns({ ...mug, radius: 200 })).toBe(50);
    expect(chooseCylinderColumns({ ...mug, radius: 5000 })).toBe(100);
  });

  it('builds a grid with positions, uvs and one shade per vertex', () => {
    const mesh = buildCylinderMesh(mug);
    expect(mesh.cols).toBeGreaterThanOrEqual(20);
    const vertices = (mesh.cols + 1) * (mesh.rows + 1);
    expect(mesh.positions.length).toBe(vertices * 2);
    expect(mesh.shade.length).toBe(vertices);
    expect(mesh.indices.length).toBe(mesh.cols * mesh.rows * 6);
    for (let k = 0; k < vertices; k++) {
      const u = mesh.uvs[k * 2]!;
      const v = mesh.uvs[k * 2 + 1]!;
      const [x, y] = cylinderPoint(mug, u, v);
      expect(mesh.positions[k * 2]).toBeCloseTo(x, 3);
      expect(mesh.positions[k * 2 + 1]).toBeCloseTo(y, 3);
      expect(mesh.shade[k]).toBeCloseTo(cylinderShade(mug, u), 6);
    }
  });

  it('keeps only the front half of arcs wider than 180°', () => {
    const wide: CylinderView = { ...mug, arcDegrees: 360 };
    expect(visibleURange(wide)).toEqual({ u0: 0.25, u1: 0.75 });
    const mesh = buildCylinderMesh(wide, 30, 4);
    expect(mesh.uvs[0]).toBeCloseTo(0.25, 6);
    expect(mesh.uvs[30 * 2]).toBeCloseTo(0.75, 6);
    expect(Math.min(...mesh.shade)).toBeGreaterThanOrEqual(0);
  });

  it('rejects impossible views', () => {
    expect(() => buildCylinderMesh({ ...mug, radius: 0 })).toThrow(/radius/);
    expect(() => buildCylinderMesh({ ...mug, arcDegrees: 0 })).toThrow(/arcDegrees/);
  });
});
