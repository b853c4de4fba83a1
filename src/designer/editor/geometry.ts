/**
 * Stage geometry, pure: the view transform (zoom and pan), element boxes on the flat, and the
 * gestures' arithmetic (move with snapping, scale from a corner, rotate about the centre). All
 * positions are flat px unless named screen; element placement follows fabric through the
 * engine's own matrices, so the handles sit exactly where the worker draws.
 */
import { elementCenter, elementCorners, boundsOfPoints, type Bounds, type ElementTransform, type Vec2 } from '@pod-studio/engine/geometry';
import type { DesignElement } from '@pod-studio/engine/model';

export interface View {
  /** CSS px per flat px. */
  zoom: number;
  /** Screen position (CSS px, relative to the viewport) of the flat's top-left corner. */
  panX: number;
  panY: number;
}

export interface Size {
  width: number;
  height: number;
}

export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 8;
/** Zoom factor of one button press or key press. */
export const ZOOM_STEP = 1.2;
/** Space left around the flat when fitting it into the viewport, in CSS px. */
export const FIT_MARGIN = 24;
/** How close (in screen px) an edge or centre must come to a guide line to snap to it. */
export const SNAP_SCREEN_PX = 6;
/**
 * Inset of the safe zone from the print area's edges, as a share of its size. The product names no
 * safe zone; 5 % is the usual print-shop bleed-to-safe margin for garments.
 */
export const SAFE_ZONE_RATIO = 0.05;
/** Smallest on-flat size a scale gesture may leave an element at, in flat px. */
export const MIN_ELEMENT_PX = 4;

export const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

/** The flat centred in the viewport at the largest zoom that shows all of it. */
export function fitView(flat: Size, viewport: Size, margin = FIT_MARGIN): View {
  const zoom = clampZoom(Math.min((viewport.width - 2 * margin) / flat.width, (viewport.height - 2 * margin) / flat.height));
  const safe = zoom > 0 && Number.isFinite(zoom) ? zoom : ZOOM_MIN;
  return { zoom: safe, panX: (viewport.width - flat.width * safe) / 2, panY: (viewport.height - flat.height * safe) / 2 };
}

/** Zooms by `factor` keeping the flat point under `screen` where it is. */
export function zoomAt(view: View, factor: number, screen: Vec2): View {
  const zoom = clampZoom(view.zoom * factor);
  const k = zoom / view.zoom;
  return { zoom, panX: screen[0] - (screen[0] - view.panX) * k, panY: screen[1] - (screen[1] - view.panY) * k };
}

export const toFlat = (view: View, screen: Vec2): Vec2 => [(screen[0] - view.panX) / view.zoom, (screen[1] - view.panY) / view.zoom];
export const toScreen = (view: View, p: Vec2): Vec2 => [p[0] * view.zoom + view.panX, p[1] * view.zoom + view.panY];

/** The safe zone inside the print area. */
export function safeZone(flat: Size): Bounds {
  const dx = flat.width * SAFE_ZONE_RATIO;
  const dy = flat.height * SAFE_ZONE_RATIO;
  return { minX: dx, minY: dy, maxX: flat.width - dx, maxY: flat.height - dy };
}

/**
 * Whether part of a box lies outside the safe zone (half a pixel of rounding allowed): what lies
 * there may be trimmed or land on a seam when the product is made.
 */
export function leavesSafeZone(bounds: Bounds, flat: Size): boolean {
  const safe = safeZone(flat);
  const e = 0.5;
  return bounds.minX < safe.minX - e || bounds.minY < safe.minY - e || bounds.maxX > safe.maxX + e || bounds.maxY > safe.maxY + e;
}

/**
 * An element's box as the engine places it. Text boxes are the measured layout (fabric counts
 * the stroke too), so `textSize` is the layout size; null estimates it until the font is in.
 */
export function transformOf(el: DesignElement, textSize: Size | null): ElementTransform {
  if (el.type === 'image') return el;
  const size = textSize ?? estimateTextSize(el);
  return { ...el, width: size.width, height: size.height, strokeWidth: Number.isFinite(el.strokeWidth) ? el.strokeWidth : 0 };
}

function estimateTextSize(el: Extract<DesignElement, { type: 'text' }>): Size {
  const lines = el.text.split(/\r\n|\r|\n/);
  const longest = Math.max(1, ...lines.map((l) => l.length));
  return { width: longest * el.fontSize * 0.55, height: el.fontSize * 1.13 * (1.16 * (lines.length - 1) + 1) };
}

export const cornersOf = (t: ElementTransform): [Vec2, Vec2, Vec2, Vec2] => elementCorners(t);
export const boundsOf = (t: ElementTransform): Bounds => boundsOfPoints(elementCorners(t));

/** left/top that put the element's centre at `center` (the inverse of fabric's getCenterPoint). */
export function positionForCenter(t: ElementTransform, center: Vec2): { left: number; top: number } {
  const [ox, oy] = elementCenter({ ...t, left: 0, top: 0 });
  return { left: center[0] - ox, top: center[1] - oy };
}

// ---------------------------------------------------------------------------------------------
// Snapping

export interface Guide {
  axis: 'x' | 'y';
  /** Flat coordinate of the guide line. */
  at: number;
}

export interface SnapTargets {
  /** Ascending, so a move finds the nearest line by bisection: a stage can hold thousands. */
  xs: number[];
  ys: number[];
}

/** Lines a moving box snaps to: the print area's edges and centre lines, the safe zone, other elements' edges and centres. */
export function snapTargets(flat: Size, others: readonly Bounds[]): SnapTargets {
  const safe = safeZone(flat);
  const xs = [0, flat.width / 2, flat.width, safe.minX, safe.maxX];
  const ys = [0, flat.height / 2, flat.height, safe.minY, safe.maxY];
  for (const b of others) {
    xs.push(b.minX, (b.minX + b.maxX) / 2, b.maxX);
    ys.push(b.minY, (b.minY + b.maxY) / 2, b.maxY);
  }
  const ascending = (a: number, b: number) => a - b;
  return { xs: xs.sort(ascending), ys: ys.sort(ascending) };
}

/** Index of the first of the ascending `sorted` not below `v` (sorted.length when none). */
function lowerBound(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The shift from one of `edges` to its nearest line in the ascending `targets` (the smallest by size; the first edge's on a tie), and every line the shifted edges then touch. */
function snapAxis(edges: readonly number[], targets: readonly number[], threshold: number): { delta: number; at: number[] } {
  let best = Infinity;
  for (const e of edges) {
    const i = lowerBound(targets, e);
    // The nearest line is the first at or above the edge, or the last below it.
    for (const t of [targets[i - 1], targets[i]]) if (t !== undefined && Math.abs(t - e) < Math.abs(best)) best = t - e;
  }
  if (!(Math.abs(best) <= threshold)) return { delta: 0, at: [] };
  // Every target the snapped box now touches gets a guide (centre and edge can line up at once).
  const at = new Set<number>();
  for (const e of edges) {
    for (let i = lowerBound(targets, e + best - 1e-6); i < targets.length && targets[i]! < e + best + 1e-6; i++) at.add(targets[i]!);
  }
  return { delta: best, at: [...at] };
}

/** The shift that lands the box's nearest edge or centre on a target line within `threshold`, and the guides to show. */
export function snapBox(box: Bounds, targets: SnapTargets, threshold: number): { dx: number; dy: number; guides: Guide[] } {
  const x = snapAxis([box.minX, (box.minX + box.maxX) / 2, box.maxX], targets.xs, threshold);
  const y = snapAxis([box.minY, (box.minY + box.maxY) / 2, box.maxY], targets.ys, threshold);
  return {
    dx: x.delta,
    dy: y.delta,
    guides: [...x.at.map((at): Guide => ({ axis: 'x', at })), ...y.at.map((at): Guide => ({ axis: 'y', at }))],
  };
}

// ---------------------------------------------------------------------------------------------
// Scale and rotate

const rotate = (v: Vec2, deg: number): Vec2 => {
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [v[0] * c - v[1] * s, v[0] * s + v[1] * c];
};

/**
 * Scaling by dragging corner `corner` (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left
 * of the box as drawn) to `pointer`, the opposite corner staying put. `keepRatio` (the default
 * for corner handles) scales both axes by one factor along the box's diagonal.
 */
export function scaleFromCorner(
  t: ElementTransform,
  corner: 0 | 1 | 2 | 3,
  pointer: Vec2,
  keepRatio: boolean,
): { scaleX: number; scaleY: number; left: number; top: number } {
  const corners = cornersOf(t);
  const fixed = corners[(corner + 2) % 4]!;
  const dragged = corners[corner]!;
  const angle = t.angle ?? 0;
  // Both in the element's rotated frame, measured from the fixed corner.
  const v = rotate([dragged[0] - fixed[0], dragged[1] - fixed[1]], -angle);
  const d = rotate([pointer[0] - fixed[0], pointer[1] - fixed[1]], -angle);
  const sx0 = Math.abs(t.scaleX ?? 1);
  const sy0 = Math.abs(t.scaleY ?? 1);
  const minKx = MIN_ELEMENT_PX / Math.max(Math.abs(v[0]), 1e-9);
  const minKy = MIN_ELEMENT_PX / Math.max(Math.abs(v[1]), 1e-9);
  let kx: number;
  let ky: number;
  if (keepRatio) {
    const k = Math.max((d[0] * v[0] + d[1] * v[1]) / (v[0] * v[0] + v[1] * v[1]), minKx, minKy);
    kx = k;
    ky = k;
  } else {
    kx = Math.max(d[0] / v[0], minKx);
    ky = Math.max(d[1] / v[1], minKy);
  }
  const signX = Math.sign(t.scaleX ?? 1) || 1;
  const signY = Math.sign(t.scaleY ?? 1) || 1;
  const scaleX = signX * sx0 * kx;
  const scaleY = signY * sy0 * ky;
  const half = rotate([(v[0] * kx) / 2, (v[1] * ky) / 2], angle);
  const center: Vec2 = [fixed[0] + half[0], fixed[1] + half[1]];
  return { scaleX, scaleY, ...positionForCenter({ ...t, scaleX, scaleY }, center) };
}

/** Degrees of the rotate handle from the centre to the pointer, the handle sitting above the box. */
export function angleToward(center: Vec2, pointer: Vec2): number {
  return (Math.atan2(pointer[1] - center[1], pointer[0] - center[0]) * 180) / Math.PI + 90;
}

/** Normalises to [0, 360) and snaps: to `step` when given (shift), else to right angles within 3°. */
export function snapAngle(angle: number, step: number | null): number {
  let a = ((angle % 360) + 360) % 360;
  if (step !== null) a = Math.round(a / step) * step;
  else {
    const right = Math.round(a / 90) * 90;
    if (Math.abs(right - a) <= 3) a = right;
  }
  a = Math.round(a * 100) / 100;
  return a >= 360 ? a - 360 : a;
}

/** Turns the element to `angle` about its centre. */
export function rotateAboutCenter(t: ElementTransform, angle: number): { angle: number; left: number; top: number } {
  const center = elementCenter(t);
  return { angle, ...positionForCenter({ ...t, angle }, center) };
}
