import { describe, expect, it } from 'vitest';
import { writePsdBuffer, type Layer, type Psd } from 'ag-psd';
import { importPsd, readPsdBytes, templateFromPsd } from '../../../../engine/psd';
import { validateTemplate } from '../../../../engine/model';
import { applyAffine, evaluatePatch } from '../../../../engine/geometry';
import type { SmartObjectLayer } from '../../../../engine/model/types';

const ID1 = '20953ddb-9391-11ec-b4f1-c15674f50bc4';
const ID2 = '20953ddb-9391-11ec-b4f1-c15674f50bc5';
const pixels = (w: number, h: number) =>
  ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4).fill(255) }) as unknown as ImageData;
const grid = (n: number, w: number, h: number) =>
  Array.from({ length: n * n }, (_, i) => ({ x: ((i % n) * w) / (n - 1), y: (Math.floor(i / n) * h) / (n - 1) }));

/** Writes a PSD with ag-psd and reads it back, as a file from Photoshop would arrive. */
function roundTrip(children: Layer[], linked = true): Psd {
  const psd: Psd = {
    width: 400,
    height: 300,
    children,
    linkedFiles: linked ? [{ id: ID1, name: 'design.png', data: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]) }] : [],
  } as Psd;
  const bytes = writePsdBuffer(psd, { useImageData: true } as never);
  return readPsdBytes(bytes);
}

const so = (name: string, placed: Record<string, unknown>, extra: Partial<Layer> = {}): Layer => ({
  name,
  left: 0,
  top: 0,
  imageData: pixels(8, 8),
  placedLayer: { id: ID1, type: 'raster', width: 200, height: 100, transform: [50, 40, 250, 40, 250, 140, 50, 140], ...placed } as never,
  ...extra,
});

describe('PSD smart objects → template layers', () => {
  it('reads an affine placement whose matrix maps the source corners onto the transform quad', () => {
    const imported = importPsd(roundTrip([so('label', { transform: [50, 40, 250, 60, 230, 160, 30, 140] })]));
    const layer = imported.layers[0] as SmartObjectLayer;
    expect(layer.M.kind).toBe('affine');
    if (layer.M.kind !== 'affine') return;
    const m = layer.M.matrix;
    const close = (p: readonly number[], q: readonly number[]) => {
      expect(p[0]).toBeCloseTo(q[0]!, 6);
      expect(p[1]).toBeCloseTo(q[1]!, 6);
    };
    close(applyAffine(m, [0, 0]), [50, 40]);
    close(applyAffine(m, [200, 0]), [250, 60]);
    close(applyAffine(m, [200, 100]), [230, 160]);
    expect(layer.OS).toEqual({ w: 200, h: 100 });
    expect(imported.sources[0]?.file?.name).toBe('design.png');
  });

  it('reads a custom warp as a Bezier patch in view pixels', () => {
    const points = grid(4, 200, 100);
    points[5] = { x: 80, y: 20 }; // pull one inner control point
    const imported = importPsd(roundTrip([so('shirt', { warp: { style: 'custom', customEnvelopeWarp: { meshPoints: points } } })]));
    const layer = imported.layers[0] as SmartObjectLayer;
    expect(layer.M.kind).toBe('bezier');
    expect(layer.PS?.kind).toBe('custom');
    const ps = layer.PS!.points;
    expect(ps).toHaveLength(16);
    // Placement is a translation by (50, 40) and scale 1: the corners of the patch land on the quad.
    expect(ps[0]!.x).toBeCloseTo(50, 9);
    expect(ps[0]!.y).toBeCloseTo(40, 9);
    expect(ps[15]!.x).toBeCloseTo(250, 6);
    expect(ps[15]!.y).toBeCloseTo(140, 6);
    expect(ps[5]!.x).toBeCloseTo(130, 6);
    const centre = evaluatePatch(
      ps.map((p) => [p.x, p.y] as const),
      0.5,
      0.5,
    );
    expect(centre[0]).toBeGreaterThan(100);
  });

  it('reads a quilt warp with its slices', () => {
    const imported = importPsd(
      roundTrip([
        so('quilt', {
          warp: {
            style: 'custom',
            deformNumRows: 7,
            deformNumCols: 4,
            customEnvelopeWarp: {
              meshPoints: Array.from({ length: 28 }, (_, i) => ({
                x: ((i % 4) * 200) / 3 + (i === 13 ? 9 : 0),
                y: (Math.floor(i / 4) * 100) / 6,
              })),
              quiltSliceX: [0, 200],
              quiltSliceY: [0, 50, 100],
            },
          },
        }),
      ]),
    );
    const layer = imported.layers[0] as SmartObjectLayer;
    expect(layer.M.kind).toBe('quilt');
    expect(layer.PS).toMatchObject({ kind: 'quilt', rows: 7, cols: 4, quiltSliceY: [0, 50, 100] });
  });

  it('reads a non-affine transform as a perspective quad', () => {
    const imported = importPsd(roundTrip([so('frame', { nonAffineTransform: [60, 40, 240, 50, 250, 140, 50, 150] })]));
    const layer = imported.layers[0] as SmartObjectLayer;
    expect(layer.M).toEqual({
      kind: 'perspective',
      quad: [50, 40, 250, 40, 250, 140, 50, 140],
      nonAffine: [60, 40, 240, 50, 250, 140, 50, 150],
    });
  });

  it('keeps groups, names flats by group path and carries blend mode and opacity', () => {
    const imported = importPsd(
      roundTrip([
        { name: 'photo', left: 0, top: 0, imageData: pixels(8, 8) },
        { name: 'simple_warp', opened: true, children: [so('bbox_change', {}, { blendMode: 'multiply', opacity: 0.8 })] },
      ]),
    );
    expect(imported.layers).toHaveLength(1);
    const group = imported.layers[0]!;
    expect(group.T).toBe('Group');
    if (group.T !== 'Group') return;
    const inner = group.CF[0] as SmartObjectLayer;
    expect(inner.F).toEqual({ kind: 'flat', flatId: 'simple_warp/bbox_change' });
    expect(inner.blend).toBe(6);
    expect(inner.opacity).toBeCloseTo(0.8, 2);
    expect(imported.sources.map((s) => s.path)).toEqual(['simple_warp/bbox_change']);
  });

  it('turns a vector mask into PPC clip commands', () => {
    const knot = (x: number, y: number) => ({ linked: true, points: [x, y, x, y, x, y] });
    const imported = importPsd(
      roundTrip([
        so(
          'masked',
          {},
          {
            vectorMask: {
              paths: [
                {
                  open: false,
                  operation: 'combine',
                  fillRule: 'even-odd',
                  knots: [knot(60, 50), knot(240, 50), knot(240, 130), knot(60, 130)],
                },
              ],
            } as never,
          },
        ),
      ]),
    );
    const ppc = (imported.layers[0] as SmartObjectLayer).PPC!;
    expect(ppc[0]).toMatchObject({ Type: 'M' });
    expect(ppc.filter((c) => c.Type === 'C')).toHaveLength(12);
    expect(ppc.at(-1)?.Type).toBe('Z');
    const anchors = ppc.filter((_, i) => i === 0 || (i % 3 === 0 && ppc[i]?.Type === 'C')).map((c) => [Math.round(c.X), Math.round(c.Y)]);
    expect(anchors).toContainEqual([240, 130]);
  });

  it('reads preset warps as control points and refuses PSDs without smart objects with Data error and a reason', () => {
    const arc = importPsd(
      roundTrip([
        so('arc', {
          warp: {
            style: 'arc',
            value: 20,
            bounds: {
              top: { value: 0, units: 'Pixels' },
              left: { value: 0, units: 'Pixels' },
              bottom: { value: 100, units: 'Pixels' },
              right: { value: 200, units: 'Pixels' },
            },
          },
        }),
      ]),
    );
    expect((arc.layers[0] as SmartObjectLayer).M.kind).toBe('bezier');
    expect(arc.sources[0]?.warp).toBe('preset arc(20)');
    expect(() => importPsd(roundTrip([{ name: 'photo', left: 0, top: 0, imageData: pixels(8, 8) }], false))).toThrow(
      /no smart-object layers/,
    );
  });

  it('builds a template the engine accepts', () => {
    const imported = importPsd(
      roundTrip([
        { name: 'g', children: [so('front', { warp: { style: 'custom', customEnvelopeWarp: { meshPoints: grid(4, 200, 100) } } })] },
        {
          ...so('back', {}),
          placedLayer: { id: ID2, type: 'raster', width: 100, height: 100, transform: [0, 0, 100, 0, 100, 100, 0, 100] } as never,
        },
      ]),
    );
    const result = validateTemplate(templateFromPsd(imported, { photoUrl: '/photo.png' }));
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.flatList.map((f) => f.flatId)).toEqual(['g/front', 'back']);
  });
});
