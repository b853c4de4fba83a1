/**
 * The CPU's enlargement of a view's picture must be the GPU's bilinear sample of it: each output
 * pixel the four texels around its centre weighted by distance, edges clamped, on premultiplied
 * colour, rounded. The reference is that formula written out per pixel; the fast version skips
 * transparent stretches, which must change nothing.
 */
import { describe, expect, test } from 'vitest';
import { premultiply, resizeBilinear } from '../../../../engine/render/mockup/bilinear';

function reference(src: Uint8ClampedArray, sw: number, sh: number, dw: number, dh: number): number[] {
  const at = (x: number, y: number, c: number) => src[(Math.min(sh - 1, Math.max(0, y)) * sw + Math.min(sw - 1, Math.max(0, x))) * 4 + c]!;
  const out: number[] = [];
  for (let y = 0; y < dh; y++) {
    for (let x = 0; x < dw; x++) {
      const u = ((x + 0.5) * sw) / dw - 0.5;
      const v = ((y + 0.5) * sh) / dh - 0.5;
      const i = Math.floor(u);
      const j = Math.floor(v);
      const fx = u - i;
      const fy = v - j;
      for (let c = 0; c < 4; c++) {
        const top = at(i, j, c) * (1 - fx) + at(i + 1, j, c) * fx;
        const bottom = at(i, j + 1, c) * (1 - fx) + at(i + 1, j + 1, c) * fx;
        out.push(Math.round(top * (1 - fy) + bottom * fy));
      }
    }
  }
  return out;
}

/** Premultiplied pixels with transparent margins and holes, as part images and cut-outs have. */
function sparsePicture(w: number, h: number, seed: number): Uint8ClampedArray {
  const px = new Uint8ClampedArray(w * h * 4);
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // A blob in the middle and a lone pixel near a corner; everything else transparent.
      const inBlob = (x - w * 0.5) ** 2 + (y - h * 0.45) ** 2 < (w * 0.3) ** 2;
      if (!inBlob && !(x === w - 2 && y === 1)) continue;
      const a = rnd() < 0.3 ? 255 : Math.floor(rnd() * 256);
      px.set([Math.floor(rnd() * (a + 1)), Math.floor(rnd() * (a + 1)), Math.floor(rnd() * (a + 1)), a], (y * w + x) * 4);
    }
  }
  return px;
}

describe('resizeBilinear', () => {
  test.each([
    [30, 20, 40, 27],
    [30, 20, 30, 20],
    [17, 33, 64, 50],
    [12, 12, 16, 16],
  ])('%ix%i to %ix%i is the bilinear formula, transparent stretches included', (sw, sh, dw, dh) => {
    for (const seed of [1, 2, 3]) {
      const src = sparsePicture(sw, sh, seed);
      const got = [...resizeBilinear(src, sw, sh, dw, dh)];
      const want = reference(src, sw, sh, dw, dh);
      // Math.round and the fast path's half-up rounding agree; no tolerance.
      expect(got).toEqual(want);
    }
  });

  test('a wholly transparent picture stays transparent; a wrong size is refused', () => {
    expect(resizeBilinear(new Uint8ClampedArray(8 * 8 * 4), 8, 8, 12, 12).every((v) => v === 0)).toBe(true);
    expect(() => resizeBilinear(new Uint8ClampedArray(10), 2, 2, 4, 4)).toThrow(/size/);
  });
});

describe('premultiply', () => {
  test('rounds each channel times alpha, and undoes an exact unpremultiply', () => {
    const straight = new Uint8ClampedArray([200, 100, 50, 128, 10, 20, 30, 255, 99, 99, 99, 0, 255, 255, 255, 1]);
    expect([...premultiply(straight)]).toEqual([100, 50, 25, 128, 10, 20, 30, 255, 0, 0, 0, 0, 1, 1, 1, 1]);
    // Every premultiplied colour, unpremultiplied as a canvas reads it back, comes back unchanged.
    for (let a = 1; a < 255; a++) {
      for (let c = 0; c <= a; c++) {
        const back = premultiply(new Uint8ClampedArray([Math.round((c * 255) / a), 0, 0, a]))[0];
        expect(back, `c ${c} a ${a}`).toBe(c);
      }
    }
  });
});
