/**
 * ag-psd colour descriptors to 8-bit sRGB-ish RGB. Values follow the descriptors ag-psd parses:
 * RGB 0..255, float RGB 0..1, HSB hue 0..1 with saturation/brightness in percent, CMYK and grey in
 * percent ink, Lab with L 0..100 (D50, as Photoshop's Lab).
 */
import type { Color } from 'ag-psd';

const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function hsbToRgb(h: number, s: number, v: number): [number, number, number] {
  const hh = (((h % 1) + 1) % 1) * 6;
  const i = Math.floor(hh);
  const f = hh - i;
  const p = v * (1 - s);
  const q = v * (1 - s * f);
  const t = v * (1 - s * (1 - f));
  const table: [number, number, number][] = [
    [v, t, p],
    [q, v, p],
    [p, v, t],
    [p, q, v],
    [t, p, v],
    [v, p, q],
  ];
  return table[i % 6]!;
}

function labToRgb(l: number, a: number, b: number): [number, number, number] {
  // Lab (D50) -> XYZ (D50) -> Bradford to D65 -> linear sRGB -> sRGB.
  const fy = (l + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const e = 216 / 24389;
  const k = 24389 / 27;
  const finv = (t: number): number => (t * t * t > e ? t * t * t : (116 * t - 16) / k);
  const x50 = 0.96422 * finv(fx);
  const y50 = l > k * e ? fy * fy * fy : l / k;
  const z50 = 0.82521 * finv(fz);
  const x = 0.9555766 * x50 - 0.0230393 * y50 + 0.0631636 * z50;
  const y = -0.0282895 * x50 + 1.0099416 * y50 + 0.0210077 * z50;
  const z = 0.0122982 * x50 - 0.020483 * y50 + 1.3299098 * z50;
  const lin = [
    3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
    -0.969266 * x + 1.8760108 * y + 0.041556 * z,
    0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
  ];
  const enc = (v: number): number => (v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(Math.max(0, v), 1 / 2.4) - 0.055);
  return [enc(lin[0]!), enc(lin[1]!), enc(lin[2]!)];
}

/** [r, g, b] in 0..255 integers. Unknown shapes give black. */
export function colorToRgb8(c: Color | undefined): [number, number, number] {
  if (!c) return [0, 0, 0];
  if ('r' in c) return [clamp255(c.r), clamp255(c.g), clamp255(c.b)];
  if ('fr' in c) return [clamp255(c.fr * 255), clamp255(c.fg * 255), clamp255(c.fb * 255)];
  if ('h' in c) {
    const [r, g, b] = hsbToRgb(c.h, c.s / 100, c.b / 100);
    return [clamp255(r * 255), clamp255(g * 255), clamp255(b * 255)];
  }
  if ('c' in c) {
    const k = 1 - c.k / 100;
    return [clamp255(255 * (1 - c.c / 100) * k), clamp255(255 * (1 - c.m / 100) * k), clamp255(255 * (1 - c.y / 100) * k)];
  }
  if ('l' in c) {
    const [r, g, b] = labToRgb(c.l, c.a, c.b);
    return [clamp255(r * 255), clamp255(g * 255), clamp255(b * 255)];
  }
  if ('k' in c) {
    const v = clamp255(255 * (1 - c.k / 100));
    return [v, v, v];
  }
  return [0, 0, 0];
}
