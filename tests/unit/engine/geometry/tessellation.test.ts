import { describe, expect, it } from 'vitest';
import {
  buildGridMesh,
  buildQuiltMesh,
  createQuiltWarp,
  identityPatch,
  patchDeviation,
  photoshopPatchSegments,
  segmentsForDeviation,
  type Vec2,
} from '../../../../engine/geometry';

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
    // The control points of the two measured documents as placed (a 1024 px source drawn at
    // 250x250 and 300x250), which Photoshop cut 8x8 and 8x16.
    const third = 50 / 3;
    const inflate: Vec2[] = [
      [50, 50],
      [116.7, third],
      [183.3, third],
      [250, 50],
      [third, 116.7],
      [105.6, 105.6],
      [194.4, 105.6],
      [283.3, 116.7],
      [third, 183.3],
      [105.6, 194.4],
      [194.4, 194.4],
      [283.3, 183.3],
      [50, 250],
      [116.7, 283.3],
      [183.3, 283.3],
      [250, 250],
    ];
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
    expect(photoshopPatchSegments(inflate)).toEqual({ cols: 8, rows: 8 });
    expect(photoshopPatchSegments(squeeze)).toEqual({ cols: 8, rows: 16 });
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
