/**
 * PNG helpers for print files. Browsers' encoders write no resolution, so print software would
 * assume 72 dpi and print the file 2x too large; the pHYs chunk carries the real DPI.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC). */
const AFTER_IHDR = 33;

/** A pHYs chunk saying `dpi` in both directions (PNG stores pixels per metre). */
export function physChunk(dpi: number): Uint8Array<ArrayBuffer> {
  const ppm = Math.round(dpi / 0.0254);
  const chunk = new Uint8Array(4 + 4 + 9 + 4);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // 'pHYs'
  view.setUint32(8, ppm);
  view.setUint32(12, ppm);
  chunk[16] = 1; // unit: metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)));
  return chunk;
}

/** Inserts a pHYs chunk after IHDR (where the PNG spec wants it: before IDAT). */
export async function withPngDpi(png: Blob, dpi: number): Promise<Blob> {
  if (!(dpi > 0) || !Number.isFinite(dpi)) return png;
  const head = new Uint8Array(await png.slice(0, AFTER_IHDR + 8).arrayBuffer());
  const isPng = PNG_SIGNATURE.every((b, i) => head[i] === b);
  const ihdr = String.fromCharCode(...head.subarray(12, 16));
  if (!isPng || ihdr !== 'IHDR') throw new Error('not a PNG');
  const next = String.fromCharCode(...head.subarray(AFTER_IHDR + 4, AFTER_IHDR + 8));
  if (next === 'pHYs') return png;
  // Blob parts are referenced, not copied: the large pixel data is never read into JS.
  return new Blob([png.slice(0, AFTER_IHDR), physChunk(dpi), png.slice(AFTER_IHDR)], { type: 'image/png' });
}

/** Reads the DPI a PNG's pHYs chunk declares (null when it has none); for tests and checks. */
export async function readPngDpi(png: Blob): Promise<number | null> {
  // Ancillary chunks like pHYs come before the first IDAT, so the head of the file is enough.
  const bytes = new Uint8Array(await png.slice(0, 1 << 16).arrayBuffer());
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'pHYs') return bytes[at + 16] === 1 ? Math.round(view.getUint32(at + 8) * 0.0254 * 10) / 10 : null;
    if (type === 'IDAT' || type === 'IEND') return null;
    at += 12 + length;
  }
  return null;
}
