/**
 * Photoshop's preset warps (Edit > Transform > Warp > Arc, Flag, Inflate, ...)
 * as Bezier control nets.
 *
 * A preset is only a recipe for control points: Photoshop turns (style, bend,
 * horizontal/vertical distortion, orientation, bounds) into a Bezier net and
 * renders that net like a custom warp. This module writes the net in the
 * warp's own frame, where the source image spans `bounds` and texture
 * coordinate (u, v) is the normalised position inside `bounds`.
 *
 * Two facts measured on Photoshop's own pixels shape the API:
 * - Inflate and Squeeze are *quadratic* nets (3x3 points; the PSD stores
 *   uOrder = vOrder = 3). Their surface is exactly a cubic patch (degree
 *   elevation), but the elevated 16 points have a smaller bounding box than
 *   the 9 native ones, and Photoshop maps the native box onto
 *   `placedLayer.transform`. Callers must place with `placementBounds`
 *   (or `presetWarpPlacementBounds`), never with the box of the 16 points.
 * - Cylinder is two cubic patches side by side (left and right halves of
 *   the ellipse): Photoshop's layer is as tall as the surface (to a pixel),
 *   which one cubic patch cannot give, as its handles must reach past its
 *   curve. The exact net is a 4x7 quilt (`presetWarpNet(...).quilt`, ready
 *   for `createQuiltWarp`); `presetWarpPoints` gives a one-patch stand-in.
 */
import type { Vec2 } from './types';
import { boundsOfPoints } from './types';

export const WARP_PRESET_STYLES = [
  'arc',
  'arcLower',
  'arcUpper',
  'arch',
  'bulge',
  'shellLower',
  'shellUpper',
  'flag',
  'wave',
  'fish',
  'rise',
  'fisheye',
  'inflate',
  'squeeze',
  'twist',
  'cylinder',
] as const;

/** ag-psd's `Warp['style']` spellings of the presets ('none' and 'custom' are not presets). */
export type WarpPresetStyle = (typeof WARP_PRESET_STYLES)[number];

export interface WarpPresetParams {
  /** Bend in percent, -100..100 (ag-psd `warp.value`). */
  readonly bend: number;
  /** Horizontal distortion in percent, -100..100 (ag-psd `warp.perspective`). */
  readonly horizontal: number;
  /** Vertical distortion in percent, -100..100 (ag-psd `warp.perspectiveOther`). */
  readonly vertical: number;
  /** ag-psd `warp.rotate`: which way the preset bends. */
  readonly orientation: 'horizontal' | 'vertical';
  /** ag-psd `warp.values`, only the cylinder has them (see `CylinderValues`). */
  readonly values?: readonly number[];
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A preset's control net. `points` is what Photoshop itself builds (its
 * orders are the PSD's uOrder/vOrder); `quilt` is the same surface as cubic
 * patches, in the shape `createQuiltWarp` takes.
 */
export interface PresetWarpNet {
  /** Degree + 1 along u and v of every patch: 3 for Inflate/Squeeze, else 4. */
  readonly uOrder: 3 | 4;
  readonly vOrder: 3 | 4;
  readonly rows: number;
  readonly cols: number;
  /** Native control points, row-major (`points[row * cols + col]`), in the warp frame. */
  readonly points: readonly Vec2[];
  /** Cubic quilt of the same surface; slices are in warp-frame units along the source. */
  readonly quilt: {
    readonly points: readonly Vec2[];
    readonly rows: number;
    readonly cols: number;
    readonly sliceX: readonly number[];
    readonly sliceY: readonly number[];
  };
  /** Box of the native points: the rectangle Photoshop maps onto `placedLayer.transform`. */
  readonly placementBounds: Rect;
}

const STYLE_SET: ReadonlySet<string> = new Set(WARP_PRESET_STYLES);

export function isWarpPreset(style: string): style is WarpPresetStyle {
  return STYLE_SET.has(style);
}

/** Net in a local frame before it is placed: `rows × cols` points, patches of `order` points. */
interface LocalNet {
  readonly order: 3 | 4;
  readonly rows: number;
  readonly cols: number;
  readonly points: Vec2[];
}

const HALF_PI = Math.PI / 2;

function clampPercent(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new Error(`warp preset ${what} must be a finite percentage, got ${value}`);
  return Math.max(-100, Math.min(100, value)) / 100;
}

/** Evenly spaced row of `n` points from x0 to x1 at height y: the untouched grid. */
function flatRow(x0: number, x1: number, y: number, n = 4): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i < n; i++) out.push([x0 + ((x1 - x0) * i) / (n - 1), y]);
  return out;
}

/**
 * Cubic circular arc over the horizontal chord (x0,y)..(x1,y) with half-angle
 * `theta` (radians, signed: positive bulges up, towards -y). The handles lie
 * on the end tangents with the usual length 4/3·tan(θ/2)·R, written through
 * the chord so θ = 0 gives the straight row in thirds without dividing by 0.
 */
function arcRow(x0: number, x1: number, y: number, theta: number): Vec2[] {
  const handle = ((x1 - x0) * 2) / 3 / (1 + Math.cos(theta));
  const dx = handle * Math.cos(theta);
  const dy = handle * Math.sin(theta);
  return [
    [x0, y],
    [x0 + dx, y - dy],
    [x1 - dx, y - dy],
    [x1, y],
  ];
}

/** Rows 1 and 2 between a top and a bottom cubic row: straight lines of constant u, linear in v. */
function ruled(top: readonly Vec2[], bottom: readonly Vec2[]): Vec2[] {
  const out: Vec2[] = [];
  for (let r = 0; r < 4; r++) {
    const t = r / 3;
    for (let c = 0; c < 4; c++) {
      const a = top[c] as Vec2;
      const b = bottom[c] as Vec2;
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    }
  }
  return out;
}

function identityNet(w: number, h: number): Vec2[] {
  return ruled(flatRow(0, w, 0), flatRow(0, w, h));
}

function cubic(points: Vec2[]): LocalNet {
  return { order: 4, rows: 4, cols: 4, points };
}

/** Mirror top to bottom, reversing the rows so the source stays upright. */
function mirrorVertically(net: LocalNet, h: number): LocalNet {
  const points: Vec2[] = [];
  for (let r = 0; r < net.rows; r++) {
    for (let c = 0; c < net.cols; c++) {
      const p = net.points[(net.rows - 1 - r) * net.cols + c] as Vec2;
      points.push([p[0], h - p[1]]);
    }
  }
  return { ...net, points };
}

/** Applies `f` to the four interior points of a 4x4 net (rows and columns 1..2). */
function mapInterior(points: Vec2[], f: (p: Vec2) => Vec2): Vec2[] {
  return points.map((p, i) => {
    const r = Math.floor(i / 4);
    const c = i % 4;
    return r >= 1 && r <= 2 && c >= 1 && c <= 2 ? f(p) : p;
  });
}

/**
 * Annular sector: the bottom edge keeps its width as the chord of an arc of
 * half-angle |bend|·90°, the top edge is the concentric arc one height
 * further out, radial edges straight. Negative bend is the mirror image.
 */
function arcNet(b: number, w: number, h: number): LocalNet {
  const theta = Math.abs(b) * HALF_PI;
  const s = Math.sin(theta);
  const top = arcRow(-h * s, w + h * s, h * (1 - Math.cos(theta)), theta);
  const net = cubic(ruled(top, arcRow(0, w, h, theta)));
  return b < 0 ? mirrorVertically(net, h) : net;
}

/**
 * Shell: one edge stays straight, the other becomes an arc of half-angle
 * |bend|·90°. With positive bend the far corners swing out on circles about
 * the straight edge's corners (a fan); with negative bend the far edge caves
 * in between fixed corners and the sides bow out near it. Rows next to the
 * straight edge are left alone, which keeps that half of the image flat.
 */
function shellLowerNet(b: number, w: number, h: number): LocalNet {
  const theta = Math.abs(b) * HALF_PI;
  const s = Math.sin(theta);
  const c = Math.cos(theta);
  const row0 = flatRow(0, w, 0);
  const row1 = flatRow(0, w, h / 3);
  let row2: Vec2[];
  let row3: Vec2[];
  if (b >= 0) {
    const r = (2 * h) / 3;
    row2 = [
      [-r * s, r * c],
      [w / 3, r],
      [(2 * w) / 3, r],
      [w + r * s, r * c],
    ];
    row3 = arcRow(-h * s, w + h * s, h * c, -theta);
  } else {
    const r = h / 3;
    row2 = [
      [-r * s, h - r * c],
      [w / 3, (2 * h) / 3],
      [(2 * w) / 3, (2 * h) / 3],
      [w + r * s, h - r * c],
    ];
    row3 = arcRow(0, w, h, theta);
  }
  return cubic([...row0, ...row1, ...row2, ...row3]);
}

/** The horizontal recipe of each style in a local frame (0,0)..(w,h); `b` is the bend as a fraction. */
function horizontalNet(style: Exclude<WarpPresetStyle, 'cylinder'>, b: number, w: number, h: number): LocalNet {
  const theta = Math.abs(b) * HALF_PI;
  // Flag, wave, fish and rise move their inner columns by twice the height at full bend.
  const d = 2 * b * h;
  switch (style) {
    case 'arc':
      return arcNet(b, w, h);
    case 'arcLower':
      return cubic(ruled(flatRow(0, w, 0), arcRow(0, w, h, b >= 0 ? -theta : theta)));
    case 'arcUpper':
      return cubic(ruled(arcRow(0, w, 0, b >= 0 ? theta : -theta), flatRow(0, w, h)));
    case 'arch': {
      const top = arcRow(0, w, 0, b >= 0 ? theta : -theta);
      return cubic(
        ruled(
          top,
          top.map(([x, y]): Vec2 => [x, y + h]),
        ),
      );
    }
    case 'bulge': {
      const top = arcRow(0, w, 0, b >= 0 ? theta : -theta);
      return cubic(
        ruled(
          top,
          top.map(([x, y]): Vec2 => [x, h - y]),
        ),
      );
    }
    case 'shellLower':
      return shellLowerNet(b, w, h);
    case 'shellUpper':
      return mirrorVertically(shellLowerNet(b, w, h), h);
    case 'flag': {
      const wave = (y: number): Vec2[] => [
        [0, y],
        [w / 3, y + d],
        [(2 * w) / 3, y - d],
        [w, y],
      ];
      return cubic(ruled(wave(0), wave(h)));
    }
    case 'wave': {
      // The flag's outline, but the inner rows keep a third of their flat place,
      // so the middle of the image swings less than its edges.
      const flag = horizontalNet('flag', b, w, h).points;
      const flat = identityNet(w, h);
      return cubic(
        flag.map((p, i): Vec2 => {
          const r = Math.floor(i / 4);
          if (r === 0 || r === 3) return p;
          return [p[0], (flat[i] as Vec2)[1] / 3 + (2 * p[1]) / 3];
        }),
      );
    }
    case 'fish': {
      const top: Vec2[] = [
        [0, 0],
        [w / 3, -d],
        [(2 * w) / 3, d],
        [w, 0],
      ];
      const bottom: Vec2[] = [
        [0, h],
        [w / 3, h + d],
        [(2 * w) / 3, h - d],
        [w, h],
      ];
      return cubic(ruled(top, bottom));
    }
    case 'rise':
      return cubic(identityNet(w, h).map(([x, y], i): Vec2 => (i % 4 < 2 ? [x, y + d] : [x, y])));
    case 'fisheye': {
      const k = 1 + 4 * b;
      const cx = w / 2;
      const cy = h / 2;
      return cubic(mapInterior(identityNet(w, h), ([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k]));
    }
    case 'inflate':
    case 'squeeze': {
      // Quadratic: only the four edge midpoints move, by a quarter of the size at bend 50.
      const kx = (b / 2) * w;
      const ky = (b / 2) * h;
      const side = style === 'inflate' ? kx : -kx;
      return {
        order: 3,
        rows: 3,
        cols: 3,
        points: [
          [0, 0],
          [w / 2, -ky],
          [w, 0],
          [-side, h / 2],
          [w / 2, h / 2],
          [w + side, h / 2],
          [0, h],
          [w / 2, h + ky],
          [w, h],
        ],
      };
    }
    case 'twist': {
      const a = b * HALF_PI;
      const k = 1 + 2 * Math.abs(b);
      const cos = Math.cos(a) * k;
      const sin = Math.sin(a) * k;
      const cx = w / 2;
      const cy = h / 2;
      return cubic(
        mapInterior(identityNet(w, h), ([x, y]) => {
          const dx = x - cx;
          const dy = y - cy;
          return [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos];
        }),
      );
    }
  }
}

/**
 * What the cylinder's `warp.values` hold, as far as one Photoshop file shows:
 * `[left, bottom, right, top, ellipse, split, handle]`. The first four repeat
 * the warp bounds. See `cylinderNet` for how the last three are used.
 */
export interface CylinderValues {
  readonly ellipse: number;
  readonly split: number;
  /**
   * π/2 − 1 in the one file (0.5708295, i.e. 9937/128 px on its 136 px
   * half-width, so a length stored in fixed point). Its effect cannot be told
   * apart with a single document, so the net does not read it (see `cylinderNet`).
   */
  readonly handle: number;
}

export const DEFAULT_CYLINDER_VALUES: CylinderValues = { ellipse: 0.5, split: 0.5, handle: Math.PI / 2 - 1 };

export function cylinderValuesFrom(values: readonly number[] | undefined): CylinderValues {
  const pick = (i: number, fallback: number): number => {
    const v = values?.[i];
    return v !== undefined && Number.isFinite(v) ? v : fallback;
  };
  return {
    ellipse: pick(4, DEFAULT_CYLINDER_VALUES.ellipse),
    split: pick(5, DEFAULT_CYLINDER_VALUES.split),
    handle: pick(6, DEFAULT_CYLINDER_VALUES.handle),
  };
}

/**
 * Handles of each quarter of the cylinder's ellipse, as fractions, fitted to
 * the chords of Photoshop's antialiased edges (8 per quarter, vertices at
 * even steps of the curve's parameter; the fit leaves 0.01 px rms):
 * - at the corner the handle runs straight down, half the depth long;
 * - at the front it runs 0.56 of the half-width in, and ends 1/68 of the
 *   depth *below* the front point, so the edge has a slight ridge at the
 *   front instead of a horizontal tangent. That overshoot is what makes the
 *   box of the net (and Photoshop's transform, 489 px for a 420 px source
 *   and a 68 px ellipse) one pixel taller than the surface.
 */
const CYLINDER_CORNER_HANDLE = 0.5;
const CYLINDER_FRONT_HANDLE = 0.56;
const CYLINDER_FRONT_OVERSHOOT = 1 / 68;

/**
 * Cylinder: every source column is moved straight up or down, the top and
 * bottom edges are the front halves of equal ellipses as wide as the bounds.
 * - depth of the ellipse (front point below the silhouette corners):
 *   `ellipse` × half the width (0.5 → 68 px on a 272 px wide source, as
 *   measured on Photoshop's render);
 * - `split` of that depth lies above the bounds' top edge. Placement maps the
 *   net's box onto the layer's transform, which cancels any vertical shift,
 *   so no render shows this value; 0.5 is the natural reading of it.
 * - each quarter of an edge is one cubic with the handles above.
 * Two patches, split at the middle of the source: 4 rows × 7 columns. The
 * box is h + depth × (1 + 1/68) tall and lands on the transform unscaled,
 * so every column keeps the source's height (Photoshop's: 420.03 px for 420).
 */
function cylinderNet(values: CylinderValues, w: number, h: number): LocalNet {
  const a = w / 2;
  const depth = values.ellipse * a;
  const corner = -values.split * depth;
  const front = corner + depth;
  const ky = CYLINDER_CORNER_HANDLE * depth;
  const kx = CYLINDER_FRONT_HANDLE * a;
  const below = CYLINDER_FRONT_OVERSHOOT * depth;
  const top: Vec2[] = [
    [0, corner],
    [0, corner + ky],
    [a - kx, front + below],
    [a, front],
    [a + kx, front + below],
    [w, corner + ky],
    [w, corner],
  ];
  const points: Vec2[] = [];
  for (let r = 0; r < 4; r++) {
    for (const [x, y] of top) points.push([x, y + (h * r) / 3]);
  }
  return { order: 4, rows: 4, cols: 7, points };
}

/**
 * One cubic patch standing in for the cylinder's two: same corners and front
 * point (handles at 4/3 of the depth put the middle of the edge there), with
 * the handles 0.15 of the half-width in from the silhouette, the value that
 * best matched Photoshop's render (a fit that follows the quilt's
 * parametrisation instead pulls the handles outside and folds the edges).
 */
function cylinderSinglePatch(values: CylinderValues, w: number, h: number): LocalNet {
  const a = w / 2;
  const depth = values.ellipse * a;
  const corner = -values.split * depth;
  const handleY = corner + (4 / 3) * depth;
  const inset = 0.15 * a;
  const top: Vec2[] = [
    [0, corner],
    [inset, handleY],
    [w - inset, handleY],
    [w, corner],
  ];
  const points: Vec2[] = [];
  for (let r = 0; r < 4; r++) {
    for (const [x, y] of top) points.push([x, y + (h * r) / 3]);
  }
  return cubic(points);
}

/**
 * Net for `orientation: 'vertical'`: the horizontal recipe built on the
 * transposed bounds, then turned a quarter counter-clockwise, so e.g. a
 * positive Arc bulges to the left. Indices are re-read so that rows still
 * follow the source's y and columns its x.
 */
function rotateToVertical(net: LocalNet, h: number): LocalNet {
  const points: Vec2[] = [];
  // Local frame (xw, yw) of width h and height w: xw = h - y, yw = x.
  for (let r = 0; r < net.cols; r++) {
    for (let c = 0; c < net.rows; c++) {
      const [xw, yw] = net.points[c * net.cols + (net.cols - 1 - r)] as Vec2;
      points.push([yw, h - xw]);
    }
  }
  return { order: net.order, rows: net.cols, cols: net.rows, points };
}

/**
 * Horizontal distortion tapers the net from left to right: the height at
 * the left edge is scaled by 1 − H, at the right edge by 1 + H, linearly in
 * between, about the bounds' horizontal centre line. Vertical distortion
 * does the same to widths from top (1 − V) to bottom (1 + V). Positions are
 * taken before either is applied, so the two commute. This is a keystone,
 * not a projective foreshortening: grid lines keep their even spacing, and
 * ±100 % collapses an edge to a point instead of sending it to infinity.
 */
function distort(points: Vec2[], hz: number, vt: number, w: number, h: number): Vec2[] {
  if (hz === 0 && vt === 0) return points;
  const cx = w / 2;
  const cy = h / 2;
  return points.map(([x, y]): Vec2 => [cx + (x - cx) * (1 + vt * ((2 * y) / h - 1)), cy + (y - cy) * (1 + hz * ((2 * x) / w - 1))]);
}

/** Degree elevation of a 3x3 quadratic net to the 4x4 cubic net of the same surface. */
function elevateQuadratic(points: readonly Vec2[]): Vec2[] {
  const lift = (p0: Vec2, p1: Vec2, p2: Vec2): Vec2[] => [
    p0,
    [(p0[0] + 2 * p1[0]) / 3, (p0[1] + 2 * p1[1]) / 3],
    [(2 * p1[0] + p2[0]) / 3, (2 * p1[1] + p2[1]) / 3],
    p2,
  ];
  const at = (r: number, c: number): Vec2 => points[r * 3 + c] as Vec2;
  // Rows first (3 rows of 4), then each of the 4 columns from 3 to 4 points.
  const rows = [0, 1, 2].map((r) => lift(at(r, 0), at(r, 1), at(r, 2)));
  const out: Vec2[] = new Array<Vec2>(16);
  for (let c = 0; c < 4; c++) {
    const col = lift((rows[0] as Vec2[])[c] as Vec2, (rows[1] as Vec2[])[c] as Vec2, (rows[2] as Vec2[])[c] as Vec2);
    for (let r = 0; r < 4; r++) out[r * 4 + c] = col[r] as Vec2;
  }
  return out;
}

function assertBounds(bounds: Rect): void {
  const { x, y, width, height } = bounds;
  if (![x, y, width, height].every(Number.isFinite) || !(width > 0) || !(height > 0)) {
    throw new Error(`warp preset bounds must be a finite rectangle with positive size, got ${JSON.stringify(bounds)}`);
  }
}

function assertStyle(style: string): asserts style is WarpPresetStyle {
  if (!isWarpPreset(style)) {
    throw new Error(`unknown warp preset style '${style}' (expected one of: ${WARP_PRESET_STYLES.join(', ')})`);
  }
}

function rectOf(points: readonly Vec2[]): Rect {
  const b = boundsOfPoints(points);
  return { x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY };
}

/** Even slices of [start, start + size] into `patches` parts. */
function slices(start: number, size: number, patches: number): number[] {
  return Array.from({ length: patches + 1 }, (_, i) => start + (size * i) / patches);
}

/**
 * Builds a recipe's local net for the orientation (transposed frame, turned
 * back), applies the distortions and moves it onto `bounds`.
 */
function toWarpFrame(
  recipe: (values: CylinderValues, w: number, h: number) => LocalNet,
  params: WarpPresetParams,
  bounds: Rect,
): { net: LocalNet; points: Vec2[] } {
  assertBounds(bounds);
  const hz = clampPercent(params.horizontal, 'horizontal distortion');
  const vt = clampPercent(params.vertical, 'vertical distortion');
  const { width: w, height: h } = bounds;
  const vertical = params.orientation === 'vertical';
  let net = recipe(cylinderValuesFrom(params.values), vertical ? h : w, vertical ? w : h);
  if (vertical) net = rotateToVertical(net, h);
  const points = distort(net.points, hz, vt, w, h).map(([x, y]): Vec2 => [x + bounds.x, y + bounds.y]);
  return { net, points };
}

/**
 * The preset's control net as Photoshop builds it, in the warp frame, with
 * its cubic quilt and the rectangle that Photoshop maps onto the layer's
 * transform.
 */
export function presetWarpNet(style: WarpPresetStyle, params: WarpPresetParams, bounds: Rect): PresetWarpNet {
  assertStyle(style);
  const bend = clampPercent(params.bend, 'bend');
  const { net, points } = toWarpFrame(
    (values, w, h) => (style === 'cylinder' ? cylinderNet(values, w, h) : horizontalNet(style, bend, w, h)),
    params,
    bounds,
  );
  const cubicPoints = net.order === 3 ? elevateQuadratic(points) : points;
  const patchCols = (net.cols - 1) / (net.order - 1);
  const patchRows = (net.rows - 1) / (net.order - 1);
  return {
    uOrder: net.order,
    vOrder: net.order,
    rows: net.rows,
    cols: net.cols,
    points,
    quilt: {
      points: cubicPoints,
      rows: net.order === 3 ? 4 : net.rows,
      cols: net.order === 3 ? 4 : net.cols,
      sliceX: slices(bounds.x, bounds.width, patchCols),
      sliceY: slices(bounds.y, bounds.height, patchRows),
    },
    placementBounds: rectOf(points),
  };
}

/** The rectangle of the warp frame that Photoshop maps onto `placedLayer.transform`. */
export function presetWarpPlacementBounds(style: WarpPresetStyle, params: WarpPresetParams, bounds: Rect): Rect {
  return presetWarpNet(style, params, bounds).placementBounds;
}

/**
 * 16 control points (row-major 4x4) in the warp frame, for the source
 * rectangle `bounds`. For every style but the cylinder this is exactly the
 * preset's surface; for the cylinder it is a one-patch stand-in for its
 * two-patch quilt (`cylinderSinglePatch`), about a pixel off Photoshop's
 * render where the quilt is exact. Place the result with
 * `presetWarpPlacementBounds`, not with the box of these points: they differ
 * for Inflate, Squeeze and Cylinder.
 */
export function presetWarpPoints(style: WarpPresetStyle, params: WarpPresetParams, bounds: Rect): Vec2[] {
  if (style === 'cylinder') return toWarpFrame(cylinderSinglePatch, params, bounds).points;
  return [...presetWarpNet(style, params, bounds).quilt.points];
}
