/**
 * Where a bulk design lands on each product's print area. The designs (images and texts) are
 * stacked top to bottom in the order the merchant added them, and the stack is placed as one:
 * `fit` shows all of it inside the area, `fill` covers the area (the area's edge crops it),
 * `keep` prints it at its own size (an image's pixels at the print resolution, shrunk to fit
 * when that is larger than the area). The stack is then centred or pushed to the top or bottom
 * edge, and a merchant's adjustment of one product scales and shifts it from there. Pure.
 */

export type FitMode = 'fit' | 'fill' | 'keep';
export type Anchor = 'center' | 'top' | 'bottom';

/** What a kind of print area (a flat id: front, back, sleeve ...) does with the design. */
export interface AreaPlacement {
  print: boolean;
  mode: FitMode;
  anchor: Anchor;
}

/** One product's own correction: size in percent of the placed size, shifts in percent of the area. */
export interface Adjust {
  scalePct: number;
  offsetXPct: number;
  offsetYPct: number;
}

export const NO_ADJUST: Adjust = { scalePct: 100, offsetXPct: 0, offsetYPct: 0 };
export const DEFAULT_AREA: AreaPlacement = { print: true, mode: 'fit', anchor: 'center' };

export interface Size {
  width: number;
  height: number;
}

/** A print area: its editing size and its print size in pixels. */
export interface Area extends Size {
  flatWidth: number;
  flatHeight: number;
}

/** One piece of the stack, placed: its centre in the area's editing units and its scale. */
export interface PlacedPiece {
  left: number;
  top: number;
  scale: number;
}

/** Space between stacked pieces, as a share of the tallest piece. */
export const STACK_GAP = 0.08;

export function placeStack(
  pieces: readonly Size[],
  area: Area,
  placement: Pick<AreaPlacement, 'mode' | 'anchor'>,
  adjust: Adjust = NO_ADJUST,
): PlacedPiece[] {
  if (pieces.length === 0) return [];
  const gap = STACK_GAP * Math.max(...pieces.map((p) => p.height));
  const width = Math.max(...pieces.map((p) => p.width), 1);
  const height = Math.max(pieces.reduce((sum, p) => sum + p.height, 0) + gap * (pieces.length - 1), 1);
  const fit = Math.min(area.width / width, area.height / height);
  const fill = Math.max(area.width / width, area.height / height);
  // Editing units per print pixel: a piece's own pixels at the print resolution.
  const own = area.flatWidth > 0 ? area.width / area.flatWidth : fit;
  const base = placement.mode === 'fit' ? fit : placement.mode === 'fill' ? fill : Math.min(own, fit);
  const scale = base * (adjust.scalePct / 100);
  const boxH = height * scale;
  const centreX = area.width / 2 + (adjust.offsetXPct / 100) * area.width;
  const top =
    (placement.anchor === 'top' ? 0 : placement.anchor === 'bottom' ? area.height - boxH : (area.height - boxH) / 2) +
    (adjust.offsetYPct / 100) * area.height;
  const out: PlacedPiece[] = [];
  let y = top;
  for (const p of pieces) {
    out.push({ left: centreX, top: y + (p.height * scale) / 2, scale });
    y += (p.height + gap) * scale;
  }
  return out;
}
