/**
 * Turns a motif drawing into a finished clip-art SVG document: the finish (flat, die-cut sticker
 * with a white border, or a soft offset shadow), a transparent margin, and a view box fitted to
 * the drawing so a wide banner comes out wide and a tall bottle tall.
 *
 * The sticker border is a silhouette of the drawing itself (every element re-drawn in white with
 * its stroke widened), not an SVG morphology filter: librsvg's dilate costs ~1.6 s per 800 px
 * picture, the silhouette ~5 ms.
 */
import { r1, type Box } from './kit';

export type Finish = 'flat' | 'sticker' | 'shadow';

export interface Drawing {
  /** SVG elements in the 1000-unit design space. */
  body: string;
  /** Gradients and other defs the body refers to. */
  defs?: string;
  /** Bounds of the drawing including its own strokes. */
  box: Box;
}

const SHAPES = 'path|circle|ellipse|rect|polygon|polyline|line';
const PAINT = new Set([
  'fill',
  'stroke',
  'stroke-width',
  'opacity',
  'fill-opacity',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'class',
  'filter',
]);
const TAG_RE = new RegExp(`<(${SHAPES}|g)\\b([^>]*?)(/?)>`, 'g');
const ATTR_RE = /([\w:-]+)="([^"]*)"/g;

/**
 * The drawing as one colour, every outline widened by `spread` on each side. Paint attributes
 * are replaced, geometry and transforms kept; stroke widths inherited from a group are honoured.
 */
export function silhouette(body: string, colour: string, spread: number): string {
  const inherited: number[] = [0];
  let out = '';
  let last = 0;
  const closeRe = /<\/g>/g;
  // Walk tags in order, tracking the stroke width groups pass down.
  const tokens: { index: number; end: number; text: string }[] = [];
  for (const m of body.matchAll(TAG_RE)) tokens.push({ index: m.index ?? 0, end: (m.index ?? 0) + m[0].length, text: m[0] });
  for (const m of body.matchAll(closeRe)) tokens.push({ index: m.index ?? 0, end: (m.index ?? 0) + m[0].length, text: m[0] });
  tokens.sort((a, b) => a.index - b.index);
  for (const t of tokens) {
    out += body.slice(last, t.index);
    last = t.end;
    if (t.text === '</g>') {
      inherited.pop();
      out += '</g>';
      continue;
    }
    const m = /^<(\w+)\b([^>]*?)(\/?)>$/.exec(t.text);
    if (!m) continue;
    const [, tag, rest = '', selfClose] = m;
    const a: Record<string, string> = {};
    for (const am of rest.matchAll(ATTR_RE)) a[am[1] as string] = am[2] as string;
    const parentWidth = inherited[inherited.length - 1] ?? 0;
    const strokeNone = a.stroke === 'none';
    const ownWidth = a['stroke-width'] !== undefined ? Number(a['stroke-width']) : undefined;
    const hasStroke = a.stroke !== undefined ? !strokeNone : parentWidth > 0;
    const width = strokeNone ? 0 : (ownWidth ?? parentWidth);
    const kept = Object.entries(a)
      .filter(([k]) => !PAINT.has(k))
      .map(([k, v]) => ` ${k}="${v}"`)
      .join('');
    if (tag === 'g') {
      inherited.push(hasStroke ? width : 0);
      out += `<g${kept}>`;
      if (selfClose) {
        inherited.pop();
        out += '</g>';
      }
      continue;
    }
    const fillNone = a.fill === 'none';
    const w = (hasStroke ? width : 0) + spread * 2;
    out += `<${tag}${kept} fill="${fillNone ? 'none' : colour}" stroke="${colour}" stroke-width="${r1(w)}" stroke-linejoin="round" stroke-linecap="round"/>`;
  }
  out += body.slice(last);
  return out;
}

export interface Composed {
  svg: string;
  width: number;
  height: number;
}

/**
 * The SVG document at `size` pixels on the longer side. The margin keeps every pixel along the
 * border transparent, so a material is always transparent outside its drawing.
 */
export function composeClipart(drawing: Drawing, finish: Finish, size: number, stickerColour = '#FFFFFF'): Composed {
  const { box } = drawing;
  const longest = Math.max(box.w, box.h);
  const border = finish === 'sticker' ? Math.max(18, longest * 0.035) : 0;
  const shadow = finish === 'shadow' ? { dx: longest * 0.018, dy: longest * 0.026 } : null;
  const margin = longest * 0.04 + border + (shadow ? Math.max(shadow.dx, shadow.dy) : 0);
  const vx = box.x - margin;
  const vy = box.y - margin;
  const vw = box.w + margin * 2;
  const vh = box.h + margin * 2;
  const scale = size / Math.max(vw, vh);
  const width = Math.max(1, Math.round(vw * scale));
  const height = Math.max(1, Math.round(vh * scale));
  let layers = '';
  if (finish === 'sticker') {
    // A faint grey rim beyond the white border reads as the sticker's cut edge on white pages.
    layers += `<g opacity="0.22">${silhouette(drawing.body, '#5A5A66', border + Math.max(3, longest * 0.004))}</g>`;
    layers += silhouette(drawing.body, stickerColour, border);
  } else if (shadow) {
    layers += `<g opacity="0.2" transform="translate(${r1(shadow.dx)} ${r1(shadow.dy)})">${silhouette(drawing.body, '#1A1A2E', 0)}</g>`;
  }
  layers += drawing.body;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${r1(vx)} ${r1(vy)} ${r1(vw)} ${r1(vh)}">` +
    `${drawing.defs ? `<defs>${drawing.defs}</defs>` : ''}${layers}</svg>`;
  return { svg, width, height };
}
