/**
 * A mockup's parts and background applied on the CPU must give the GPU's bytes: the blend
 * shader's NONE and MULTIPLY over premultiplied colour, then the final copy over the background,
 * each rounded to 8 bits as a render target stores it. The reference below is those shader
 * formulas in floating point, as written in the shaders.
 */
import { describe, expect, test } from 'vitest';
import { blendPart, flattenOver, paintedBox } from '../../../../engine/render/mockup/frame-finish';

type Px = [number, number, number, number];

/** Premultiplied pixels covering every kind of case: transparent, opaque, translucent, dark, light. */
function pixels(seed: number, n: number): Px[] {
  const out: Px[] = [];
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const kind = i % 5;
    const a = kind === 0 ? 0 : kind === 1 ? 255 : Math.floor(next() * 256);
    out.push([Math.floor(next() * (a + 1)), Math.floor(next() * (a + 1)), Math.floor(next() * (a + 1)), a]);
  }
  return out;
}

const store = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);

/** blend.frag.glsl's output for one pixel (premultiplied 0..1 in, byte out). */
function shaderBlend(s: Px, d: Px, mode: 6 | 7): Px {
  const [sr, sg, sb, sa] = s.map((v) => v / 255) as Px;
  const [dr, dg, db, da] = d.map((v) => v / 255) as Px;
  if (mode === 7) return [sr + dr * (1 - sa), sg + dg * (1 - sa), sb + db * (1 - sa), sa + da * (1 - sa)].map(store) as Px;
  const ch = (sc: number, dc: number) => {
    const cs = sa > 0 ? sc / sa : 0;
    const cb = da > 0 ? dc / da : 0;
    const b = Math.min(1, Math.max(0, cb * cs));
    return sc * (1 - da) + dc * (1 - sa) + sa * da * b;
  };
  return [ch(sr, dr), ch(sg, dg), ch(sb, db), sa + da - sa * da].map(store) as Px;
}

const flat = (px: Px[]) => new Uint8ClampedArray(px.flat());
const chunks = (a: Uint8ClampedArray): Px[] => Array.from({ length: a.length / 4 }, (_, i) => [...a.subarray(i * 4, i * 4 + 4)] as Px);

describe('blendPart', () => {
  for (const mode of [6, 7] as const) {
    test(`mode ${mode} gives the blend shader's bytes`, () => {
      const n = 4000;
      const part = pixels(1, n);
      const back = pixels(2, n);
      const got = flat(back);
      blendPart(got, { x: 0, y: 0, width: n, height: 1 }, flat(part), n, mode, { x: 0, y: 0, width: n, height: 1 });
      const want = part.map((s, i) => shaderBlend(s, back[i]!, mode));
      const off = chunks(got).filter((p, i) => p.some((v, c) => Math.abs(v - want[i]![c]!) > 0));
      expect(off).toEqual([]);
    });
  }

  test('blends only inside the rect, into pixels that hold that rect alone or the whole output', () => {
    // A 4x3 output; the part is opaque red over the rect x 1..2, y 1..2.
    const width = 4;
    const part = new Uint8ClampedArray(4 * 3 * 4);
    for (let i = 0; i < 12; i++) part.set([255, 0, 0, 255], i * 4);
    const rect = { x: 1, y: 1, width: 2, height: 2 };
    const whole = new Uint8ClampedArray(4 * 3 * 4).fill(9);
    blendPart(whole, { x: 0, y: 0, width: 4, height: 3 }, part, width, 7, rect);
    const red = chunks(whole)
      .map((p, i) => (p[0] === 255 ? i : -1))
      .filter((i) => i >= 0);
    expect(red).toEqual([5, 6, 9, 10]);
    const alone = new Uint8ClampedArray(2 * 2 * 4).fill(9);
    blendPart(alone, rect, part, width, 7, rect);
    expect(chunks(alone)).toEqual(Array.from({ length: 4 }, () => [255, 0, 0, 255]));
  });
});

describe('flattenOver', () => {
  test('flattens only inside the rect, of pixels holding a larger rect', () => {
    // 3x2 pixels at output (10, 20), all transparent; the rect is the middle column.
    const px = new Uint8ClampedArray(3 * 2 * 4);
    flattenOver(px, { x: 10, y: 20, width: 3, height: 2 }, [1, 1, 1, 1], { x: 11, y: 20, width: 1, height: 2 });
    expect(chunks(px).map((p) => p[3])).toEqual([0, 255, 0, 0, 255, 0]);
  });

  test('over an opaque colour: c + bg (1 - a), opaque', () => {
    const px = pixels(3, 3000);
    // A colour from a hex value: whole levels.
    const bg = [51 / 255, 128 / 255, 1] as const;
    const got = flat(px);
    flattenOver(got, { x: 0, y: 0, width: got.length / 4, height: 1 }, [...bg, 1]);
    const want = px.map(([r, g, b, a]) => [...[r, g, b].map((c, i) => store(c / 255 + bg[i]! * (1 - a / 255))), 255]);
    expect(chunks(got)).toEqual(want);
  });

  test('over transparency: straight colour for pixels read as ImageData, within a level of the shader', () => {
    const px = pixels(4, 3000);
    const got = flat(px);
    flattenOver(got, { x: 0, y: 0, width: got.length / 4, height: 1 }, [0, 0, 0, 0]);
    chunks(got).forEach((p, i) => {
      const [r, g, b, a] = px[i]!;
      const want = a === 0 ? [r, g, b, a] : [...[r, g, b].map((c) => store(c / 255 / (a / 255))), a];
      // Ties (c / a exactly half a level) round up here and to even in the GPU's store.
      expect(Math.max(...p.map((v, c) => Math.abs(v - want[c]!)))).toBeLessThanOrEqual(1);
    });
    expect(() => flattenOver(flat(px), { x: 0, y: 0, width: px.length, height: 1 }, [0.5, 0.5, 0.5, 0.5])).toThrow(/opaque or transparent/);
  });
});

describe('paintedBox', () => {
  test('bounds the pixels that are not (0, 0, 0, 0), wherever they are', () => {
    const width = 7;
    const px = new Uint8ClampedArray(width * 5 * 4);
    expect(paintedBox(px, width)).toBeNull();
    // A transparent pixel keeping colour counts (it is not (0, 0, 0, 0)); so do opaque ones.
    px.set([0, 0, 3, 0], (1 * width + 5) * 4);
    px.set([9, 9, 9, 255], (3 * width + 2) * 4);
    expect(paintedBox(px, width)).toEqual({ x: 2, y: 1, width: 4, height: 3 });
    px.set([1, 1, 1, 1], (4 * width + 0) * 4);
    expect(paintedBox(px, width)).toEqual({ x: 0, y: 1, width: 6, height: 4 });
  });
});
