/**
 * The outline of a warp mesh (edges of one triangle only, matched by position) and the skirt
 * that carries the edge's texture past it, which coverage antialiasing draws under its mask.
 */
import { describe, expect, test } from 'vitest';
import { outlineEdges, outlineLoops, withSkirt } from '../../../../engine/render/mockup/mesh-outline';
import { grid } from './grid-mesh';

describe('outline', () => {
  test('a grid’s outline is its border, one loop through every border vertex', () => {
    const mesh = grid(3, 2);
    expect(outlineEdges(mesh)).toHaveLength(10);
    const loops = outlineLoops(mesh);
    expect(loops).toHaveLength(1);
    expect(loops[0]).toHaveLength(10);
    for (const [x, y] of loops[0]!) expect(x === 0 || x === 30 || y === 0 || y === 20).toBe(true);
  });

  test('a seam where patches repeat their shared vertices is not an outline', () => {
    const mesh = grid(3, 2, 1);
    expect(mesh.positions.length).toBeGreaterThan(grid(3, 2).positions.length);
    expect(outlineEdges(mesh)).toHaveLength(10);
    expect(outlineLoops(mesh)).toHaveLength(1);
  });
});

describe('skirt', () => {
  test('every border vertex gets a copy `width` outside, with its texture coordinates', () => {
    const mesh = grid(2, 2);
    const skirted = withSkirt(mesh, 1);
    const added = skirted.positions.length / 2 - mesh.positions.length / 2;
    expect(added).toBe(8);
    // Two triangles per border edge.
    expect(skirted.indices.length - mesh.indices.length).toBe(8 * 6);
    for (let i = mesh.positions.length / 2; i < skirted.positions.length / 2; i++) {
      const x = skirted.positions[2 * i]!;
      const y = skirted.positions[2 * i + 1]!;
      // Outside the 20x20 square by 1 px across a side, and by 1 px on both axes at a corner.
      const dx = x < 0 ? -x : x > 20 ? x - 20 : 0;
      const dy = y < 0 ? -y : y > 20 ? y - 20 : 0;
      expect(Math.max(dx, dy)).toBeCloseTo(1, 5);
      const u = skirted.uvq[3 * i]!;
      const v = skirted.uvq[3 * i + 1]!;
      expect(u).toBeCloseTo(Math.min(1, Math.max(0, x / 20)), 5);
      expect(v).toBeCloseTo(Math.min(1, Math.max(0, y / 20)), 5);
    }
    // The mesh's own vertices and bounds are unchanged.
    expect([...skirted.positions.subarray(0, mesh.positions.length)]).toEqual([...mesh.positions]);
    expect(skirted.bounds).toEqual(mesh.bounds);
  });
});
