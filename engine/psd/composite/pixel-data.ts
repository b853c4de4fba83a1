/**
 * ag-psd hands 16- and 32-bit documents' pixels over as Uint16Array / Float32Array. The compositor
 * works in 8 bits (as Photoshop does for 8-bit documents), so deeper data is reduced here once.
 */
import type { PixelData } from 'ag-psd';

/** sRGB encoding of a linear value: 32-bit Photoshop documents store linear light. */
function linearToSrgb(v: number): number {
  if (!(v > 0)) return 0;
  if (v >= 1) return 1;
  return v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
}

/** RGBA 8-bit view of ag-psd pixel data (no copy for 8-bit data). */
export function rgba8(p: PixelData): Uint8ClampedArray {
  const d = p.data;
  if (d instanceof Uint8ClampedArray) return d;
  if (d instanceof Uint8Array) return new Uint8ClampedArray(d.buffer, d.byteOffset, d.length);
  const out = new Uint8ClampedArray(d.length);
  if (d instanceof Uint16Array) {
    // Uint8ClampedArray rounds to nearest on store.
    for (let i = 0; i < d.length; i++) out[i] = d[i]! / 257;
    return out;
  }
  for (let i = 0; i < d.length; i++) {
    // Alpha stays linear coverage; colour channels get the transfer curve.
    out[i] = (i & 3) === 3 ? d[i]! * 255 : linearToSrgb(d[i]!) * 255;
  }
  return out;
}

/** One channel (0 = red, which ag-psd also uses for grey masks) as 0..1 floats. */
export function channel01(p: PixelData, channel: number): Float32Array {
  const d = p.data;
  const n = p.width * p.height;
  const out = new Float32Array(n);
  const scale = d instanceof Uint16Array ? 1 / 65535 : d instanceof Float32Array ? 1 : 1 / 255;
  for (let i = 0; i < n; i++) out[i] = d[i * 4 + channel]! * scale;
  return out;
}
