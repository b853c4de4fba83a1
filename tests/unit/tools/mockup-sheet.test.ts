import { describe, expect, it } from 'vitest';
import { growMask, printContainment } from '../../../tools/mockup-sheet/containment';

const W = 10;
const H = 4;
const rgba = (paint: (x: number, y: number) => number[]) => {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.set(paint(x, y), (y * W + x) * 4);
  return { width: W, height: H, data };
};
// The product covers columns 2..5.
const mask = { width: W, height: H, data: Uint8Array.from({ length: W * H }, (_, i) => (i % W >= 2 && i % W <= 5 ? 255 : 0)) };
const grey = rgba(() => [100, 100, 100, 255]);

describe('print containment', () => {
  it('grows a mask by whole pixels', () => {
    const g = growMask(mask, 1);
    expect(Array.from(g.subarray(0, W))).toEqual([0, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
    // One pixel grows into a square, down the columns as well as along the rows.
    const dot = { width: W, height: H, data: new Uint8Array(W * H) };
    dot.data[1 * W + 4] = 255;
    const grown = growMask(dot, 1);
    const at = (x: number, y: number) => grown[y * W + x];
    expect([at(3, 0), at(5, 2), at(4, 1), at(6, 1), at(4, 3)]).toEqual([1, 1, 1, 0, 0]);
  });

  it('counts nothing outside when the print stays on the product', () => {
    const printed = rgba((x) => (x >= 3 && x <= 4 ? [255, 0, 0, 255] : [100, 100, 100, 255]));
    expect(printContainment(printed, grey, mask, 0)).toEqual({ changed: 8, outside: 0 });
  });

  it('counts a print that spills off the product, beyond the allowance', () => {
    const printed = rgba((x) => (x >= 4 && x <= 8 ? [255, 0, 0, 255] : [100, 100, 100, 255]));
    expect(printContainment(printed, grey, mask, 1)).toEqual({ changed: 20, outside: 8 });
    // Changes below the threshold (JPEG noise, a faint shade) are not prints.
    expect(
      printContainment(
        rgba(() => [110, 100, 100, 255]),
        grey,
        mask,
        0,
      ),
    ).toEqual({ changed: 0, outside: 0 });
  });
});
