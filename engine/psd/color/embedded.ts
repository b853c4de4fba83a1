/**
 * Where files keep their colour profile: PSD/PSB image resources (1039 the ICC profile, 1041 the
 * "intentionally untagged" flag), PNG `iCCP` / `sRGB` chunks, JPEG APP2 `ICC_PROFILE` segments.
 * Only headers and metadata are walked; pixel data is never decoded. Truncated or malformed files
 * read as "no profile" rather than throwing, since a missing profile only means "leave as is".
 */

export interface PsdColorResources {
  /** Resource 1039's bytes, if present. */
  icc: Uint8Array | null;
  /** Resource 1041 set to 1: saved with "Don't color manage". */
  untagged: boolean;
}

const PSD_ICC_PROFILE = 1039;
const PSD_ICC_UNTAGGED = 1041;

export function isPsd(b: Uint8Array): boolean {
  return b.length >= 4 && b[0] === 0x38 && b[1] === 0x42 && b[2] === 0x50 && b[3] === 0x53; // '8BPS'
}
export function isPng(b: Uint8Array): boolean {
  return (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  );
}
export function isJpeg(b: Uint8Array): boolean {
  return b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

/**
 * The colour resources of a PSD or PSB. The header (26 bytes) and the colour mode data section are
 * skipped; the image resources section is laid out the same in both formats.
 */
export function psdColorResources(bytes: Uint8Array): PsdColorResources {
  const none: PsdColorResources = { icc: null, untagged: false };
  if (!isPsd(bytes) || bytes.length < 34) return none;
  const v = view(bytes);
  const modeDataLength = v.getUint32(26);
  let at = 30 + modeDataLength;
  if (at + 4 > bytes.length) return none;
  const sectionLength = v.getUint32(at);
  at += 4;
  const end = Math.min(at + sectionLength, bytes.length);
  const out: PsdColorResources = { icc: null, untagged: false };
  while (at + 12 <= end) {
    // Signature is '8BIM' in everything Photoshop writes; others ('MeSa', 'PHUT', ...) are laid out the same.
    const id = v.getUint16(at + 4);
    const nameLength = bytes[at + 6]!;
    let p = at + 6 + ((1 + nameLength + 1) & ~1);
    if (p + 4 > end) break;
    const size = v.getUint32(p);
    p += 4;
    if (p + size > end) break;
    if (id === PSD_ICC_PROFILE) out.icc = bytes.subarray(p, p + size);
    else if (id === PSD_ICC_UNTAGGED) out.untagged = size >= 1 && bytes[p] === 1;
    at = p + ((size + 1) & ~1);
  }
  return out;
}

/** What a PNG says about its colour: an ICC profile (still zlib-compressed), the `sRGB` chunk, or nothing. */
export type PngColorChunk = { kind: 'iccp'; compressed: Uint8Array } | { kind: 'srgb' } | { kind: 'none' };

/**
 * The PNG's colour chunk. `iCCP` and `sRGB` must precede the image data, so the walk stops at IDAT.
 * `gAMA` and `cHRM` without `iCCP` are not read: Photoshop opens such PNGs without a profile.
 */
export function pngColorChunk(bytes: Uint8Array): PngColorChunk {
  if (!isPng(bytes)) return { kind: 'none' };
  const v = view(bytes);
  let at = 8;
  let srgb = false;
  while (at + 8 <= bytes.length) {
    const length = v.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    const data = at + 8;
    if (data + length > bytes.length || type === 'IDAT' || type === 'IEND') break;
    if (type === 'iCCP') {
      // Profile name (1-79 Latin-1 bytes), NUL, compression method (0 = zlib), zlib stream.
      let nul = data;
      while (nul < data + length && bytes[nul] !== 0) nul++;
      if (nul + 2 <= data + length && bytes[nul + 1] === 0) return { kind: 'iccp', compressed: bytes.subarray(nul + 2, data + length) };
    } else if (type === 'sRGB') {
      srgb = true;
    }
    at = data + length + 4; // + CRC
  }
  return srgb ? { kind: 'srgb' } : { kind: 'none' };
}

/**
 * The ICC profile carried by a JPEG's APP2 `ICC_PROFILE` segments, joined in their sequence order
 * (profiles over 64 KB are split); null when there are none or a piece is missing.
 */
export function jpegIcc(bytes: Uint8Array): Uint8Array | null {
  if (!isJpeg(bytes)) return null;
  const v = view(bytes);
  const pieces = new Map<number, Uint8Array>();
  let total = 0;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    } // fill byte
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    } // no length
    if (marker === 0xda || marker === 0xd9) break; // scan data or end: metadata is all before
    const length = v.getUint16(at + 2);
    const data = at + 4;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) break;
    if (marker === 0xe2 && length >= 16 && isIccProfileMarker(bytes, data)) {
      const seq = bytes[data + 12]!;
      total = bytes[data + 13]!;
      pieces.set(seq, bytes.subarray(data + 14, end));
    }
    at = end;
  }
  if (pieces.size === 0 || total === 0) return null;
  const parts: Uint8Array[] = [];
  for (let i = 1; i <= total; i++) {
    const p = pieces.get(i);
    if (!p) return null;
    parts.push(p);
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const ICC_PROFILE_ID = [0x49, 0x43, 0x43, 0x5f, 0x50, 0x52, 0x4f, 0x46, 0x49, 0x4c, 0x45, 0x00]; // 'ICC_PROFILE\0'
function isIccProfileMarker(b: Uint8Array, at: number): boolean {
  for (let i = 0; i < ICC_PROFILE_ID.length; i++) if (b[at + i] !== ICC_PROFILE_ID[i]) return false;
  return true;
}

/**
 * zlib inflate with the platform's DecompressionStream (Node 18+, browsers, workers), so the engine
 * needs no inflate library of its own ('deflate' is the zlib-wrapped format PNG uses).
 */
export async function inflateZlib(data: Uint8Array): Promise<Uint8Array> {
  // Copy into a plain ArrayBuffer: Blob will not take a view of a SharedArrayBuffer.
  const stream = new Blob([new Uint8Array(data)]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
