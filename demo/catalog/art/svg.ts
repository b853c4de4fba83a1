/**
 * The SVG documents one view is photographed from: the product mask, the relief (folds, seams and
 * tones as valleys, for art/relief.ts's height field), the untinted parts, the backdrop and the
 * product's shadows. Blurs are grouped per radius so each radius costs one filter pass.
 */
import { DESIGN, hullBox, mapShape, svgOpen, svgPath, type Shape } from './path';
import type { Fold, Ornament, Tone, ViewDrawing } from '../archetypes/types';

function doc(size: number, inner: string, background: string | null): string {
  const bg = background ? `<rect width="${DESIGN}" height="${DESIGN}" fill="${background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${DESIGN} ${DESIGN}">${bg}${inner}</svg>`;
}

interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}
const WHOLE: Region = { x: 0, y: 0, w: DESIGN, h: DESIGN };

function blurFilter(id: string, std: number, region: Region = WHOLE): string {
  // A user-space region: a thin stroke's own bounding box would cut its blur off. Kept to the
  // product's box (plus the blur's reach) because the blur's cost grows with the region.
  const m = std * 3;
  return `<filter id="${id}" filterUnits="userSpaceOnUse" x="${region.x - m}" y="${region.y - m}" width="${region.w + 2 * m}" height="${region.h + 2 * m}"><feGaussianBlur stdDeviation="${std}"/></filter>`;
}

/** Blur radii snap to a few steps: each distinct radius costs a full filter pass. */
const BLUR_STEPS = [1.2, 3, 6, 10, 16, 25, 40, 60];
const snapBlur = (b: number) => (b <= 0 ? 0 : BLUR_STEPS.reduce((best, s) => (Math.abs(s - b) < Math.abs(best - b) ? s : best)));

/** Elements grouped by blur radius: one filtered group per radius. */
function blurGroups(items: readonly { blur: number; svg: string }[], prefix: string, region: Region): { defs: string; body: string } {
  const byBlur = new Map<number, string[]>();
  for (const item of items) {
    const blur = snapBlur(item.blur);
    const list = byBlur.get(blur) ?? [];
    list.push(item.svg);
    byBlur.set(blur, list);
  }
  let defs = '';
  let body = '';
  [...byBlur.entries()].forEach(([blur, svgs], i) => {
    if (blur > 0) {
      defs += blurFilter(`${prefix}${i}`, blur, region);
      body += `<g filter="url(#${prefix}${i})">${svgs.join('')}</g>`;
    } else {
      body += svgs.join('');
    }
  });
  return { defs, body };
}

function foldSvg(f: Fold): { blur: number; svg: string } {
  return {
    blur: f.blur,
    svg: `<path d="${svgOpen(f.path)}" fill="none" stroke="#000" stroke-opacity="${f.opacity}" stroke-width="${f.width}" stroke-linecap="round" stroke-linejoin="round"/>`,
  };
}

function toneSvg(t: Tone, colour: string): { blur: number; svg: string } {
  return { blur: t.blur, svg: `<path d="${svgPath(t.shape)}" fill="${colour}" fill-opacity="${t.opacity}" fill-rule="nonzero"/>` };
}

export function maskSvg(view: ViewDrawing, size: number): string {
  return doc(size, `<path d="${svgPath(view.body)}" fill="#fff" fill-rule="nonzero"/>`, '#000');
}

/**
 * The drawing's relief for the height field: mid grey is the surface, folds, seams and tones are
 * valleys (darker = deeper). Thin crisp strokes (seams) are kept shallow: a seam is a groove, not
 * a trench.
 */
export function reliefSvg(view: ViewDrawing, size: number): string {
  const items = [
    ...(view.tones ?? []).map((t) => toneSvg(t, '#000')),
    ...(view.folds ?? []).map((f) => {
      const item = foldSvg(f.blur < 3 ? { ...f, opacity: f.opacity * 0.2 } : f);
      return item;
    }),
  ];
  const groups = blurGroups(items, 'r', hullBox(view.body));
  return doc(size, `<defs>${groups.defs}</defs>${groups.body}`, '#808080');
}

function ornamentSvg(o: Ornament): string {
  const stroke = o.stroke ? ` stroke="${o.stroke}" stroke-width="${o.strokeWidth ?? 1}"` : '';
  return `<path d="${svgPath(o.shape)}" fill="${o.fill}" fill-rule="nonzero" fill-opacity="${o.opacity ?? 1}"${stroke}/>`;
}

export function partsSvg(view: ViewDrawing, size: number): string | null {
  const ornaments = view.ornaments ?? [];
  if (ornaments.length === 0) return null;
  return doc(size, ornaments.map(ornamentSvg).join(''), null);
}

/** The studio backdrop alone: a wall for wall art, a soft floor sweep otherwise. */
export function backdropSvg(view: ViewDrawing, size: number): string {
  if (view.backdrop === 'wall') {
    return doc(
      size,
      '<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#EFEFEC"/><stop offset="1" stop-color="#E2E2DE"/></linearGradient></defs>' +
        `<rect width="${DESIGN}" height="${DESIGN}" fill="url(#wall)"/>`,
      null,
    );
  }
  return doc(
    size,
    '<defs><radialGradient id="floor" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#F1F2F4"/><stop offset="1" stop-color="#DADCE0"/></radialGradient></defs>' +
      `<rect width="${DESIGN}" height="${DESIGN}" fill="url(#floor)"/>`,
    null,
  );
}

/**
 * The shadows as darkness on white (white = no shadow), of the body, its parts and underlays: a
 * tight contact shadow where the product meets the floor or wall, and a wide soft one cast by the
 * key light from the upper left.
 */
export function shadowSvg(view: ViewDrawing, size: number): string {
  const all = [...view.body, ...(view.ornaments ?? []).flatMap((o) => o.shape), ...(view.underlays ?? []).flatMap((u) => u.shape)];
  const d = svgPath(all);
  const box = hullBox(all);
  const layers: [number, number, number, number][] =
    view.backdrop === 'wall'
      ? [
          [3, 4, 3, 0.34],
          [16, 24, 16, 0.26],
        ]
      : [
          [1.5, 3, 3.5, 0.2],
          [9, 15, 18, 0.2],
        ];
  const defs = layers.map(([dx, dy, blur], i) => blurFilter(`sh${i}`, blur, { x: box.x + dx, y: box.y + dy, w: box.w, h: box.h })).join('');
  const body = layers
    .map(
      ([dx, dy, , opacity], i) =>
        `<g filter="url(#sh${i})"><path d="${d}" transform="translate(${dx} ${dy})" fill="#000" fill-opacity="${opacity}" fill-rule="nonzero"/></g>`,
    )
    .join('');
  return doc(size, `<defs>${defs}</defs>${body}`, '#FFFFFF');
}

/** The opening of a glazed frame: inside its outer edge, outside the frame itself. */
export function glassSvg(view: ViewDrawing, size: number): string {
  const outer = view.body[0];
  const inner = outer ? svgPath([outer]) : '';
  return doc(
    size,
    `<defs><clipPath id="outer"><path d="${inner}"/></clipPath></defs><g clip-path="url(#outer)"><rect width="${DESIGN}" height="${DESIGN}" fill="#fff"/><path d="${svgPath(view.body)}" fill="#000" fill-rule="nonzero"/></g>`,
    '#000',
  );
}

/** What the photo shows beneath the print but is no part of the product (a framed print's paper). */
export function underlaySvg(view: ViewDrawing, size: number): string | null {
  const underlays = view.underlays ?? [];
  return underlays.length === 0 ? null : doc(size, underlays.map(ornamentSvg).join(''), null);
}

/** A category icon: the representative product's outline, drawn as a line icon. */
export function iconSvg(body: Shape, size: number): string {
  return doc(
    size,
    `<path d="${svgPath(body)}" fill="#FFF3EC" stroke="#F26B1D" stroke-width="22" stroke-linejoin="round" fill-rule="nonzero"/>`,
    null,
  );
}

/** A flat's outline image: the printable area in white with a thin dashed border. */
export function flatOutlineSvg(outline: Shape | undefined, w: number, h: number): string {
  const d = outline ? svgPath(mapShape(outline, ([x, y]) => [x * w, y * h])) : `M0 0H${w}V${h}H0Z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><path d="${d}" fill="#FFFFFF" fill-rule="nonzero" stroke="#9AA0A6" stroke-width="2" stroke-dasharray="8 6"/></svg>`;
}
