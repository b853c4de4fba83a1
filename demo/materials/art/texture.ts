/**
 * Texture layers for backgrounds, computed on raw RGB pixels from a seeded Rng: film grain,
 * paper, marble, wood and stone. Smooth value noise (a random grid, smoothstep-interpolated,
 * summed over octaves) gives the large forms; per-pixel draws give the grain.
 */
import { createRng, type Rng } from '../../prng';
import type { TextureLayer } from './backgrounds';

function hexRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** Value noise in [0, 1] over a size x size picture with cellsX x cellsY grid cells. */
function valueNoise(rng: Rng, size: number, cellsX: number, cellsY: number): Float32Array {
  const gw = cellsX + 1;
  const grid = new Float32Array(gw * (cellsY + 1));
  for (let i = 0; i < grid.length; i += 1) grid[i] = rng.next();
  const out = new Float32Array(size * size);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < size; y += 1) {
    const fy = (y / size) * cellsY;
    const y0 = Math.floor(fy);
    const ty = smooth(fy - y0);
    for (let x = 0; x < size; x += 1) {
      const fx = (x / size) * cellsX;
      const x0 = Math.floor(fx);
      const tx = smooth(fx - x0);
      const a = grid[y0 * gw + x0] ?? 0;
      const b = grid[y0 * gw + x0 + 1] ?? 0;
      const c = grid[(y0 + 1) * gw + x0] ?? 0;
      const d = grid[(y0 + 1) * gw + x0 + 1] ?? 0;
      out[y * size + x] = a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
    }
  }
  return out;
}

/**
 * Fractal noise: octaves of value noise at doubling frequency and halving weight, in [0, 1].
 * Smooth by nature, so it is computed at a quarter of the size and scaled up bilinearly
 * (16 times less work; the finest octave still spans several pixels per cell).
 */
function fbm(rng: Rng, size: number, cellsX: number, cellsY: number, octaves: number): Float32Array {
  const low = Math.max(16, Math.ceil(size / 4));
  const small = new Float32Array(low * low);
  let weight = 1;
  let total = 0;
  for (let o = 0; o < octaves; o += 1) {
    const layer = valueNoise(rng, low, cellsX << o, cellsY << o);
    for (let i = 0; i < small.length; i += 1) small[i] = (small[i] ?? 0) + (layer[i] ?? 0) * weight;
    total += weight;
    weight /= 2;
  }
  const out = new Float32Array(size * size);
  const k = (low - 1) / Math.max(1, size - 1);
  for (let y = 0; y < size; y += 1) {
    const fy = y * k;
    const y0 = Math.floor(fy);
    const y1 = Math.min(low - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < size; x += 1) {
      const fx = x * k;
      const x0 = Math.floor(fx);
      const x1 = Math.min(low - 1, x0 + 1);
      const tx = fx - x0;
      const a = small[y0 * low + x0] ?? 0;
      const b = small[y0 * low + x1] ?? 0;
      const c = small[y1 * low + x0] ?? 0;
      const d = small[y1 * low + x1] ?? 0;
      out[y * size + x] = (a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty) / total;
    }
  }
  return out;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Applies the texture to raw RGB pixels (3 channels, size x size) in place. */
export function applyTexture(rgb: Buffer, size: number, layer: TextureLayer): void {
  const rng = createRng(layer.seed);
  const cols = layer.colours.map(hexRgb);
  const c0 = cols[0] ?? [255, 255, 255];
  const c1 = cols[1] ?? [0, 0, 0];
  const c2 = cols[2] ?? c1;
  const n = size * size;
  const setMix = (i: number, t: number, grain: number, vein = 0) => {
    for (let k = 0; k < 3; k += 1) {
      const base = (c0[k] ?? 0) + ((c1[k] ?? 0) - (c0[k] ?? 0)) * t;
      rgb[i * 3 + k] = clamp(base + ((c2[k] ?? 0) - base) * vein + grain);
    }
  };
  switch (layer.kind) {
    case 'grain': {
      const amp = layer.strength * 255;
      for (let i = 0; i < n; i += 1) {
        const g = (rng.next() - 0.5) * amp;
        for (let k = 0; k < 3; k += 1) rgb[i * 3 + k] = clamp((rgb[i * 3 + k] ?? 0) + g);
      }
      return;
    }
    case 'paper': {
      const blotch = fbm(rng, size, 3, 3, 4);
      const fibre = valueNoise(rng, size, 90, 14);
      for (let i = 0; i < n; i += 1) setMix(i, (blotch[i] ?? 0) * 0.8 + (fibre[i] ?? 0) * 0.2, (rng.next() - 0.5) * 14);
      return;
    }
    case 'stone': {
      const t = fbm(rng, size, 4, 4, 5);
      for (let i = 0; i < n; i += 1) {
        const speck = rng.next() < 0.012 ? -40 : 0;
        setMix(i, t[i] ?? 0, (rng.next() - 0.5) * 22 + speck);
      }
      return;
    }
    case 'marble': {
      const warp = fbm(rng, size, 3, 3, 5);
      const cloud = fbm(rng, size, 2, 2, 3);
      for (let y = 0; y < size; y += 1) {
        for (let x = 0; x < size; x += 1) {
          const i = y * size + x;
          const v = Math.abs(Math.sin(((x + y * 0.6) / size) * 9 + (warp[i] ?? 0) * 9));
          const u2 = (1 - v) * (1 - v);
          const u4 = u2 * u2;
          const vein = u4 * u4 * u4 * u2 * 0.85;
          setMix(i, (cloud[i] ?? 0) * 0.7, (rng.next() - 0.5) * 4, vein);
        }
      }
      return;
    }
    case 'wood': {
      const warp = fbm(rng, size, 2, 6, 4);
      const streak = valueNoise(rng, size, 6, 160);
      for (let y = 0; y < size; y += 1) {
        for (let x = 0; x < size; x += 1) {
          const i = y * size + x;
          const ring = (Math.sin((y / size) * 60 + (warp[i] ?? 0) * 14) + 1) / 2;
          setMix(i, ring * ring * ring * 0.7 + (streak[i] ?? 0) * 0.3, (rng.next() - 0.5) * 8);
        }
      }
      return;
    }
  }
}
