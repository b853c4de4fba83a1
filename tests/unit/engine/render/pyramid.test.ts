/**
 * The half-up 2x2 box pyramid a reduced Photoshop warp is drawn from, and which level it reads.
 */
import { describe, expect, it } from 'vitest';
import { halfSide, halfUpLevel, pyramidLevel, pyramidSpan } from '../../../../engine/render/compose/pyramid';

function rgba(pixels: number[][]): Uint8ClampedArray<ArrayBuffer> {
  return new Uint8ClampedArray(pixels.flat());
}

describe('halfUpLevel', () => {
  it('rounds each opaque 2x2 mean half up', () => {
    // Sums 1+2+2+2 = 7 (1.75 -> 2), 0+0+1+1 = 2 (0.5 -> 1), 10+11+10+11 = 42 (10.5 -> 11).
    const src = rgba([
      [1, 0, 10, 255],
      [2, 0, 11, 255],
      [2, 1, 10, 255],
      [2, 1, 11, 255],
    ]);
    const { data, width, height } = halfUpLevel(src, 2, 2);
    expect([width, height]).toEqual([1, 1]);
    expect([...data]).toEqual([2, 1, 11, 255]);
  });

  it('weights colour by alpha, so transparent texels do not darken an edge', () => {
    const src = rgba([
      [200, 100, 50, 255],
      [0, 0, 0, 0],
      [200, 100, 50, 255],
      [0, 0, 0, 0],
    ]);
    const { data } = halfUpLevel(src, 2, 2);
    expect([...data]).toEqual([200, 100, 50, 128]);
  });

  it('keeps an odd last column and row, averaged with itself', () => {
    const px = (v: number) => [v, v, v, 255];
    const src = rgba([px(0), px(0), px(9), px(0), px(0), px(9), px(6), px(6), px(3)]);
    const { data, width, height } = halfUpLevel(src, 3, 3);
    expect([width, height]).toEqual([2, 2]);
    expect([data[0], data[4], data[8], data[12]]).toEqual([0, 9, 6, 3]);
    expect([halfSide(999), halfSide(500), halfSide(1)]).toEqual([500, 250, 1]);
  });
});

describe('pyramidLevel', () => {
  it('reads the coarsest level the warp enlarges by at most 1.25x', () => {
    expect(pyramidLevel(300 / 1024)).toBe(2); // 256 px drawn at 300
    expect(pyramidLevel(218 / 999)).toBe(2);
    expect(pyramidLevel(707 / 1080)).toBe(0); // 540 px would be enlarged 1.31x
    expect(pyramidLevel(0.5)).toBe(1);
    expect(pyramidLevel(1.2)).toBe(0);
    expect(pyramidLevel(0)).toBe(0);
  });
});

describe('pyramidSpan', () => {
  it("lays a level's texels at 2^level flat px, an odd side's kept texel past the flat", () => {
    // werps' 999 px design, two levels: 250 texels of 4 px, 1000 px.
    expect(pyramidSpan(999, 999, 2)).toEqual({ x0: 0, x1: 1000 / 999, y0: 0, y1: 1000 / 999 });
    // clipping_blending's 435x875, one level: 218 x 438 texels, 436 x 876 px.
    expect(pyramidSpan(435, 875, 1)).toEqual({ x0: 0, x1: 436 / 435, y0: 0, y1: 876 / 875 });
    expect(pyramidSpan(1024, 1024, 2)).toEqual({ x0: 0, x1: 1, y0: 0, y1: 1 });
    expect(pyramidSpan(999, 999, 0)).toEqual({ x0: 0, x1: 1, y0: 0, y1: 1 });
  });

  it('puts the kept texel on the left of a level built mirrored', () => {
    const span = pyramidSpan(435, 875, 1, true);
    expect(span.x0).toBeCloseTo(-1 / 435, 12);
    expect(span.x1).toBe(1);
    expect(span.y1).toBe(876 / 875);
  });
});
