import { describe, expect, it } from 'vitest';
import {
  FINISHES,
  boxBlur,
  displacementFromHeight,
  heightField,
  lightSurface,
  powi,
  softBlur,
  valueNoise,
  weaveField,
} from '../../../demo/catalog/art/relief';

const SIZE = 64;
const full = () => new Float32Array(SIZE * SIZE).fill(1);
const light = (height: Float32Array, finish: keyof typeof FINISHES = 'jersey') =>
  lightSurface({
    size: SIZE,
    height,
    mask: full(),
    weave: null,
    mottle: null,
    look: FINISHES[finish],
    exposure: 0.975,
    occluder: null,
    occlusionDepth: 3,
  });

describe('relief: height field, normals and lighting', () => {
  it('lights a flat height field uniformly, at the exposure', () => {
    const { diffuse, specular } = light(new Float32Array(SIZE * SIZE));
    const first = diffuse[0]!;
    expect(first).toBeCloseTo(0.975, 3);
    expect(diffuse.every((d) => Math.abs(d - first) < 1e-6)).toBe(true);
    expect(specular.every((s) => Math.abs(s - specular[0]!) < 1e-6)).toBe(true);
  });

  it('lights the side of a ridge that faces the key (upper left) brighter than its shadow side', () => {
    const h = new Float32Array(SIZE * SIZE);
    for (let y = 0; y < SIZE; y += 1) for (let x = 0; x < SIZE; x += 1) h[y * SIZE + x] = 8 * Math.exp(-(((x - 32) / 5) ** 2));
    const { diffuse } = light(h);
    const lit = diffuse[32 * SIZE + 28]!;
    const shadow = diffuse[32 * SIZE + 36]!;
    expect(lit).toBeGreaterThan(shadow + 0.1);
  });

  it('gives a glossy cylinder a bright specular band and a matte one none', () => {
    const { height } = heightField({
      size: SIZE,
      mask: full(),
      relief: null,
      form: { kind: 'cylinder', x0: 0, x1: 1000, edge: 0 },
      foldDepth: 0,
      drape: 0,
      seed: 1,
    });
    const glossy = light(height, 'ceramic').specular;
    const matte = light(height, 'paper').specular;
    expect(Math.max(...glossy)).toBeGreaterThan(0.5);
    expect(Math.max(...matte)).toBeLessThan(0.2);
  });

  it('darkens a crease by ambient occlusion', () => {
    const h = new Float32Array(SIZE * SIZE);
    for (let y = 0; y < SIZE; y += 1) for (let x = 0; x < SIZE; x += 1) h[y * SIZE + x] = -6 * Math.exp(-(((y - 32) / 3) ** 2));
    const occluder = softBlur(h, SIZE, SIZE, 6);
    const look = FINISHES.jersey;
    const base = { size: SIZE, height: h, mask: full(), weave: null, mottle: null, look, exposure: 0.975, occlusionDepth: 2 };
    const withAo = lightSurface({ ...base, occluder }).diffuse[32 * SIZE + 32]!;
    const without = lightSurface({ ...base, occluder: null }).diffuse[32 * SIZE + 32]!;
    expect(withAo).toBeLessThan(without - 0.05);
  });

  it('is deterministic: same seed same pixels, another seed other pixels', () => {
    const a = weaveField('jersey', SIZE, 7)!;
    const b = weaveField('jersey', SIZE, 7)!;
    const c = weaveField('jersey', SIZE, 8)!;
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    expect(Buffer.from(a.buffer).equals(Buffer.from(c.buffer))).toBe(false);
    const n = valueNoise(SIZE, SIZE, 8, 8, 3);
    expect(n.every((v) => v >= -1 && v <= 1)).toBe(true);
  });

  it('keeps a box blur of a constant constant, and powi agrees with Math.pow', () => {
    const flat = boxBlur(new Float32Array(SIZE * SIZE).fill(0.5), SIZE, SIZE, 4);
    expect(flat.every((v) => Math.abs(v - 0.5) < 1e-6)).toBe(true);
    for (const e of [0, 1, 3, 40, 220]) expect(powi(0.97, e)).toBeCloseTo(Math.pow(0.97, e), 10);
  });

  it('shifts the print along the slope of the folds only, nothing on flat ground', () => {
    const flat = displacementFromHeight(new Float32Array(SIZE * SIZE), full(), SIZE, 4, 3);
    expect(flat.every((v, i) => i % 3 === 2 || v === 128)).toBe(true);
    const ramp = new Float32Array(SIZE * SIZE);
    for (let i = 0; i < ramp.length; i += 1) ramp[i] = (i % SIZE) * 0.5;
    const out = displacementFromHeight(ramp, full(), SIZE, 4, 3);
    const i = 32 * SIZE + 32;
    expect(out[i * 3]!).toBeGreaterThan(128);
    expect(out[i * 3 + 1]!).toBe(128);
  });
});
