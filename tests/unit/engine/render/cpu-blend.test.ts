import { describe, expect, test } from 'vitest';
import type { BlendCode } from '../../../../engine/model/index.ts';
import { applyCpuLayer, blendChannel, cpuBlendsMode, prepareCpuLayer } from '../../../../engine/render/mockup/cpu-blend.ts';

/**
 * The blend shader's formula for one opaque pixel, written out as the shader reads it: premultiplied
 * source scaled by its edge coverage and opacity, the separable blend, then shading, highlight
 * and photo light in proportion to the source's coverage.
 */
function shaderPixel(
  mode: BlendCode,
  backdrop: readonly number[],
  src: readonly number[],
  edge: number,
  opacity: number,
  sh: readonly number[] | null,
  hi: readonly number[] | null,
): number[] {
  const coverage = (src[3]! / 255) * (edge / 255);
  const sa = coverage * opacity;
  const k = sh ? 1 - sh[3]! / 255 + (0.3 * sh[0]! + 0.59 * sh[1]! + 0.11 * sh[2]!) / 255 : 1;
  return [0, 1, 2].map((c) => {
    const cb = backdrop[c]! / 255;
    const cs = src[c]! / src[3]!;
    const b = Math.min(1, Math.max(0, blendChannel(mode, cb, cs)));
    let o = cb * (1 - sa) + sa * b;
    o *= 1 + (k - 1) * coverage;
    const h = hi ? hi[c]! / 255 : 0;
    o += coverage * (h - o * h);
    return o * 255;
  });
}

const W = 4;
const H = 3;
/** A 4x3 rect: sources from clear to opaque, edges from none to full, backdrops across both halves. */
function scene(): { src: Uint8Array; alpha: Uint8Array; sh: Uint8Array; hi: Uint8Array; frame: Uint8ClampedArray } {
  const src = new Uint8Array(W * H * 4);
  const alpha = new Uint8Array(W * H);
  const sh = new Uint8Array(W * H * 4);
  const hi = new Uint8Array(W * H * 4);
  const frame = new Uint8ClampedArray(W * H * 4);
  for (let p = 0; p < W * H; p++) {
    const a = [0, 40, 128, 255][p % 4]!;
    src.set([Math.round(a * 0.9), Math.round(a * 0.45), Math.round(a * 0.1), a], 4 * p);
    alpha[p] = [255, 0, 200, 255, 90, 255][p % 6]!;
    sh.set([150, 150, 150, 200], 4 * p);
    hi.set([60, 50, 40, 80], 4 * p);
    frame.set([(p * 23) % 256, 255 - ((p * 41) % 256), 127 + (p % 2), 255], 4 * p);
  }
  return { src, alpha, sh, hi, frame };
}

describe('cpu blend', () => {
  test('takes the separable modes but lighter, and leaves the non-separable ones to the GPU', () => {
    expect([1, 2, 23, 24, 25, 26, 27].some((m) => cpuBlendsMode(m as BlendCode))).toBe(false);
    for (let m = 3; m <= 22; m++) expect(cpuBlendsMode(m as BlendCode)).toBe(true);
  });

  // Lines per half (overlay, multiply, normal, screen, hard light, exclusion) and the whole
  // formula (darken, soft light, burn, divide) must both give the shader's values.
  test.each([5, 6, 7, 8, 10, 20, 3, 9, 12, 22] as BlendCode[])('mode %i gives the shader formula, rounded to the nearest level', (mode) => {
    // No maps, shading alone (normal and multiply write their lines inline then), both maps.
    for (const [withShading, maps] of [
      [false, false],
      [true, false],
      [true, true],
    ] as const) {
      const { src, alpha, sh, hi, frame } = scene();
      const before = frame.slice();
      const tile = { x: 10, y: 20, width: W + 2, height: H + 1 };
      // The output reaches past the tile on the right.
      const outputWidth = tile.x + tile.width + 3;
      // The rect sits one px into the tile; the edge mask is in output px.
      const rect = { x: 1, y: 1, width: W, height: H };
      const layer = prepareCpuLayer({
        outputWidth,
        tile,
        rect,
        src,
        edges: { alpha, rect: { x: 11, y: 21, width: W, height: H } },
        mode,
        opacity: 0.8,
        shading: withShading ? sh : null,
        highlight: maps ? hi : null,
        photoLight: null,
      });
      // The pixels are the output's rows of the tile: copy the rect's backdrop into them, blend,
      // read them back.
      const rows = new Uint8ClampedArray(outputWidth * tile.height * 4).fill(255);
      const at = (x: number, y: number) => ((y + rect.y) * outputWidth + tile.x + rect.x + x) * 4;
      for (let y = 0; y < H; y++) rows.set(frame.subarray(y * W * 4, (y + 1) * W * 4), at(0, y));
      applyCpuLayer(layer, rows, tile.y * outputWidth);
      for (let p = 0; p < W * H; p++) {
        const x = p % W;
        const y = Math.floor(p / W);
        const got = [...rows.subarray(at(x, y), at(x, y) + 3)];
        const s = [...src.subarray(4 * p, 4 * p + 4)];
        const b = [...before.subarray(4 * p, 4 * p + 4)];
        if (s[3] === 0 || alpha[p] === 0) {
          // Where the source does not show the backdrop stays as it was.
          expect(got).toEqual(b.slice(0, 3));
          continue;
        }
        const want = shaderPixel(
          mode,
          b,
          s,
          alpha[p]!,
          0.8,
          withShading ? [...sh.subarray(4 * p, 4 * p + 4)] : null,
          maps ? [...hi.subarray(4 * p, 4 * p + 4)] : null,
        );
        for (let c = 0; c < 3; c++) expect(Math.abs(got[c]! - want[c]!), `px ${p} ch ${c}`).toBeLessThanOrEqual(0.51);
      }
      // Only the pixels where the source shows are kept.
      expect(layer.offsets.length).toBe([...Array(W * H).keys()].filter((p) => src[4 * p + 3] !== 0 && alpha[p] !== 0).length);
      // Outside the rect (the tile's margins, the output past the tile) nothing changes.
      let outside = 0;
      for (let y = 0; y < tile.height; y++) {
        for (let x = 0; x < outputWidth; x++) {
          const inRect = y >= rect.y && y < rect.y + H && x >= tile.x + rect.x && x < tile.x + rect.x + W;
          if (!inRect && rows.subarray((y * outputWidth + x) * 4, (y * outputWidth + x) * 4 + 3).some((v) => v !== 255)) outside++;
        }
      }
      expect(outside).toBe(0);
      // Pixels that do not hold every changed pixel are refused rather than blended short.
      const firstChanged = layer.offsets[0]!;
      const lastChanged = layer.offsets[layer.offsets.length - 1]!;
      expect(() => applyCpuLayer(layer, rows, firstChanged + 1)).toThrow(/do not hold/);
      const short = rows.subarray(0, (lastChanged - tile.y * outputWidth) * 4);
      expect(() => applyCpuLayer(layer, short, tile.y * outputWidth)).toThrow(/do not hold/);
    }
  });

  test('normal and multiply lines written inline are the floats of the general path, bit for bit', () => {
    const { src, alpha, sh } = scene();
    // A highlight with every level, so its terms are not all zero.
    const highlight = new Uint8Array(W * H * 4).map((_, i) => (i * 37) % 256);
    // A photo light that changes nothing (every pixel transparent reads as white; black below
    // it): shade exactly 1 and lift exactly 0, but it takes the general path.
    const neutralLight = { pixels: new Uint8Array(W * H * 4), black: -1, white: 0 };
    for (const mode of [7, 6] as BlendCode[]) {
      for (const hl of [null, highlight]) {
        const input = {
          outputWidth: W,
          tile: { x: 0, y: 0, width: W, height: H },
          rect: { x: 0, y: 0, width: W, height: H },
          src,
          edges: { alpha, rect: { x: 0, y: 0, width: W, height: H } },
          mode,
          opacity: 0.8,
          shading: sh,
          highlight: hl,
        };
        const inline = prepareCpuLayer({ ...input, photoLight: null });
        const general = prepareCpuLayer({ ...input, photoLight: neutralLight });
        expect([...inline.offsets]).toEqual([...general.offsets]);
        expect([...inline.terms]).toEqual([...general.terms]);
      }
    }
  });

  test('photo light darkens below white and lifts above it, in proportion to coverage', () => {
    const src = new Uint8Array([200, 100, 50, 255, 200, 100, 50, 255]);
    const photo = new Uint8Array([30, 30, 30, 255, 250, 250, 250, 255]);
    const layer = prepareCpuLayer({
      outputWidth: 2,
      tile: { x: 0, y: 0, width: 2, height: 1 },
      rect: { x: 0, y: 0, width: 2, height: 1 },
      src,
      edges: { alpha: new Uint8Array([255, 255]), rect: { x: 0, y: 0, width: 2, height: 1 } },
      mode: 7,
      opacity: 1,
      shading: null,
      highlight: null,
      photoLight: { pixels: photo, black: 20 / 255, white: 220 / 255 },
    });
    const frame = new Uint8ClampedArray([0, 0, 0, 255, 0, 0, 0, 255]);
    applyCpuLayer(layer, frame);
    // Dark photo: shade (30 - 20) / 200 = 0.05 of the source (2.5 rounds to even, as the GPU
    // stores it); bright photo: lifted 30/35 of the way to white.
    expect([...frame.subarray(0, 3)]).toEqual([10, 5, 2]);
    const lift = (250 / 255 - 220 / 255) / (1 - 220 / 255);
    expect([...frame.subarray(4, 7)]).toEqual([200, 100, 50].map((v) => Math.round(v + lift * (255 - v))));
  });

  test('over a backdrop that is not opaque (a cut-out), the whole formula with its alpha', () => {
    // One row of pixels: a backdrop (premultiplied) transparent, faint, half and opaque.
    const backdrops = [
      [0, 0, 0, 0],
      [20, 10, 5, 40],
      [90, 60, 30, 128],
      [200, 120, 60, 255],
    ];
    const n = backdrops.length;
    const src = new Uint8Array(n * 4);
    for (let p = 0; p < n; p++) src.set([180, 90, 45, 200], p * 4);
    const sh = new Uint8Array(n * 4);
    const hi = new Uint8Array(n * 4);
    for (let p = 0; p < n; p++) {
      sh.set([150, 150, 150, 200], p * 4);
      hi.set([60, 50, 40, 80], p * 4);
    }
    const backdropAlpha = new Uint8Array(backdrops.map((b) => b[3]!));
    for (const mode of [7, 6, 5, 9] as BlendCode[]) {
      const layer = prepareCpuLayer({
        outputWidth: n,
        tile: { x: 0, y: 0, width: n, height: 1 },
        rect: { x: 0, y: 0, width: n, height: 1 },
        src,
        edges: { alpha: new Uint8Array(n).fill(230), rect: { x: 0, y: 0, width: n, height: 1 } },
        mode,
        opacity: 0.9,
        shading: sh,
        highlight: hi,
        photoLight: null,
        backdropAlpha,
      });
      // The opaque pixel keeps its line; the three others take the whole formula.
      expect(layer.offsets.length).toBe(1);
      expect(layer.translucent?.offsets.length).toBe(3);
      const frame = new Uint8ClampedArray(backdrops.flat());
      applyCpuLayer(layer, frame);
      backdrops.forEach((d, p) => {
        // blend.frag.glsl on premultiplied colour, then the maps pulled towards the output alpha.
        const coverage = (200 / 255) * (230 / 255);
        const sa = coverage * 0.9;
        const ab = d[3]! / 255;
        const oa = sa + ab - sa * ab;
        const k = 1 + (1 - 200 / 255 + (0.3 * 150 + 0.59 * 150 + 0.11 * 150) / 255 - 1) * coverage;
        const want = [0, 1, 2].map((c) => {
          const cs = src[c]! / 200;
          const dc = d[c]! / 255;
          const cb = ab > 0 ? dc / ab : 0;
          const b = Math.min(1, Math.max(0, blendChannel(mode, cb, cs)));
          let o = sa * cs * (1 - ab) + dc * (1 - sa) + sa * ab * b;
          o *= k;
          o += coverage * (hi[c]! / 255) * (oa - o);
          return o * 255;
        });
        const got = [...frame.subarray(p * 4, p * 4 + 4)];
        for (let c = 0; c < 3; c++) expect(Math.abs(got[c]! - want[c]!), `mode ${mode} px ${p} ch ${c}`).toBeLessThanOrEqual(0.51);
        expect(Math.abs(got[3]! - oa * 255), `mode ${mode} px ${p} alpha`).toBeLessThanOrEqual(0.51);
      });
    }
  });
});
