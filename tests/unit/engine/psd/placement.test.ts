/**
 * Placement as Photoshop does it: the bounding box of a warp's control points lands on the
 * layer's transform quad. The numbers of the first case are those of a Photoshop-saved document
 * (ag-psd's mesh-transform sample) whose warp reaches past its bounds.
 */
import { describe, expect, it } from 'vitest';
import type { PlacedLayer } from 'ag-psd';
import { placementOf } from '../../../../engine/psd';
import { applyAffine, applyHomography, evaluatePatch } from '../../../../engine/geometry';
import type { Point } from '../../../../engine/model/types';

const bounds = (w: number, h: number, x = 0, y = 0) => ({
  top: { value: y, units: 'Pixels' as const },
  left: { value: x, units: 'Pixels' as const },
  bottom: { value: y + h, units: 'Pixels' as const },
  right: { value: x + w, units: 'Pixels' as const },
});
const box = (points: readonly Point[]) => ({
  minX: Math.min(...points.map((p) => p.x)),
  maxX: Math.max(...points.map((p) => p.x)),
  minY: Math.min(...points.map((p) => p.y)),
  maxY: Math.max(...points.map((p) => p.y)),
});

// Photoshop's own numbers: source 358x162, control points to x 367.58 and y -62.39..135.03.
const MESH = [
  [0, 0],
  [109.88, -37.95],
  [232.92, -62.39],
  [358, 0],
  [9.68, 51.07],
  [96.75, 28.67],
  [245.7, 16.76],
  [367.58, 48.08],
  [0, 108],
  [110.16, 70.64],
  [242.8, 61.65],
  [358, 108],
  [14.18, 135.03],
  [112.84, 119.58],
  [245.74, 111.73],
  [364.56, 129.17],
].map(([x, y]) => ({ x: x!, y: y! }));
const photoshopLayer = (transform: number[], extra: Partial<PlacedLayer> = {}): PlacedLayer =>
  ({
    id: 'a',
    placed: 'b',
    type: 'raster',
    width: 358,
    height: 162,
    transform,
    warp: { style: 'custom', bounds: bounds(358, 162), uOrder: 4, vOrder: 4, customEnvelopeWarp: { meshPoints: MESH } },
    ...extra,
  }) as PlacedLayer;

describe('PSD placement', () => {
  it('lands the bounding box of a warp that reaches past its bounds on the transform quad', () => {
    const p = placementOf(photoshopLayer([225, -3.3927, 592.5793, -3.3927, 592.5793, 194.0281, 225, 194.0281]), 'transform');
    expect(p.M).toEqual({ kind: 'bezier' });
    expect(p.warp).toBe('custom 4x4');
    const b = box(p.PS!.points);
    expect(b.minX).toBeCloseTo(225, 2);
    expect(b.maxX).toBeCloseTo(592.58, 1);
    expect(b.minY).toBeCloseTo(-3.39, 1);
    expect(b.maxY).toBeCloseTo(194.03, 1);
    // The source's top-left corner sits 62.39 px below the box top (scale 1), not at the quad corner.
    expect(p.PS!.points[0]!.y).toBeCloseTo(-3.39 + 62.39, 1);
  });

  it('follows a mirrored and a rotated transform', () => {
    const flipped = placementOf(photoshopLayer([592.5793, -3.3927, 225, -3.3927, 225, 194.0281, 592.5793, 194.0281]), 'flipped');
    // Flipped horizontally: the source's left edge (x 0 in the warp frame) is now on the right.
    expect(flipped.PS!.points[0]!.x).toBeCloseTo(592.58, 1);
    expect(flipped.PS!.points[3]!.x).toBeCloseTo(592.58 - 358, 1);
    const quarter = placementOf(photoshopLayer([300, 100, 300, 467.58, 102.58, 467.58, 102.58, 100]), 'rotated');
    // Rotated 90° clockwise: warp x runs down the view, warp y runs right to left.
    const b = box(quarter.PS!.points);
    expect(b.minX).toBeCloseTo(102.58, 1);
    expect(b.maxY).toBeCloseTo(467.58, 1);
    expect(quarter.PS!.points[3]!.y - quarter.PS!.points[0]!.y).toBeCloseTo(358, 1);
  });

  it('reads a warp stored in another frame than the source (bounds offset and scaled)', () => {
    const scaled = MESH.map((p) => ({ x: 100 + p.x * 2, y: 50 + p.y * 2 }));
    const p = placementOf(
      {
        ...photoshopLayer([225, -3.3927, 592.5793, -3.3927, 592.5793, 194.0281, 225, 194.0281]),
        warp: { style: 'custom', bounds: bounds(716, 324, 100, 50), customEnvelopeWarp: { meshPoints: scaled } },
      } as PlacedLayer,
      'scaled',
    );
    const reference = placementOf(photoshopLayer([225, -3.3927, 592.5793, -3.3927, 592.5793, 194.0281, 225, 194.0281]), 'plain');
    p.PS!.points.forEach((q, i) => {
      expect(q.x).toBeCloseTo(reference.PS!.points[i]!.x, 6);
      expect(q.y).toBeCloseTo(reference.PS!.points[i]!.y, 6);
    });
  });

  it('keeps quilt slices in source pixels when the warp frame is offset', () => {
    const grid = Array.from({ length: 7 * 4 }, (_, i) => ({
      x: 10 + ((i % 4) * 200) / 3 + (i === 13 ? 40 : 0),
      y: 20 + (Math.floor(i / 4) * 100) / 6,
    }));
    const p = placementOf(
      {
        id: 'q',
        type: 'raster',
        width: 100,
        height: 50,
        transform: [0, 0, 240, 0, 240, 100, 0, 100],
        warp: {
          style: 'custom',
          bounds: bounds(200, 100, 10, 20),
          deformNumRows: 7,
          deformNumCols: 4,
          customEnvelopeWarp: { meshPoints: grid, quiltSliceX: [10, 210], quiltSliceY: [20, 70, 120] },
        },
      } as PlacedLayer,
      'quilt',
    );
    expect(p.PS).toMatchObject({ kind: 'quilt', quiltSliceX: [0, 100], quiltSliceY: [0, 25, 50] });
    expect(p.warp).toBe('quilt 7x4');
  });

  it('keeps a warp under perspective exact: control points in the warp frame and the projection apart', () => {
    const p = placementOf(
      photoshopLayer([225, -3.3927, 592.5793, -3.3927, 592.5793, 194.0281, 225, 194.0281], {
        nonAffineTransform: [235, 10, 580, -3.3927, 592.5793, 194.0281, 225, 180],
      }),
      'perspective',
    );
    expect(p.M.kind).toBe('bezier');
    const projection = p.M.kind === 'bezier' ? p.M.projection : undefined;
    expect(projection).toHaveLength(9);
    const project = (p: readonly [number, number]) => applyHomography(projection!, p);
    // The control box's corners land on the perspective quad's corners.
    const [tl, br] = [project([0, -62.39]), project([367.58, 135.03])];
    expect(tl[0]).toBeCloseTo(235, 1);
    expect(tl[1]).toBeCloseTo(10, 1);
    expect(br[0]).toBeCloseTo(592.58, 1);
    expect(br[1]).toBeCloseTo(194.03, 1);
    // Control points themselves stay as Photoshop stored them.
    expect(p.PS!.points[7]).toEqual({ x: 367.58, y: 48.08 });
    // The warped surface's centre is projected, not the control net's.
    const centre = evaluatePatch(
      p.PS!.points.map((q) => [q.x, q.y] as const),
      0.5,
      0.5,
    );
    expect(Number.isFinite(project(centre)[0]!)).toBe(true);
  });

  it('maps an unwarped placement from its source rectangle', () => {
    const p = placementOf(
      {
        id: 'x',
        type: 'raster',
        width: 200,
        height: 100,
        transform: [50, 40, 250, 60, 230, 160, 30, 140],
        warp: { style: 'none', bounds: bounds(200, 100) },
      } as PlacedLayer,
      'label',
    );
    expect(p.M.kind).toBe('affine');
    if (p.M.kind !== 'affine') return;
    const at = (x: number, y: number) => applyAffine(p.M.kind === 'affine' ? p.M.matrix : [1, 0, 0, 1, 0, 0], [x, y]);
    expect(at(200, 0)[0]).toBeCloseTo(250, 6);
    expect(at(200, 100)[1]).toBeCloseTo(160, 6);
    expect(at(0, 100)[0]).toBeCloseTo(30, 6);
  });

  it('names a warp style it does not know', () => {
    expect(() =>
      placementOf(
        {
          id: 'x',
          type: 'raster',
          width: 10,
          height: 10,
          transform: [0, 0, 10, 0, 10, 10, 0, 10],
          warp: { style: 'spiral' as never },
        } as PlacedLayer,
        'odd',
      ),
    ).toThrow(/odd: warp style 'spiral'/);
  });
});
