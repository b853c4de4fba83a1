/**
 * Whether a warp mesh covers any point twice: such a layer must be composited in a buffer first
 * (front fold over back fold); one that never does may be blended straight from its mesh.
 */
import { describe, expect, test } from 'vitest';
import { buildLayerMesh } from '../../../../engine/render/mockup/layer-mesh';
import { meshOverlapsItself, trianglesOverlap } from '../../../../engine/render/mockup/mesh-overlap';
import { withSkirt } from '../../../../engine/render/mockup/mesh-outline';
import type { SmartObjectLayer } from '../../../../engine/model';

function mesh(tris: number[][]) {
  return { positions: new Float32Array(tris.flat()), indices: new Uint32Array(tris.flatMap((_, t) => [3 * t, 3 * t + 1, 3 * t + 2])) };
}

/** A custom 4x4 warp over 400x300 with its inner points pushed by (dx, dy). */
function customWarp(dx: number, dy: number): SmartObjectLayer {
  const points = [];
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) {
      const inner = (r === 1 || r === 2) && (c === 1 || c === 2);
      points.push({ x: 100 + (400 * c) / 3 + (inner ? dx * (c - 1.5) : 0), y: 50 + (300 * r) / 3 + (inner ? dy * (r - 1.5) : 0) });
    }
  return {
    T: 'SmartObject',
    M: { kind: 'bezier' },
    PS: { kind: 'custom', points },
    OS: { w: 400, h: 300 },
    PPC: [],
    F: { kind: 'flat', flatId: 'f' },
    blend: 5,
    opacity: 1,
  };
}

describe('triangle pairs', () => {
  test('triangles sharing an edge or a corner touch without overlapping', () => {
    expect(trianglesOverlap([0, 0, 10, 0, 0, 10], [10, 0, 10, 10, 0, 10])).toBe(false);
    expect(trianglesOverlap([0, 0, 10, 0, 0, 10], [10, 0, 20, 0, 20, 10])).toBe(false);
  });
  test('a sliver of overlap is overlap', () => {
    expect(trianglesOverlap([0, 0, 10, 0, 0, 10], [9.99, 0, 20, 0, 9.99, 10])).toBe(true);
    expect(trianglesOverlap([0, 0, 10, 0, 0, 10], [2, 2, 3, 2, 2, 3])).toBe(true);
  });
});

describe('meshOverlapsItself', () => {
  test('a grid warp, with and without its skirt, never covers a point twice', () => {
    const m = buildLayerMesh(customWarp(40, 30), 1);
    expect(m.indices.length / 3).toBeGreaterThan(100);
    expect(meshOverlapsItself(m)).toBe(false);
    expect(meshOverlapsItself(withSkirt(m, 1))).toBe(false);
  });
  test('a warp whose inner points cross over folds onto itself', () => {
    // Inner columns pushed past each other: the middle of the picture turns over.
    expect(meshOverlapsItself(buildLayerMesh(customWarp(-1200, 0), 1))).toBe(true);
  });
  test('a triangle drawn twice overlaps; a zero-area one on top draws nothing and does not', () => {
    expect(
      meshOverlapsItself(
        mesh([
          [0, 0, 10, 0, 0, 10],
          [0, 0, 10, 0, 0, 10],
        ]),
      ),
    ).toBe(true);
    expect(
      meshOverlapsItself(
        mesh([
          [0, 0, 10, 0, 0, 10],
          [1, 1, 5, 5, 3, 3],
        ]),
      ),
    ).toBe(false);
  });
  test('overlap between triangles far apart in the list and in different grid cells is found', () => {
    const tris: number[][] = [];
    for (let i = 0; i < 50; i++) tris.push([i * 10, 0, i * 10 + 10, 0, i * 10, 10]);
    expect(meshOverlapsItself(mesh(tris))).toBe(false);
    // A long thin triangle across many cells, overlapping the 40th.
    tris.push([395, 1, 405, 1, 399, 3]);
    expect(meshOverlapsItself(mesh(tris))).toBe(true);
  });
});
