/**
 * A warp mesh's triangles sorted by its coverage mask: the fully covered ones first (drawn without
 * reading the mask), then the partly covered ones; the uncovered ones are left out.
 */
import { describe, expect, test } from 'vitest';
import { splitByCoverage } from '../../../../engine/render/mockup/coverage-split';
import { grid } from './grid-mesh';

/** A mask over `rect` (output px) of 255 inside the box [x0, x1) x [y0, y1), `edge` on its border, 0 outside. */
function mask(rect: { x: number; y: number; width: number; height: number }, x0: number, y0: number, x1: number, y1: number, edge = 128) {
  const a = new Uint8Array(rect.width * rect.height);
  for (let y = rect.y; y < rect.y + rect.height; y++)
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const inside = x >= x0 && x < x1 && y >= y0 && y < y1;
      const border = inside && (x === x0 || x === x1 - 1 || y === y0 || y === y1 - 1);
      a[(y - rect.y) * rect.width + (x - rect.x)] = border ? edge : inside ? 255 : 0;
    }
  return a;
}

describe('splitByCoverage', () => {
  const mesh = grid(8, 8); // 80x80 view px, 128 triangles
  const rect = { x: 0, y: 0, width: 160, height: 160 };

  test('a mask covering the whole mesh with a soft rim: the inner triangles are covered, the rim ones partial', () => {
    // At 2 output px per view px the mesh spans 0..160; the rim is the mask's outer pixel ring.
    const split = splitByCoverage(mesh, mask(rect, 0, 0, 160, 160), rect, 2, 2);
    expect(split.covered + split.partial).toBe(128);
    // Triangles of the 28 border cells touch the rim (or lie within a pixel of it).
    expect(split.partial).toBe(2 * 28);
    expect(split.covered).toBe(2 * 36);
    expect(split.mesh.indices.length).toBe(3 * 128);
  });

  test('a clip leaving the right half uncovered drops its triangles; the cells the clip cuts are partial', () => {
    // A mask reaching past the mesh on every side, so only the clip's edge is partial.
    const wide = { x: -20, y: -20, width: 200, height: 200 };
    const split = splitByCoverage(mesh, mask(wide, -20, -20, 85, 180, 255), wide, 2, 2);
    // Columns 0-3 (0..80 output px) are covered but the ones within a pixel of x = 85 are partial;
    // columns 5-7 (100..160) are dropped.
    expect(split.covered).toBe(2 * 8 * 4);
    expect(split.partial).toBe(2 * 8);
    const drawn = new Set(split.mesh.indices);
    // No vertex right of x = 50 view px (column 5 onwards) is used.
    for (const v of drawn) expect(mesh.positions[2 * v]!).toBeLessThanOrEqual(50);
  });

  test('triangles reaching past the mask rect are not fully covered; the order keeps every triangle whole', () => {
    const small = { x: 10, y: 10, width: 100, height: 100 };
    const split = splitByCoverage(mesh, mask(small, 0, 0, 1000, 1000, 255), small, 2, 2);
    const covered = split.mesh.indices.slice(0, 3 * split.covered);
    for (let t = 0; t < covered.length; t += 3) {
      const xs = [0, 1, 2].map((k) => 2 * mesh.positions[2 * covered[t + k]!]!);
      const ys = [0, 1, 2].map((k) => 2 * mesh.positions[2 * covered[t + k]! + 1]!);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(11);
      expect(Math.max(...xs)).toBeLessThanOrEqual(109);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(11);
      expect(Math.max(...ys)).toBeLessThanOrEqual(109);
    }
    expect(split.covered).toBeGreaterThan(0);
    expect(() => splitByCoverage(mesh, new Uint8Array(3), small, 2, 2)).toThrow(/mask size/);
  });
});
