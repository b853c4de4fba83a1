/**
 * Which mesh a warped layer is drawn with: a smart object from a PSD (`tessellation: 'photoshop'`)
 * is cut as Photoshop cuts it, coarse and the same at every output size; the catalogue's own
 * surfaces keep a fine mesh that follows the exact surface and grows with the output.
 */
import { describe, expect, it } from 'vitest';
import type { Point, SmartObjectLayer } from '../../../../engine/model';
import { buildLayerMesh, quadMirrored } from '../../../../engine/render/mockup/layer-mesh';
import { INFLATE_NET } from '../inflate-net';

// The inflate(50) net Photoshop cut 8x8 (engine/psd/README.md).
const inflate: Point[] = INFLATE_NET.map(([x, y]) => ({ x, y }));

const layer = (tessellation?: 'photoshop'): SmartObjectLayer => ({
  T: 'SmartObject',
  PS: { kind: 'custom', points: inflate },
  OS: { w: 1024, h: 1024 },
  M: { kind: 'bezier' },
  PPC: null,
  F: { kind: 'flat', flatId: 'front' },
  blend: 1,
  opacity: 1,
  ...(tessellation ? { tessellation } : {}),
});

const triangles = (l: SmartObjectLayer, outputScale: number) => buildLayerMesh(l, outputScale).indices.length / 3;

describe('warp tessellation', () => {
  it("cuts a PSD smart object's warp 8x8 as Photoshop did, whatever the output size", () => {
    expect(triangles(layer('photoshop'), 1)).toBe(8 * 8 * 2);
    expect(triangles(layer('photoshop'), 4)).toBe(8 * 8 * 2);
  });

  it('samples the catalogue surfaces at least 20x20, denser for larger outputs', () => {
    expect(triangles(layer(), 1)).toBeGreaterThanOrEqual(20 * 20 * 2);
    expect(triangles(layer(), 8)).toBeGreaterThan(triangles(layer(), 1));
  });
});

// ag-psd's "werps" perspective layer: a 999x999 source foreshortened to the right.
const foreshortened = (tessellation?: 'photoshop'): SmartObjectLayer => ({
  T: 'SmartObject',
  PS: null,
  OS: { w: 999, h: 999 },
  M: {
    kind: 'perspective',
    quad: [699.4, 629.4, 975.9, 629.4, 975.9, 906.9, 699.4, 906.9],
    nonAffine: [699.4, 686.7, 902.6, 629.4, 975.9, 906.9, 699.4, 905],
  },
  PPC: null,
  F: { kind: 'flat', flatId: 'front' },
  blend: 1,
  opacity: 1,
  ...(tessellation ? { tessellation } : {}),
});

describe('perspective tessellation', () => {
  it('cuts a PSD perspective layer into the 8x8 grid Photoshop drew it with, texture linear in view', () => {
    const mesh = buildLayerMesh(foreshortened('photoshop'), 1);
    expect(mesh.indices.length / 3).toBe(8 * 8 * 2);
    // Linear in view space: no per-vertex perspective divide.
    expect([...mesh.uvq.filter((_, i) => i % 3 === 2)].every((q) => q === 1)).toBe(true);
    // The grid's corners sit on the quad's corners.
    expect(mesh.bounds.minX).toBeCloseTo(699.4, 3);
    expect(mesh.bounds.maxX).toBeCloseTo(975.9, 3);
    // Its texture one source row up from the quad's top edge, as Photoshop samples it.
    expect(mesh.uvq[1]).toBeCloseTo(-1 / 999, 6);
    expect(mesh.uvq[mesh.uvq.length - 2]).toBeCloseTo(1 - 1 / 999, 6);
  });

  it("reaches as far as a pyramid level's texels, past an odd-sized flat", () => {
    // Two levels of the 999 px design: 250 texels of 4 px, so the texture spans 0..1000/999.
    const span = { x0: 0, x1: 1000 / 999, y0: 0, y1: 1000 / 999 };
    const whole = buildLayerMesh(foreshortened('photoshop'), 1);
    const mesh = buildLayerMesh(foreshortened('photoshop'), 1, span);
    expect(mesh.indices.length / 3).toBe(8 * 8 * 2);
    // The top-left corner stays on the quad's; right and bottom reach one source px further
    // (0.3-0.5 view px at the bottom-right corner, which moves along both).
    expect(mesh.positions[0]).toBeCloseTo(699.4, 3);
    expect(mesh.positions[1]).toBeCloseTo(686.7, 3);
    expect(mesh.bounds.maxX - whole.bounds.maxX).toBeGreaterThan(0.2);
    expect(mesh.bounds.maxX - whole.bounds.maxX).toBeLessThan(0.6);
    expect(mesh.bounds.maxY - whole.bounds.maxY).toBeGreaterThan(0.2);
    // The level's own uv across it, one source row (1/1000 of the level) up.
    expect(mesh.uvq[0]).toBeCloseTo(0, 6);
    expect(mesh.uvq[1]).toBeCloseTo(-1 / 1000, 6);
    expect(mesh.uvq[mesh.uvq.length - 3]).toBeCloseTo(1, 6);
    expect(mesh.uvq[mesh.uvq.length - 2]).toBeCloseTo(1 - 1 / 1000, 6);
  });

  it('lays a mirrored level from the right edge of the view', () => {
    // clipping_blending's placement: the flat's left edge on the view's right.
    const mirrored: SmartObjectLayer = {
      ...foreshortened('photoshop'),
      OS: { w: 435, h: 875 },
      M: {
        kind: 'perspective',
        quad: [548.09, 192.18, 329.95, 192.18, 329.95, 604.26, 548.09, 604.26],
        nonAffine: [548.09, 192.18, 329.95, 192.57, 335.1, 604.26, 541.61, 595.85],
      },
    };
    const quad = [548.09, 192.18, 329.95, 192.57, 335.1, 604.26, 541.61, 595.85] as const;
    expect(quadMirrored([...quad] as never)).toBe(true);
    expect(quadMirrored([699.4, 686.7, 902.6, 629.4, 975.9, 906.9, 699.4, 905] as never)).toBe(false);
    const whole = buildLayerMesh(mirrored, 1);
    const mesh = buildLayerMesh(mirrored, 1, { x0: -1 / 435, x1: 1, y0: 0, y1: 876 / 875 });
    // One source px (about half a view px) further right; the left edge (the flat's right) stays.
    expect(mesh.bounds.maxX - whole.bounds.maxX).toBeGreaterThan(0.4);
    expect(mesh.bounds.maxX - whole.bounds.maxX).toBeLessThan(0.55);
    expect(mesh.bounds.minX).toBeCloseTo(whole.bounds.minX, 6);
  });

  it("keeps the catalogue's perspective exact: two triangles with a projective texture", () => {
    const mesh = buildLayerMesh(foreshortened(), 1);
    expect(mesh.indices.length / 3).toBe(2);
    expect([...mesh.uvq.filter((_, i) => i % 3 === 2)].some((q) => Math.abs(q - 1) > 0.01)).toBe(true);
  });
});
