/**
 * Photoshop layer effects ("layer style") drawn with their layer, in Photoshop's stacking order:
 * below the layer drop shadows, then the outer glow; the outside part of strokes; the layer's own
 * pixels at fill opacity; on them gradient overlays, colour overlays, the inner glow, inner
 * shadows; the inside part of strokes on top. Bevel and emboss, satin and pattern overlays are
 * not drawn (the caller names them).
 *
 * The model, per pixel of the layer's area:
 * - The layer's shape A is its pixel alpha times its masks (a mask that "hides effects" and a
 *   clipping base's shape are applied to the whole result instead).
 * - Outer effects are layers of their own colour under the layer, with their blend mode and
 *   opacity, shaped by A grown (spread), blurred and offset.
 * - The interior X is computed as if the layer were opaque inside its shape: the backdrop, the
 *   layer's colours on it with its blend mode at fill opacity, then each interior effect with its
 *   blend mode and opacity at full coverage. The result is the backdrop faded towards X by A, so
 *   interior effects stay inside the shape and an antialiased edge keeps its coverage whatever
 *   the fill opacity. Without effects this is exactly the plain compositing of the layer (the
 *   compositing formula is linear in source alpha). With "blend interior effects as group" the
 *   interior effects go onto the layer's colours in isolation first, and fill opacity and the
 *   blend mode then apply to both.
 * - Layer opacity then fades everything the layer and its effects did back towards the backdrop,
 *   as a group's opacity does; fill opacity reaches only the layer's own pixels.
 *
 * Blurs (shadow and glow "size"): three box blurs of radius (size - spread) / 3, so that the
 * blur reaches exactly `size` pixels past the spread shape as Photoshop's does (sigma about
 * size / 3, libpsd and Krita use a Gaussian of that sigma). Spread and choke grow the shape by
 * that share of the size before the blur; strokes grow and shrink the shape through an exact
 * distance transform. None of the blurred effects could be checked against Photoshop's pixels yet
 * (no oracle document has one enabled); the gradient overlay's geometry is measured
 * (`effectGradientAxis`).
 */
import type {
  BlendMode,
  EffectContour,
  EffectNoiseGradient,
  EffectSolidGradient,
  ExtraGradientInfo,
  LayerEffectGradientOverlay,
  LayerEffectInnerGlow,
  LayerEffectShadow,
  LayerEffectSolidFill,
  LayerEffectStroke,
  LayerEffectsInfo,
  LayerEffectsOuterGlow,
  UnitsValue,
} from 'ag-psd';
import { boxBlurPlane } from '../pixels/gaussian';
import { isSupportedBlendMode } from './blend-modes';
import { colorToRgb8 } from './color';
import { type Surface, copySurface, drawOnto, fadeTowards, pasteInto } from './composite';
import { type Coverage, type Rect, intersectRects, isEmptyRect } from './coverage';
import { dilatePlane, erodePlane } from './distance';
import { effectGradientFill, solidFill } from './fill';

export interface EffectsEnv {
  /** Reports something drawn approximately or left out (the caller prefixes the layer path). */
  warn: (what: string) => void;
  /** The document's global light angle in degrees, for shadows that use it. */
  globalAngle: number;
  /** The document rectangle: the box of gradients not aligned with the layer. */
  doc: Rect;
}

/** One layer as the effects see it. */
export interface EffectLayer {
  /** The layer's own pixels (no opacity, masks or blending). */
  pixels: Surface;
  /** Masks that shape the layer and its effects; null: none. */
  shapeMask: Coverage | null;
  /** Coverage applied to the layer and its effects together (a mask that hides effects, a clipping shape); null: none. */
  outerMask: Coverage | null;
  mode: BlendMode;
  opacity: number;
  fill: number;
  /** The layer's bounds, the box of gradients aligned with the layer. */
  bounds: Rect;
  /** "Blend interior effects as group". */
  blendInterior: boolean;
  /**
   * A clipping base's clipped layers: drawn onto the base's isolated interior (its colours at fill
   * opacity, interior effects on them) before that interior takes the base's blend mode.
   */
  clipped?: (interior: Surface) => void;
}

/** The enabled effects that are drawn, bottom of each kind first. */
export interface DrawnEffects {
  dropShadows: LayerEffectShadow[];
  outerGlow: LayerEffectsOuterGlow | null;
  innerShadows: LayerEffectShadow[];
  innerGlow: LayerEffectInnerGlow | null;
  colorOverlays: LayerEffectSolidFill[];
  gradientOverlays: (LayerEffectGradientOverlay & { gradient: EffectSolidGradient })[];
  strokes: LayerEffectStroke[];
}

export interface LayerEffects {
  drawn: DrawnEffects;
  /** True when something in `drawn` is enabled. */
  any: boolean;
  /** Enabled effects (or variants) not drawn, in words. */
  notDrawn: string[];
}

const on = <T extends { enabled?: boolean }>(e: T | undefined): e is T => !!e?.enabled;

/**
 * Photoshop lists several instances of one effect top first (the first is drawn on top); these
 * lists come back bottom first.
 */
const bottomFirst = <T extends { enabled?: boolean }>(list: T[] | undefined): T[] => (list ?? []).filter(on).reverse();

const isSolid = (g: EffectSolidGradient | EffectNoiseGradient | undefined): g is EffectSolidGradient => g?.type === 'solid';

/** The layer's enabled effects, sorted into drawn and not drawn; null when there are none. */
export function effectsOf(fx: LayerEffectsInfo | undefined): LayerEffects | null {
  if (!fx || fx.disabled) return null;
  const notDrawn: string[] = [];
  if (on(fx.bevel)) notDrawn.push('bevel and emboss');
  if (on(fx.satin)) notDrawn.push('satin');
  if (on(fx.patternOverlay)) notDrawn.push('pattern overlay');
  const gradientOverlays: DrawnEffects['gradientOverlays'] = [];
  for (const g of bottomFirst(fx.gradientOverlay)) {
    if (isSolid(g.gradient)) gradientOverlays.push({ ...g, gradient: g.gradient });
    else notDrawn.push(`gradient overlay (${g.gradient?.type ?? 'no'} gradient)`);
  }
  const strokes: LayerEffectStroke[] = [];
  for (const s of bottomFirst(fx.stroke)) {
    const type = s.fillType ?? 'color';
    if (type === 'color' || (type === 'gradient' && isSolid(s.gradient))) strokes.push(s);
    else notDrawn.push(`stroke (${type === 'gradient' ? 'noise gradient' : type} fill)`);
  }
  const drawn: DrawnEffects = {
    dropShadows: bottomFirst(fx.dropShadow),
    outerGlow: on(fx.outerGlow) ? fx.outerGlow : null,
    innerShadows: bottomFirst(fx.innerShadow),
    innerGlow: on(fx.innerGlow) ? fx.innerGlow : null,
    colorOverlays: bottomFirst(fx.solidFill),
    gradientOverlays,
    strokes,
  };
  const any =
    drawn.dropShadows.length > 0 ||
    !!drawn.outerGlow ||
    drawn.innerShadows.length > 0 ||
    !!drawn.innerGlow ||
    drawn.colorOverlays.length > 0 ||
    drawn.gradientOverlays.length > 0 ||
    drawn.strokes.length > 0;
  if (!any && notDrawn.length === 0) return null;
  return { drawn, any, notDrawn };
}

// ---------------------------------------------------------------------------
// Parameters

function pixels(v: UnitsValue | undefined, what: string, env: EffectsEnv): number {
  if (!v) return 0;
  if (v.units !== 'Pixels') env.warn(`${what} in ${v.units} read as pixels`);
  return Math.max(0, v.value);
}

/** Spread and choke: a percentage that ag-psd hands over as a units value. */
const percent = (v: UnitsValue | undefined): number => Math.min(1, Math.max(0, (v?.value ?? 0) / 100));

/**
 * An effect's opacity as Photoshop applies it: stored as a percentage, used as an 8-bit value
 * (21% acts as 54/255; measured on the phone-case document's overlays, where 0.21 leaves every
 * light pixel one level short).
 */
const opacityOf = (e: { opacity?: number }): number => Math.round(Math.min(1, Math.max(0, e.opacity ?? 1)) * 255) / 255;

function isLinearContour(c: EffectContour | undefined): boolean {
  if (!c?.curve?.length) return true;
  return c.curve.every((p) => Math.abs(p.x - p.y) < 0.5);
}

function blendOf(mode: string | undefined, what: string, env: EffectsEnv): BlendMode {
  const m = mode ?? 'normal';
  if (isSupportedBlendMode(m)) {
    if (m === 'dissolve') env.warn(`${what} in dissolve drawn as normal`);
    return m === 'dissolve' ? 'normal' : m;
  }
  env.warn(`${what} blend mode '${m}' drawn as normal`);
  return 'normal';
}

function warnShadowExtras(s: LayerEffectShadow | LayerEffectsOuterGlow | LayerEffectInnerGlow, what: string, env: EffectsEnv): void {
  if (!isLinearContour(s.contour)) env.warn(`${what} contour '${s.contour?.name ?? '?'}' drawn as linear`);
  const noise = (s as { noise?: number }).noise;
  if (noise && noise > 0) env.warn(`${what} noise left out`);
  const jitter = (s as { jitter?: number }).jitter;
  if (jitter && jitter > 0) env.warn(`${what} jitter left out`);
}

/** Offset of a shadow: away from the light, which shines from `angle` degrees. */
function shadowOffset(s: LayerEffectShadow, env: EffectsEnv, what: string): [number, number] {
  const angle = ((s.useGlobalLight ? env.globalAngle : (s.angle ?? env.globalAngle)) * Math.PI) / 180;
  const d = pixels(s.distance, `${what} distance`, env);
  return [Math.round(-d * Math.cos(angle)), Math.round(d * Math.sin(angle))];
}

// ---------------------------------------------------------------------------
// Planes: float coverage over the work rectangle P.

interface Plane extends Rect {
  data: Float32Array;
}

function planeCoverage(p: Plane, data: Float32Array): Coverage {
  return { left: p.left, top: p.top, width: p.width, height: p.height, data, outside: 0 };
}

/**
 * A shape grown by `spread` of `size` and blurred by the rest: three box blurs whose reach adds
 * up to the blurred part of the size.
 */
function softShape(src: Float32Array, p: Plane, size: number, spread: number): Float32Array {
  const spreadPx = size * spread;
  const blurPx = size - spreadPx;
  const m = spreadPx > 0 ? dilatePlane(src, p.width, p.height, spreadPx) : src.slice();
  if (blurPx > 0) {
    const scratch = new Float32Array(m.length);
    for (let i = 0; i < 3; i++) boxBlurPlane(m, p.width, p.height, blurPx / 3, scratch);
  }
  return m;
}

/** The plane moved by (dx, dy), `outside` filling what comes in from beyond it. */
function shifted(m: Float32Array, p: Plane, dx: number, dy: number, outside: number): Float32Array {
  if (dx === 0 && dy === 0) return m;
  const { width: w, height: h } = p;
  const out = new Float32Array(m.length).fill(outside);
  for (let y = 0; y < h; y++) {
    const sy = y - dy;
    if (sy < 0 || sy >= h) continue;
    const x0 = Math.max(0, dx);
    const x1 = Math.min(w, w + dx);
    if (x1 <= x0) continue;
    out.set(m.subarray(sy * w + x0 - dx, sy * w + x1 - dx), y * w + x0);
  }
  return out;
}

/** Glow range: the glow's ramp compressed into that share of it (libpsd's reading, as Krita's). */
function applyRange(m: Float32Array, range: number | undefined): void {
  const r = range ?? 1;
  if (!(r > 0) || r >= 1) return;
  for (let i = 0; i < m.length; i++) m[i] = Math.min(1, m[i]! / r);
}

function invert(m: Float32Array): Float32Array {
  const out = new Float32Array(m.length);
  for (let i = 0; i < m.length; i++) out[i] = 1 - m[i]!;
  return out;
}

// ---------------------------------------------------------------------------
// Drawing helpers

type FillSource = (rect: Rect) => Surface;

const colorSource =
  (rgb: [number, number, number]): FillSource =>
  (rect) =>
    solidFill(rect, rgb);

function gradientSource(
  g: EffectSolidGradient,
  geom: ExtraGradientInfo & { type?: LayerEffectGradientOverlay['type'] },
  box: Rect,
): FillSource {
  return (rect) =>
    effectGradientFill(rect, box, g, {
      style: geom.type ?? geom.style,
      angle: geom.angle,
      scale: geom.scale,
      reverse: geom.reverse,
      offset: geom.offset,
    });
}

/** Draws a fill through a coverage (null: all of `dst`) with a blend mode and opacity. */
function drawFill(dst: Surface, fill: FillSource, mode: BlendMode, alpha: number, cov: Coverage | null): void {
  if (!(alpha > 0)) return;
  const rect = cov ? intersectRects(dst, cov) : dst;
  if (isEmptyRect(rect)) return;
  drawOnto(dst, fill(rect), { mode, alpha, coverage: cov });
}

/** Tight bounds of the non-zero alpha of `s` inside `rect`. */
function alphaBounds(s: Surface, rect: Rect): Rect {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let y = rect.top; y < rect.top + rect.height; y++) {
    let i = ((y - s.top) * s.width + (rect.left - s.left)) * 4 + 3;
    for (let x = rect.left; x < rect.left + rect.width; x++, i += 4) {
      if (s.data[i] === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (!(maxX >= minX)) return { left: 0, top: 0, width: 0, height: 0 };
  return { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/**
 * Where the shape ends exactly at the document's edge its pixels were most likely cut there (a
 * smart object's render is document-sized): the edge rows and columns are repeated past it,
 * so that inner shadows, inner glows and strokes do not outline the document's border.
 */
function extendPastDocument(A: Float32Array, P: Plane, shape: Rect, doc: Rect): void {
  const { width: w, height: h } = P;
  const docRight = doc.left + doc.width;
  const docBottom = doc.top + doc.height;
  const x0 = shape.left - P.left;
  const x1 = shape.left + shape.width - P.left;
  const y0 = shape.top - P.top;
  const y1 = shape.top + shape.height - P.top;
  if (shape.left === doc.left && x0 > 0) {
    for (let y = y0; y < y1; y++) A.fill(A[y * w + x0]!, y * w, y * w + x0);
  }
  if (shape.left + shape.width === docRight && x1 < w) {
    for (let y = y0; y < y1; y++) A.fill(A[y * w + x1 - 1]!, y * w + x1, y * w + w);
  }
  if (shape.top === doc.top && y0 > 0) {
    for (let y = 0; y < y0; y++) A.copyWithin(y * w, y0 * w, y0 * w + w);
  }
  if (shape.top + shape.height === docBottom && y1 < h) {
    for (let y = y1; y < h; y++) A.copyWithin(y * w, (y1 - 1) * w, y1 * w);
  }
}

const grow = (r: Rect, d: number): Rect => ({ left: r.left - d, top: r.top - d, width: r.width + 2 * d, height: r.height + 2 * d });

/** How far past the shape the effects reach (and how far inner effects look outside it). */
function reachOf(fx: DrawnEffects, env: EffectsEnv): number {
  const quiet: EffectsEnv = { ...env, warn: () => {} };
  let r = 1;
  for (const s of [...fx.dropShadows, ...fx.innerShadows]) {
    const [dx, dy] = shadowOffset(s, quiet, '');
    r = Math.max(r, Math.max(Math.abs(dx), Math.abs(dy)) + pixels(s.size, '', quiet) + 4);
  }
  for (const g of [fx.outerGlow, fx.innerGlow]) if (g) r = Math.max(r, pixels(g.size, '', quiet) + 4);
  for (const s of fx.strokes) r = Math.max(r, Math.ceil(pixels(s.size, '', quiet)) + 2);
  return Math.ceil(r);
}

// ---------------------------------------------------------------------------

/**
 * Draws the layer and its effects onto `target`. `fx.any` must be true; effects in `fx.notDrawn`
 * are the caller's to report.
 */
export function drawWithEffects(target: Surface, layer: EffectLayer, fx: LayerEffects, env: EffectsEnv): void {
  if (!(layer.opacity > 0)) return;
  const e = fx.drawn;
  const px = layer.pixels;
  const reach = reachOf(e, env);
  // Pixels beyond the target still cast shadows into it, up to the effects' reach.
  let contentRect = intersectRects(px, grow(target, reach));
  if (layer.shapeMask && layer.shapeMask.outside === 0) contentRect = intersectRects(contentRect, layer.shapeMask);
  const shapeRect = alphaBounds(px, contentRect);
  if (isEmptyRect(shapeRect)) return;
  const P: Plane = { ...intersectRects(grow(shapeRect, reach), grow(target, reach)), data: new Float32Array(0) };
  if (isEmptyRect(P)) return;

  // The shape A over P.
  const A = new Float32Array(P.width * P.height);
  for (let y = shapeRect.top; y < shapeRect.top + shapeRect.height; y++) {
    let si = ((y - px.top) * px.width + (shapeRect.left - px.left)) * 4 + 3;
    let ai = (y - P.top) * P.width + (shapeRect.left - P.left);
    for (let x = 0; x < shapeRect.width; x++, si += 4, ai++) A[ai] = px.data[si]! / 255;
  }
  const sm = layer.shapeMask;
  if (sm) {
    for (let y = 0; y < P.height; y++) {
      const dy = P.top + y - sm.top;
      for (let x = 0; x < P.width; x++) {
        const i = y * P.width + x;
        if (A[i] === 0) continue;
        const dx = P.left + x - sm.left;
        A[i]! *= dx < 0 || dy < 0 || dx >= sm.width || dy >= sm.height ? sm.outside : sm.data[dy * sm.width + dx]!;
      }
    }
  }
  P.data = A;
  extendPastDocument(A, P, shapeRect, env.doc);

  let workRect = intersectRects(target, P);
  const om = layer.outerMask;
  if (om && om.outside === 0) workRect = intersectRects(workRect, om);
  if (isEmptyRect(workRect)) return;
  const W = copySurface(target, workRect);
  const before = W.data.slice();

  // Below the layer: drop shadows, then the outer glow.
  e.dropShadows.forEach((s, k) => {
    const what = e.dropShadows.length > 1 ? `drop shadow ${k + 1}` : 'drop shadow';
    warnShadowExtras(s, what, env);
    const [dx, dy] = shadowOffset(s, env, what);
    const m = shifted(softShape(A, P, pixels(s.size, `${what} size`, env), percent(s.choke)), P, dx, dy, 0);
    if (s.layerConceals !== false) {
      // "Layer knocks out drop shadow": none of it under the layer's own shape.
      for (let i = 0; i < m.length; i++) m[i]! *= 1 - A[i]!;
    }
    drawFill(W, colorSource(colorToRgb8(s.color)), blendOf(s.blendMode, what, env), opacityOf(s), planeCoverage(P, m));
  });
  const og = e.outerGlow;
  if (og) {
    warnShadowExtras(og, 'outer glow', env);
    if ((og as { technique?: string }).technique === 'precise') env.warn('outer glow technique precise drawn as softer');
    const m = softShape(A, P, pixels(og.size, 'outer glow size', env), percent(og.choke));
    applyRange(m, og.range);
    drawFill(W, colorSource(colorToRgb8(og.color)), blendOf(og.blendMode, 'outer glow', env), opacityOf(og), planeCoverage(P, m));
  }

  // Strokes: the part outside the shape goes under the layer's antialiased edge ("behind"), so
  // that edge pixels end up covered; the part inside goes on top of the interior below.
  const strokeParts = e.strokes.map((s, k) => {
    const what = e.strokes.length > 1 ? `stroke ${k + 1}` : 'stroke';
    const size = pixels(s.size, `${what} size`, env);
    const position = s.position ?? 'outside';
    if (s.overprint) env.warn(`${what} overprint drawn as plain`);
    const outward = position === 'outside' ? size : position === 'center' ? size / 2 : 0;
    const inward = position === 'inside' ? size : position === 'center' ? size / 2 : 0;
    const box = (s.gradient as ExtraGradientInfo | undefined)?.align === false ? env.doc : layer.bounds;
    const fill =
      (s.fillType ?? 'color') === 'gradient' && isSolid(s.gradient)
        ? gradientSource(s.gradient, s.gradient as ExtraGradientInfo, box)
        : colorSource(colorToRgb8(s.color));
    return { what, outward, inward, fill, mode: blendOf(s.blendMode, what, env), opacity: opacityOf(s) };
  });
  for (const s of strokeParts) {
    if (!(s.outward > 0)) continue;
    const D = dilatePlane(A, P.width, P.height, s.outward);
    for (let i = 0; i < D.length; i++) {
      const a = A[i]!;
      D[i] = a >= 1 ? 0 : Math.max(0, (D[i]! - a) / (1 - a));
    }
    drawFill(W, s.fill, s.mode, s.opacity, planeCoverage(P, D));
  }

  // The interior: the layer's colours as if opaque inside its shape, the interior effects on
  // them, then the backdrop faded towards that by the shape.
  const interiorRect = intersectRects(workRect, shapeRect);
  if (!isEmptyRect(interiorRect)) {
    const X = copySurface(W, interiorRect);
    const xBefore = X.data.slice();
    const own = copySurface(px, interiorRect);
    const isolated = layer.blendInterior || !!layer.clipped;
    // A clipping base's interior is its group: the base at fill opacity, drawn at full strength.
    const baseAlpha = layer.clipped && !layer.blendInterior ? Math.round(255 * layer.fill) : 255;
    const o = own.data;
    for (let i = 3; i < o.length; i += 4) o[i] = o[i]! > 0 ? baseAlpha : 0;
    // Photoshop's stack, bottom first: gradient overlays, colour overlays, the inner glow, inner
    // shadows (the Layer Style list, read from the bottom).
    const drawInterior = (dst: Surface): void => {
      e.gradientOverlays.forEach((g, k) => {
        const what = e.gradientOverlays.length > 1 ? `gradient overlay ${k + 1}` : 'gradient overlay';
        const box = g.align === false ? env.doc : layer.bounds;
        drawFill(dst, gradientSource(g.gradient, g, box), blendOf(g.blendMode, what, env), opacityOf(g), null);
      });
      e.colorOverlays.forEach((c, k) => {
        const what = e.colorOverlays.length > 1 ? `color overlay ${k + 1}` : 'color overlay';
        drawFill(dst, colorSource(colorToRgb8(c.color)), blendOf(c.blendMode, what, env), opacityOf(c), null);
      });
      const ig = e.innerGlow;
      if (ig) {
        warnShadowExtras(ig, 'inner glow', env);
        if (ig.technique === 'precise') env.warn('inner glow technique precise drawn as softer');
        let m = softShape(invert(A), P, pixels(ig.size, 'inner glow size', env), percent(ig.choke));
        applyRange(m, ig.range);
        if (ig.source === 'center') m = invert(m);
        drawFill(dst, colorSource(colorToRgb8(ig.color)), blendOf(ig.blendMode, 'inner glow', env), opacityOf(ig), planeCoverage(P, m));
      }
      e.innerShadows.forEach((s, k) => {
        const what = e.innerShadows.length > 1 ? `inner shadow ${k + 1}` : 'inner shadow';
        warnShadowExtras(s, what, env);
        const [dx, dy] = shadowOffset(s, env, what);
        const m = shifted(softShape(invert(A), P, pixels(s.size, `${what} size`, env), percent(s.choke)), P, dx, dy, 1);
        drawFill(dst, colorSource(colorToRgb8(s.color)), blendOf(s.blendMode, what, env), opacityOf(s), planeCoverage(P, m));
      });
    };
    if (isolated) {
      drawInterior(own);
      layer.clipped?.(own);
      drawOnto(X, own, { mode: layer.mode, alpha: layer.clipped && !layer.blendInterior ? 1 : layer.fill, coverage: null });
    } else {
      drawOnto(X, own, { mode: layer.mode, alpha: layer.fill, coverage: null });
      drawInterior(X);
    }
    for (const s of strokeParts) {
      if (!(s.inward > 0)) continue;
      const E = erodePlane(A, P.width, P.height, s.inward);
      // Inside X the shape is yet to be applied: the ring's share of it.
      for (let i = 0; i < E.length; i++) {
        const a = A[i]!;
        E[i] = a > 0 ? Math.max(0, Math.min(1, (a - E[i]!) / a)) : 0;
      }
      drawFill(X, s.fill, s.mode, s.opacity, planeCoverage(P, E));
    }
    fadeTowards(X, xBefore, 1, planeCoverage(P, A));
    pasteInto(W, X);
  }

  if (layer.opacity < 1 || om) fadeTowards(W, before, layer.opacity, om);
  pasteInto(target, W);
}
