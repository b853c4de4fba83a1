/**
 * Lettering made of paths, no font files: a monoline alphabet (A-Z, 0-9 and a little
 * punctuation) drawn as open strokes on a 100-unit cap height. Words are laid out on a line or
 * around a circle and stroked with round caps, so one glyph set gives bold sign lettering, neon
 * double lines and badge rims alike.
 */
import { r1 } from './kit';

interface Glyph {
  /** Advance width before spacing, in glyph units (cap height 100). */
  w: number;
  /** Stroke path in glyph units, y down, 0 = cap line, 100 = baseline. */
  d: string;
}

const O = 'M32 0C12 0 0 22 0 50C0 78 12 100 32 100C52 100 64 78 64 50C64 22 52 0 32 0Z';

export const GLYPHS: Readonly<Record<string, Glyph>> = {
  A: { w: 64, d: 'M0 100L32 0L64 100M13 64L51 64' },
  B: { w: 58, d: 'M0 100L0 0L32 0C50 0 55 12 55 24C55 38 46 48 30 48L0 48M30 48C50 48 58 60 58 74C58 90 48 100 32 100L0 100' },
  C: { w: 60, d: 'M60 18C52 5 42 0 32 0C12 0 0 22 0 50C0 78 12 100 32 100C42 100 52 95 60 82' },
  D: { w: 60, d: 'M0 0L0 100L24 100C48 100 60 80 60 50C60 20 48 0 24 0Z' },
  E: { w: 54, d: 'M54 0L0 0L0 100L54 100M0 50L42 50' },
  F: { w: 52, d: 'M52 0L0 0L0 100M0 50L40 50' },
  G: { w: 62, d: 'M60 18C52 5 42 0 32 0C12 0 0 22 0 50C0 78 12 100 32 100C50 100 62 86 62 62L62 56L36 56' },
  H: { w: 60, d: 'M0 0L0 100M60 0L60 100M0 50L60 50' },
  I: { w: 0, d: 'M0 0L0 100' },
  J: { w: 44, d: 'M44 0L44 70C44 90 36 100 22 100C8 100 0 90 0 76' },
  K: { w: 58, d: 'M0 0L0 100M56 0L0 62M20 40L58 100' },
  L: { w: 50, d: 'M0 0L0 100L50 100' },
  M: { w: 76, d: 'M0 100L0 0L38 66L76 0L76 100' },
  N: { w: 60, d: 'M0 100L0 0L60 100L60 0' },
  O: { w: 64, d: O },
  P: { w: 56, d: 'M0 100L0 0L32 0C50 0 56 12 56 27C56 42 48 54 32 54L0 54' },
  Q: { w: 64, d: `${O}M40 72L66 104` },
  R: { w: 58, d: 'M0 100L0 0L32 0C50 0 56 12 56 27C56 42 48 54 32 54L0 54M30 54L58 100' },
  S: { w: 56, d: 'M54 16C48 6 40 0 28 0C13 0 3 9 3 23C3 39 17 45 29 49C45 54 56 60 56 76C56 92 44 100 28 100C14 100 5 94 0 83' },
  T: { w: 62, d: 'M0 0L62 0M31 0L31 100' },
  U: { w: 60, d: 'M0 0L0 66C0 88 12 100 30 100C48 100 60 88 60 66L60 0' },
  V: { w: 64, d: 'M0 0L32 100L64 0' },
  W: { w: 88, d: 'M0 0L21 100L44 28L67 100L88 0' },
  X: { w: 60, d: 'M0 0L60 100M60 0L0 100' },
  Y: { w: 62, d: 'M0 0L31 52L62 0M31 52L31 100' },
  Z: { w: 58, d: 'M2 0L58 0L0 100L58 100' },
  0: { w: 54, d: 'M27 0C9 0 0 22 0 50C0 78 9 100 27 100C45 100 54 78 54 50C54 22 45 0 27 0Z' },
  1: { w: 26, d: 'M0 20L26 0L26 100' },
  2: { w: 56, d: 'M3 22C6 8 16 0 29 0C45 0 54 10 54 25C54 44 38 58 0 100L56 100' },
  3: { w: 56, d: 'M4 12C10 4 18 0 29 0C45 0 53 10 53 24C53 38 43 48 25 48C45 48 56 58 56 74C56 90 44 100 28 100C15 100 6 94 0 84' },
  4: { w: 58, d: 'M42 100L42 0L0 70L58 70' },
  5: { w: 56, d: 'M52 0L8 0L4 44C12 38 20 36 29 36C46 36 56 50 56 68C56 88 44 100 27 100C14 100 5 93 0 83' },
  6: { w: 56, d: 'M50 8C45 2 37 0 29 0C11 0 2 20 2 54C2 84 13 100 29 100C45 100 56 88 56 68C56 50 45 38 29 38C15 38 4 48 2 60' },
  7: { w: 56, d: 'M0 0L56 0L18 100' },
  8: {
    w: 56,
    d: 'M28 48C13 48 5 38 5 24C5 10 15 0 28 0C41 0 51 10 51 24C51 38 43 48 28 48C11 48 1 60 1 74C1 90 13 100 28 100C43 100 55 90 55 74C55 60 45 48 28 48Z',
  },
  9: { w: 56, d: 'M6 92C11 98 19 100 27 100C45 100 54 80 54 46C54 16 43 0 27 0C11 0 0 12 0 32C0 50 11 62 27 62C41 62 52 52 54 40' },
  '!': { w: 0, d: 'M0 0L0 64M0 96L0 100' },
  '?': { w: 48, d: 'M0 22C2 8 12 0 25 0C39 0 48 10 48 23C48 38 34 44 26 52C22 56 22 60 22 66M22 96L22 100' },
  '.': { w: 0, d: 'M0 96L0 100' },
  '-': { w: 34, d: 'M0 56L34 56' },
  '+': { w: 52, d: 'M0 52L52 52M26 26L26 78' },
  "'": { w: 0, d: 'M0 0L0 24' },
  '&': {
    w: 64,
    d: 'M64 100L14 40C6 30 8 14 16 7C24 0 38 0 45 8C53 16 50 30 40 38L14 58C2 68 0 78 6 88C12 98 24 100 34 100C46 100 56 92 64 76',
  },
  '%': {
    w: 62,
    d: 'M58 0L4 100M14 4C6 4 2 10 2 19C2 28 6 34 14 34C22 34 26 28 26 19C26 10 22 4 14 4ZM48 66C40 66 36 72 36 81C36 90 40 96 48 96C56 96 60 90 60 81C60 72 56 66 48 66Z',
  },
  ' ': { w: 30, d: '' },
};

export interface Laid {
  /** Path data of every glyph, already placed, in glyph units. */
  d: string;
  /** One path per glyph (for per-letter colours). */
  glyphs: string[];
  width: number;
}

/**
 * Maps every absolute coordinate pair of a glyph path (only M, L, C, Q and Z are used) to
 * (x * s + dx, y * s + dy). Baking the scale into the coordinates, rather than a scale()
 * transform, keeps stroke widths in design units, which the sticker silhouette relies on.
 */
export function mapD(d: string, s: number, dx = 0, dy = 0): string {
  return d.replace(/([MLCQ])([^MLCQZ]*)/g, (_, cmd: string, nums: string) => {
    const values = nums
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const moved = values.map((v, i) => r1(i % 2 === 0 ? v * s + dx : v * s + dy));
    return `${cmd}${moved.join(' ')}`;
  });
}

const shift = (d: string, dx: number): string => mapD(d, 1, dx, 0);

/** Lays a word out on one line in glyph units; `tracking` is the gap between glyphs (include the stroke width). */
export function layLine(text: string, tracking: number): Laid {
  let x = 0;
  const glyphs: string[] = [];
  const chars = [...text.toUpperCase()];
  chars.forEach((c, i) => {
    const g = GLYPHS[c];
    if (!g) throw new Error(`no glyph for ${JSON.stringify(c)}`);
    if (g.d) glyphs.push(shift(g.d, x));
    x += g.w + (i < chars.length - 1 ? tracking : 0);
  });
  return { d: glyphs.join(''), glyphs, width: x };
}

/**
 * Glyphs around a circle, centred on angle `at` (degrees, 0 = top), reading clockwise on the top
 * half and counter-clockwise on the bottom (`bottom` true), as on a seal. Returns one path per
 * glyph, scaled by `scale` (cap height 100 * scale) and placed with translate/rotate only.
 */
export function layArc(
  text: string,
  cx: number,
  cy: number,
  radius: number,
  scale: number,
  tracking: number,
  at: number,
  bottom: boolean,
): string[] {
  const chars = [...text.toUpperCase()];
  const widths = chars.map((c) => (GLYPHS[c]?.w ?? 0) * scale);
  const gaps = tracking * scale;
  const total = widths.reduce((a, b) => a + b, 0) + gaps * Math.max(0, chars.length - 1);
  const perUnit = 180 / (Math.PI * radius);
  let along = -total / 2;
  const out: string[] = [];
  chars.forEach((c, i) => {
    const g = GLYPHS[c];
    const w = widths[i] ?? 0;
    const centre = along + w / 2;
    along += w + gaps;
    if (!g || !g.d) return;
    const angle = bottom ? at - centre * perUnit : at + centre * perUnit;
    const rad = ((angle - 90) * Math.PI) / 180;
    const px = cx + radius * Math.cos(rad);
    const py = cy + radius * Math.sin(rad);
    // Top: letters stand on the circle facing out; bottom: they hang inside it, upright.
    const rotate = bottom ? angle - 180 : angle;
    const ty = bottom ? 0 : -100 * scale;
    out.push(`<path transform="translate(${r1(px)} ${r1(py)}) rotate(${r1(rotate)})" d="${mapD(g.d, scale, -w / 2, ty)}"/>`);
  });
  return out;
}

export interface Placed {
  /** Every glyph, in design units. */
  d: string;
  glyphs: string[];
  /** Design units per glyph unit. */
  s: number;
  x: number;
  y: number;
  /** Width and cap height in design units. */
  w: number;
  h: number;
}

/** A word centred on (cx, cy), at most `maxW` wide and `maxH` tall (cap height), in design units. */
export function placeWord(text: string, cx: number, cy: number, maxW: number, maxH: number, tracking = 40): Placed {
  const laid = layLine(text, tracking);
  const s = Math.min(maxW / Math.max(1, laid.width), maxH / 100);
  const x = cx - (laid.width * s) / 2;
  const y = cy - 50 * s;
  return { d: mapD(laid.d, s, x, y), glyphs: laid.glyphs.map((g) => mapD(g, s, x, y)), s, x, y, w: laid.width * s, h: 100 * s };
}
