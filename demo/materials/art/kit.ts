/**
 * Drawing kit for the clip-art library: colour palettes, colour maths and small SVG builders
 * (stars, hearts, blobs, leaves, smooth closed curves). Everything is drawn in a 1000 x 1000
 * design space and returned as SVG markup; nothing here touches the disk or a random source
 * other than the Rng passed in, so a seed always draws the same picture.
 */
import type { Rng } from '../../prng';

export type Pt = readonly [number, number];

export interface Palette {
  key: string;
  /** A word for material names ("Sunset Heart"). */
  name: string;
  /** Five fill colours, roughly from warm/strong to soft. */
  colors: readonly [string, string, string, string, string];
  /** Outline and detail colour (eyes, seams, lettering outline). */
  ink: string;
  /** A near-white for highlights and inner shapes. */
  light: string;
}

export const PALETTES: readonly Palette[] = [
  { key: 'sunset', name: 'Sunset', colors: ['#FF6B4A', '#FFB347', '#FFD56B', '#E84A7F', '#8E4585'], ink: '#3B1F2B', light: '#FFF4E6' },
  { key: 'ocean', name: 'Ocean', colors: ['#1B8FD1', '#36C2CE', '#7FDBDA', '#0B4F8A', '#F4D35E'], ink: '#0D2538', light: '#EAF8FF' },
  { key: 'forest', name: 'Forest', colors: ['#3E8E41', '#8BC34A', '#C5E1A5', '#795548', '#FFB74D'], ink: '#1F3321', light: '#F1F8E9' },
  { key: 'candy', name: 'Candy', colors: ['#FF5DA2', '#FFC4E1', '#7AD7F0', '#B28DFF', '#FFE66D'], ink: '#46244C', light: '#FFF6FB' },
  { key: 'pastel', name: 'Pastel', colors: ['#F7A8B8', '#A8D8EA', '#FCE38A', '#B8E0D2', '#D6C1F0'], ink: '#4A4E69', light: '#FFFFFF' },
  { key: 'retro', name: 'Retro', colors: ['#E76F51', '#F4A261', '#E9C46A', '#2A9D8F', '#264653'], ink: '#1D2D35', light: '#FDF3E1' },
  { key: 'neon', name: 'Neon', colors: ['#FF2E88', '#00E5FF', '#B6FF00', '#FFE500', '#9D4EDD'], ink: '#14101F', light: '#F8F8FF' },
  { key: 'earth', name: 'Earthy', colors: ['#C97C5D', '#D9A05B', '#A3B18A', '#6B705C', '#E8D5B7'], ink: '#3A2E25', light: '#FAF3E8' },
  { key: 'berry', name: 'Berry', colors: ['#C2185B', '#8E24AA', '#F06292', '#5E35B1', '#FFB300'], ink: '#2E0F2A', light: '#FCE4EC' },
  { key: 'citrus', name: 'Citrus', colors: ['#FF9F1C', '#FFBF69', '#CBF3F0', '#2EC4B6', '#F15BB5'], ink: '#2B2B2B', light: '#FFFDF5' },
  { key: 'royal', name: 'Royal', colors: ['#283593', '#C9A227', '#5C6BC0', '#B71C1C', '#E8EAF6'], ink: '#121640', light: '#FFFDF0' },
  { key: 'vintage', name: 'Vintage', colors: ['#B5523B', '#D8A657', '#6C8A7B', '#2F4858', '#EADBC8'], ink: '#2B2118', light: '#F6EEDF' },
  { key: 'mono', name: 'Midnight', colors: ['#2D3142', '#4F5D75', '#BFC0C0', '#EF8354', '#9DB4C0'], ink: '#111318', light: '#FFFFFF' },
  { key: 'tropical', name: 'Tropical', colors: ['#06D6A0', '#FFD166', '#EF476F', '#118AB2', '#F78C6B'], ink: '#073B4C', light: '#FFFFFF' },
  { key: 'autumn', name: 'Autumn', colors: ['#D1495B', '#EDAE49', '#00798C', '#8C5E3C', '#F3DFA2'], ink: '#30201A', light: '#FFF8EC' },
  { key: 'mint', name: 'Mint', colors: ['#3DDC97', '#46B1C9', '#FF9B85', '#FFD97D', '#AAF683'], ink: '#12372A', light: '#F3FFF9' },
];

// ---------- numbers and colours ----------

/** One decimal: keeps the SVG short and the output identical across platforms. */
export const r1 = (v: number): number => Math.round(v * 10) / 10;
export const pt = (p: Pt): string => `${r1(p[0])} ${r1(p[1])}`;

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const toHex = (c: readonly number[]): string =>
  `#${c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase()}`;

/** Mixes `hex` towards `to` by t (0 = hex, 1 = to). */
export function mix(hex: string, to: string, t: number): string {
  const a = parseHex(hex);
  const b = parseHex(to);
  return toHex(a.map((v, i) => v + ((b[i] ?? 0) - v) * t));
}

export const darker = (hex: string, t = 0.25): string => mix(hex, '#000000', t);
export const lighter = (hex: string, t = 0.35): string => mix(hex, '#FFFFFF', t);

/** Relative luminance 0-1 (sRGB approximation): picks ink or white for details on a fill. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ---------- markup ----------

export type Attrs = Record<string, string | number | undefined>;

export function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? r1(v) : v}"`)
    .join('');
}

export const path = (d: string, a: Attrs = {}): string => `<path d="${d}"${attrs(a)}/>`;
export const circle = (cx: number, cy: number, r: number, a: Attrs = {}): string =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}"${attrs(a)}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, a: Attrs = {}): string =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}"${attrs(a)}/>`;
export const rect = (x: number, y: number, w: number, h: number, a: Attrs = {}): string =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}"${attrs(a)}/>`;
export const group = (inner: string, a: Attrs = {}): string => `<g${attrs(a)}>${inner}</g>`;

/** Outline attributes of the 'outlined' style; empty for flat drawings. */
export interface Ink {
  /** Spread into an element's attributes: a dark outline or nothing. */
  line: Attrs;
  ink: string;
  /** Stroke width of outlines (0 when flat). */
  width: number;
}

export function inkOf(pal: Palette, outlined: boolean, width = 14): Ink {
  return outlined
    ? { line: { stroke: pal.ink, 'stroke-width': width, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }, ink: pal.ink, width }
    : { line: {}, ink: pal.ink, width: 0 };
}

export function linearGradient(id: string, from: string, to: string, vertical = true): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

export function radialGradient(id: string, inner: string, outer: string, cx = 0.5, cy = 0.5, r = 0.6): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`;
}

// ---------- geometry ----------

export const polar = (cx: number, cy: number, r: number, angleDeg: number): Pt => {
  const a = ((angleDeg - 90) * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
};

export function polyD(points: readonly Pt[], closed = true): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${pt(p)}`).join('') + (closed ? 'Z' : '');
}

/** An n-pointed star; rotation in degrees, point 0 straight up. */
export function starPoints(cx: number, cy: number, n: number, outer: number, inner: number, rotation = 0): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < n * 2; i += 1) out.push(polar(cx, cy, i % 2 === 0 ? outer : inner, rotation + (180 / n) * i));
  return out;
}

export const starD = (cx: number, cy: number, n: number, outer: number, inner: number, rotation = 0): string =>
  polyD(starPoints(cx, cy, n, outer, inner, rotation));

export const regularD = (cx: number, cy: number, n: number, r: number, rotation = 0): string =>
  polyD(Array.from({ length: n }, (_, i) => polar(cx, cy, r, rotation + (360 / n) * i)));

/** A smooth closed curve through the points (Catmull-Rom as cubic Beziers). */
export function smoothClosedD(points: readonly Pt[], tension = 1): string {
  const n = points.length;
  const at = (i: number) => points[((i % n) + n) % n] as Pt;
  let d = `M${pt(at(0))}`;
  for (let i = 0; i < n; i += 1) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1: Pt = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2: Pt = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return `${d}Z`;
}

/** An organic blob of radius about r: n points with seeded wobble. */
export function blobD(rng: Rng, cx: number, cy: number, r: number, n = 7, wobble = 0.18): string {
  const points: Pt[] = [];
  const start = rng.next() * 360;
  for (let i = 0; i < n; i += 1) points.push(polar(cx, cy, r * (1 - wobble + rng.next() * wobble * 2), start + (360 / n) * i));
  return smoothClosedD(points);
}

/** A heart whose bounding box is (cx - w/2, top) to (cx + w/2, top + 0.9 w). */
export function heartD(cx: number, top: number, w: number): string {
  const s = w / 100;
  const x = (v: number) => r1(cx + v * s);
  const y = (v: number) => r1(top + v * s);
  return (
    `M${x(0)} ${y(22)}C${x(-8)} ${y(4)} ${x(-22)} ${y(0)} ${x(-30)} ${y(0)}C${x(-44)} ${y(0)} ${x(-50)} ${y(14)} ${x(-50)} ${y(27)}` +
    `C${x(-50)} ${y(52)} ${x(-22)} ${y(68)} ${x(0)} ${y(90)}C${x(22)} ${y(68)} ${x(50)} ${y(52)} ${x(50)} ${y(27)}` +
    `C${x(50)} ${y(14)} ${x(44)} ${y(0)} ${x(30)} ${y(0)}C${x(22)} ${y(0)} ${x(8)} ${y(4)} ${x(0)} ${y(22)}Z`
  );
}

/** A pointed leaf from base to tip, `width` across at its widest. */
export function leafD(base: Pt, tip: Pt, width: number): string {
  const [bx, by] = base;
  const [tx, ty] = tip;
  const dx = tx - bx;
  const dy = ty - by;
  const len = Math.hypot(dx, dy) || 1;
  const nx = (-dy / len) * width * 0.66;
  const ny = (dx / len) * width * 0.66;
  const a: Pt = [bx + dx * 0.3 + nx, by + dy * 0.3 + ny];
  const b: Pt = [bx + dx * 0.75 + nx * 0.8, by + dy * 0.75 + ny * 0.8];
  const c: Pt = [bx + dx * 0.75 - nx * 0.8, by + dy * 0.75 - ny * 0.8];
  const d: Pt = [bx + dx * 0.3 - nx, by + dy * 0.3 - ny];
  return `M${pt(base)}C${pt(a)} ${pt(b)} ${pt(tip)}C${pt(c)} ${pt(d)} ${pt(base)}Z`;
}

/** A rounded rectangle path (for shapes that must be a single path). */
export function roundRectD(x: number, y: number, w: number, h: number, r: number): string {
  const k = r * 0.5523;
  return (
    `M${r1(x + r)} ${r1(y)}H${r1(x + w - r)}C${r1(x + w - r + k)} ${r1(y)} ${r1(x + w)} ${r1(y + r - k)} ${r1(x + w)} ${r1(y + r)}` +
    `V${r1(y + h - r)}C${r1(x + w)} ${r1(y + h - r + k)} ${r1(x + w - r + k)} ${r1(y + h)} ${r1(x + w - r)} ${r1(y + h)}` +
    `H${r1(x + r)}C${r1(x + r - k)} ${r1(y + h)} ${r1(x)} ${r1(y + h - r + k)} ${r1(x)} ${r1(y + h - r)}` +
    `V${r1(y + r)}C${r1(x)} ${r1(y + r - k)} ${r1(x + r - k)} ${r1(y)} ${r1(x + r)} ${r1(y)}Z`
  );
}

/** A scalloped circle (rosettes, seals, flower centres): n bumps of depth `bump`. */
export function scallopD(cx: number, cy: number, r: number, n: number, bump: number): string {
  let d = '';
  for (let i = 0; i < n; i += 1) {
    const a0 = polar(cx, cy, r, (360 / n) * i);
    const mid = polar(cx, cy, r + bump * 2, (360 / n) * (i + 0.5));
    const a1 = polar(cx, cy, r, (360 / n) * (i + 1));
    d += i === 0 ? `M${pt(a0)}` : '';
    d += `Q${pt(mid)} ${pt(a1)}`;
  }
  return `${d}Z`;
}

/** An arc path along a circle from angle a0 to a1 (degrees, 0 = up, clockwise). */
export function arcD(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const p0 = polar(cx, cy, r, a0);
  const p1 = polar(cx, cy, r, a1);
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  const sweep = a1 > a0 ? 1 : 0;
  return `M${pt(p0)}A${r1(r)} ${r1(r)} 0 ${large} ${sweep} ${pt(p1)}`;
}

/** A ring-sector filled path (rainbow bands, donut icing). */
export function bandD(cx: number, cy: number, r0: number, r1_: number, a0: number, a1: number): string {
  const p0 = polar(cx, cy, r1_, a0);
  const p1 = polar(cx, cy, r1_, a1);
  const q1 = polar(cx, cy, r0, a1);
  const q0 = polar(cx, cy, r0, a0);
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  return `M${pt(p0)}A${r1(r1_)} ${r1(r1_)} 0 ${large} 1 ${pt(p1)}L${pt(q1)}A${r1(r0)} ${r1(r0)} 0 ${large} 0 ${pt(q0)}Z`;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const box = (x: number, y: number, w: number, h: number): Box => ({ x, y, w, h });
