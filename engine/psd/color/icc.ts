/**
 * ICC profiles of the matrix/TRC ("matrix-shaper") kind: three tone curves into linear light, then
 * a 3x3 matrix into the D50 PCS XYZ. That covers the RGB working spaces documents are tagged with
 * (sRGB, Adobe RGB, Display P3, ProPhoto, most camera and monitor RGBs) and gray-gamma profiles.
 * LUT-only profiles (A2B0/mAB and friends), CMYK, Lab and named-colour profiles are not parsed:
 * the reader says why, so the caller can write a note instead of guessing.
 */

/** A tone curve from device value (0..1) to linear light (0..1). */
export type ToneCurve =
  /** `curv` with no entries (gamma 1) or one u8Fixed8 entry. */
  | { kind: 'gamma'; gamma: number }
  /** `curv` table: entries are the outputs (0..1) at evenly spaced inputs over 0..1. */
  | { kind: 'table'; table: Float64Array }
  /** `para`: function type 0..4 with its parameters g, a, b, c, d, e, f (as many as the type uses). */
  | { kind: 'parametric'; fn: 0 | 1 | 2 | 3 | 4; params: readonly number[] };

export interface IccProfile {
  /** The profile as read; null for profiles this module synthesises (the PNG `sRGB` chunk's sRGB). */
  readonly bytes: Uint8Array | null;
  /** Header version, e.g. 2.1 or 4.3. */
  readonly version: number;
  /** Header device class ('mntr', 'scnr', 'spac', ...). */
  readonly deviceClass: string;
  readonly colorSpace: 'RGB' | 'GRAY';
  /** Text of the `desc` tag (v2 textDescription or v4 mluc), '' when missing. */
  readonly description: string;
  /** Media white point (`wtpt`), informational: relative colorimetric works in the D50 PCS without it. */
  readonly whitePoint: readonly [number, number, number] | null;
  /**
   * Device-linear RGB to PCS XYZ (D50), row-major: columns are rXYZ, gXYZ, bXYZ as stored (ICC v2 and
   * v4 store them already adapted to D50). A gray profile gets D50 / 3 in every column, so that
   * R = G = B = v lands on the neutral axis at Y = kTRC(v).
   */
  readonly matrix: readonly number[];
  /** R, G, B curves; a gray profile's kTRC three times. */
  readonly curves: readonly [ToneCurve, ToneCurve, ToneCurve];
  /**
   * The profile also carries A2B/B2A LUT tags, which ICC colour engines prefer over the matrix for
   * relative colorimetric. The matrix is used here; for display profiles the two agree closely.
   */
  readonly lutTagsIgnored: boolean;
}

/** The PCS white, D50 as ICC encodes it (s15Fixed16 0x0000F6D6, 0x00010000, 0x0000D32D). */
export const D50: readonly [number, number, number] = [0xf6d6 / 65536, 1, 0xd32d / 65536];

export type IccReadResult = { ok: true; profile: IccProfile } | { ok: false; reason: string };

const sig = (b: Uint8Array, o: number): string => String.fromCharCode(b[o]!, b[o + 1]!, b[o + 2]!, b[o + 3]!);

export function readIccProfile(bytes: Uint8Array): IccReadResult {
  if (bytes.length < 132) return { ok: false, reason: 'ICC profile shorter than its header' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (sig(bytes, 36) !== 'acsp') return { ok: false, reason: "not an ICC profile (no 'acsp' signature)" };
  const version = bytes[8]! + (bytes[9]! >> 4) / 10;
  const deviceClass = sig(bytes, 12);
  const space = sig(bytes, 16);
  const pcs = sig(bytes, 20);
  const tags = new Map<string, { offset: number; size: number }>();
  const count = view.getUint32(128);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (at + 12 > bytes.length) return { ok: false, reason: 'ICC tag table runs past the end of the profile' };
    const offset = view.getUint32(at + 4);
    const size = view.getUint32(at + 8);
    if (offset + size > bytes.length || size < 8) continue;
    tags.set(sig(bytes, at), { offset, size });
  }
  const description = readDescription(bytes, view, tags.get('desc'));
  const named = description ? `'${description}'` : 'ICC profile';
  if (space !== 'RGB ' && space !== 'GRAY')
    return { ok: false, reason: `${named} is a ${space.trim()} profile; only RGB and gray profiles are converted` };
  if (deviceClass === 'link' || deviceClass === 'abst' || deviceClass === 'nmcl')
    return { ok: false, reason: `${named} is a '${deviceClass}' profile, not a device profile` };
  if (pcs !== 'XYZ ') return { ok: false, reason: `${named} uses a Lab PCS, so it is LUT-based; LUT profiles are not converted` };
  const lutTags = ['A2B0', 'A2B1', 'A2B2', 'B2A0', 'B2A1', 'B2A2'].some((t) => tags.has(t));

  const xyz = (name: string): [number, number, number] | null => {
    const t = tags.get(name);
    if (!t || t.size < 20 || sig(bytes, t.offset) !== 'XYZ ') return null;
    return [view.getInt32(t.offset + 8) / 65536, view.getInt32(t.offset + 12) / 65536, view.getInt32(t.offset + 16) / 65536];
  };
  const curve = (name: string): ToneCurve | null => {
    const t = tags.get(name);
    return t ? readCurve(bytes, view, t.offset, t.size) : null;
  };
  const whitePoint = xyz('wtpt');

  if (space === 'GRAY') {
    const k = curve('kTRC');
    if (!k) return { ok: false, reason: `${named} has no usable kTRC (gray LUT profiles are not converted)` };
    const third = D50.map((v) => v / 3);
    const matrix = [third[0]!, third[0]!, third[0]!, third[1]!, third[1]!, third[1]!, third[2]!, third[2]!, third[2]!];
    return {
      ok: true,
      profile: {
        bytes,
        version,
        deviceClass,
        colorSpace: 'GRAY',
        description,
        whitePoint,
        matrix,
        curves: [k, k, k],
        lutTagsIgnored: lutTags,
      },
    };
  }

  const r = xyz('rXYZ'),
    g = xyz('gXYZ'),
    b = xyz('bXYZ');
  const rc = curve('rTRC'),
    gc = curve('gTRC'),
    bc = curve('bTRC');
  if (!r || !g || !b || !rc || !gc || !bc) {
    return {
      ok: false,
      reason: lutTags
        ? `${named} is LUT-based (no matrix/TRC tags); LUT profiles are not converted`
        : `${named} lacks the colorant or TRC tags of a matrix profile`,
    };
  }
  const matrix = [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]];
  if (invert3(matrix) === null) return { ok: false, reason: `${named} has colorants that do not span a colour space` };
  return {
    ok: true,
    profile: {
      bytes,
      version,
      deviceClass,
      colorSpace: 'RGB',
      description,
      whitePoint,
      matrix,
      curves: [rc, gc, bc],
      lutTagsIgnored: lutTags,
    },
  };
}

/** The profile, or null when it is malformed or not a matrix/TRC RGB or gray profile (see readIccProfile for why). */
export function parseIccProfile(bytes: Uint8Array): IccProfile | null {
  const r = readIccProfile(bytes);
  return r.ok ? r.profile : null;
}

function readCurve(bytes: Uint8Array, view: DataView, offset: number, size: number): ToneCurve | null {
  const type = sig(bytes, offset);
  if (type === 'curv') {
    if (size < 12) return null;
    const n = view.getUint32(offset + 8);
    if (12 + n * 2 > size) return null;
    if (n === 0) return { kind: 'gamma', gamma: 1 };
    if (n === 1) return { kind: 'gamma', gamma: view.getUint16(offset + 12) / 256 };
    const table = new Float64Array(n);
    for (let i = 0; i < n; i++) table[i] = view.getUint16(offset + 12 + i * 2) / 65535;
    return { kind: 'table', table };
  }
  if (type === 'para') {
    if (size < 12) return null;
    const fn = view.getUint16(offset + 8);
    const nParams = [1, 3, 4, 5, 7][fn];
    if (nParams === undefined || 12 + nParams * 4 > size) return null;
    const params: number[] = [];
    for (let i = 0; i < nParams; i++) params.push(view.getInt32(offset + 12 + i * 4) / 65536);
    return { kind: 'parametric', fn: fn as 0 | 1 | 2 | 3 | 4, params };
  }
  return null;
}

function readDescription(bytes: Uint8Array, view: DataView, tag: { offset: number; size: number } | undefined): string {
  if (!tag) return '';
  const { offset, size } = tag;
  const type = sig(bytes, offset);
  if (type === 'desc' && size >= 12) {
    // textDescriptionType (v2): a counted ASCII string including its NUL.
    const n = Math.min(view.getUint32(offset + 8), size - 12);
    let s = '';
    for (let i = 0; i < n; i++) {
      const c = bytes[offset + 12 + i]!;
      if (c === 0) break;
      s += String.fromCharCode(c);
    }
    return s;
  }
  if (type === 'mluc' && size >= 28) {
    // multiLocalizedUnicodeType (v4): the first record's UTF-16BE text.
    const len = view.getUint32(offset + 20);
    const at = view.getUint32(offset + 24);
    if (at + len > size) return '';
    let s = '';
    for (let i = 0; i + 1 < len; i += 2) s += String.fromCharCode(view.getUint16(offset + at + i));
    return s.replace(/\0+$/, '');
  }
  return '';
}

/** The curve at x (0..1): linear light, not clamped (a para curve with an offset may leave 0..1). */
export function evalCurve(c: ToneCurve, x: number): number {
  if (c.kind === 'gamma') return c.gamma === 1 ? x : x <= 0 ? 0 : Math.pow(x, c.gamma);
  if (c.kind === 'table') {
    const t = c.table;
    const pos = Math.min(Math.max(x, 0), 1) * (t.length - 1);
    const i = Math.min(Math.floor(pos), t.length - 2);
    const f = pos - i;
    return t[i]! + (t[i + 1]! - t[i]!) * f;
  }
  const p = c.params;
  const g = p[0]!,
    a = p[1] ?? 1,
    b = p[2] ?? 0,
    cc = p[3] ?? 0,
    d = p[4] ?? 0,
    e = p[5] ?? 0,
    f = p[6] ?? 0;
  const pw = (v: number): number => (v <= 0 ? 0 : Math.pow(v, g));
  switch (c.fn) {
    case 0:
      return pw(x);
    // Types 1 and 2 switch at x = -b/a, where the power's base crosses zero: pw() already gives 0 there.
    case 1:
      return pw(a * x + b);
    case 2:
      return pw(a * x + b) + cc;
    case 3:
      return x >= d ? pw(a * x + b) : cc * x;
    case 4:
      return x >= d ? pw(a * x + b) + e : cc * x + f;
  }
}

/** Inverse of a row-major 3x3 matrix, or null when singular. */
export function invert3(m: readonly number[]): number[] | null {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h,
    B = -(d * i - f * g),
    C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  const k = 1 / det;
  return [
    A * k,
    -(b * i - c * h) * k,
    (b * f - c * e) * k,
    B * k,
    (a * i - c * g) * k,
    -(a * f - c * d) * k,
    C * k,
    -(a * h - b * g) * k,
    (a * e - b * d) * k,
  ];
}

/**
 * sRGB IEC61966-2.1 as Photoshop ships it (the HP/Microsoft v2 profile): its colorants exactly as
 * that profile stores them in s15Fixed16, so a file tagged with the real profile and one that only
 * says "sRGB" (the PNG `sRGB` chunk) compare as the same space; the curve is the IEC formula the
 * profile's 1024-entry table samples.
 */
export const SRGB: IccProfile = {
  bytes: null,
  version: 2.1,
  deviceClass: 'mntr',
  colorSpace: 'RGB',
  description: 'sRGB IEC61966-2.1',
  whitePoint: [0xf351 / 65536, 1, 0x116cc / 65536],
  matrix: [
    0x6fa2 / 65536,
    0x6299 / 65536,
    0x24a0 / 65536,
    0x38f5 / 65536,
    0xb785 / 65536,
    0x0f84 / 65536,
    0x0390 / 65536,
    0x18da / 65536,
    0xb6cf / 65536,
  ],
  curves: (() => {
    const c: ToneCurve = { kind: 'parametric', fn: 3, params: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045] };
    return [c, c, c] as const;
  })(),
  lutTagsIgnored: false,
};
