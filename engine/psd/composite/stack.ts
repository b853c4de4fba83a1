/**
 * The layer stack walk: clipping groups, groups (pass-through and isolated), adjustment and fill
 * layers, each layer's masks and opacities, in Photoshop's order (bottom of the panel first).
 */
import type { BlendMode, Layer, Psd } from 'ag-psd';
import type { Raster } from '../pixels/raster';
import { FILL_SENSITIVE_MODES, isSupportedBlendMode } from './blend-modes';
import { type Surface, copySurface, createSurface, drawAdjusted, drawOnto, fadeTowards } from './composite';
import { type Coverage, type Rect, createCoverage, intersectRects, isEmptyRect, multiplyCoverage, scaleCoverage } from './coverage';
import { colorToRgb8 } from './color';
import { type EffectsEnv, type LayerEffects, drawWithEffects, effectsOf } from './effects';
import { gradientFill, solidFill } from './fill';
import { rasterMaskCoverage, userMaskOf } from './masks';
import { rgba8 } from './pixel-data';
import { vectorMaskCoverage } from './vector-mask';

export type AdjustFn = (adjustment: NonNullable<Layer['adjustment']>, img: Raster) => boolean;

export interface StackOptions {
  smartObject?: (layer: Layer, path: string) => Raster | null;
  warn?: (message: string) => void;
  adjust: AdjustFn;
}

interface Ctx {
  doc: Rect;
  opts: StackOptions;
  /** Messages already reported, so that each is reported once. */
  warned: Set<string>;
  /** Rasterised vector masks, which fill layers need both for their extent and as a mask. */
  vectorMasks: WeakMap<Layer, Coverage | null>;
  /** The document's global light angle (degrees), for shadows that use it. */
  globalAngle: number;
}

const EFFECT_NAMES: Record<string, string> = {
  dropShadow: 'drop shadow',
  innerShadow: 'inner shadow',
  outerGlow: 'outer glow',
  innerGlow: 'inner glow',
  bevel: 'bevel and emboss',
  solidFill: 'color overlay',
  satin: 'satin',
  stroke: 'stroke',
  gradientOverlay: 'gradient overlay',
  patternOverlay: 'pattern overlay',
};

const isGroup = (l: Layer): boolean => Array.isArray(l.children);

function warn(ctx: Ctx, path: string, what: string): void {
  const message = `${path}: ${what}`;
  if (ctx.warned.has(message)) return;
  ctx.warned.add(message);
  ctx.opts.warn?.(message);
}

function vectorMaskOf(ctx: Ctx, layer: Layer, path: string): Coverage | null {
  const vm = layer.vectorMask;
  if (!vm || vm.disable) return null;
  if (ctx.vectorMasks.has(layer)) return ctx.vectorMasks.get(layer)!;
  const cov = vectorMaskCoverage(vm, layer.mask, ctx.doc);
  if (layer.mask?.vectorMaskFeather) warn(ctx, path, 'vector mask feather drawn as a Gaussian blur (approximate at its edges)');
  ctx.vectorMasks.set(layer, cov);
  return cov;
}

/** Names the enabled layer effects of a layer that cannot draw them (groups). */
function warnEffects(ctx: Ctx, layer: Layer, path: string): void {
  const fx = layer.effects;
  if (!fx || fx.disabled) return;
  const on: string[] = [];
  for (const [key, name] of Object.entries(EFFECT_NAMES)) {
    const v: unknown = fx[key as keyof typeof fx];
    const list = Array.isArray(v) ? v : v ? [v] : [];
    if (list.some((e: { enabled?: boolean }) => e.enabled)) on.push(name);
  }
  if (on.length) warn(ctx, path, `layer effects not drawn (${on.join(', ')})`);
}

/**
 * A pixel layer's effects to draw, or null when it has none; enabled effects this compositor does
 * not draw, and settings it ignores, are named.
 */
function effectsFor(ctx: Ctx, layer: Layer, path: string): LayerEffects | null {
  const fx = effectsOf(layer.effects);
  if (!fx) return null;
  if (fx.notDrawn.length) warn(ctx, path, `layer effects not drawn (${fx.notDrawn.join(', ')})`);
  if (!fx.any) return null;
  const d = fx.drawn;
  const sized = d.dropShadows.length > 0 || d.innerShadows.length > 0 || !!d.outerGlow || !!d.innerGlow || d.strokes.length > 0;
  const scale = layer.effects?.scale ?? 1;
  if (sized && Math.abs(scale - 1) > 1e-6)
    warn(ctx, path, `layer effects scale ${+(scale * 100).toFixed(2)}% not applied (sizes drawn as stored)`);
  if (layer.transparencyShapesLayer === false) warn(ctx, path, '"transparency shapes layer" off: effects drawn as if on');
  return fx;
}

function effectsEnv(ctx: Ctx, path: string): EffectsEnv {
  return { warn: (what) => warn(ctx, path, what), globalAngle: ctx.globalAngle, doc: ctx.doc };
}

/** The layer's bounds for gradients aligned with it: its stored rectangle, else its pixels'. */
function boundsOf(layer: Layer, pixels: Rect): Rect {
  const l = layer.left ?? 0;
  const t = layer.top ?? 0;
  const r = layer.right ?? l;
  const b = layer.bottom ?? t;
  return r > l && b > t
    ? { left: l, top: t, width: r - l, height: b - t }
    : { left: pixels.left, top: pixels.top, width: pixels.width, height: pixels.height };
}

/**
 * Masks split for effects: those that shape the effects, and those applied to the layer and its
 * effects together ("layer mask hides effects", plus the caller's `extra`).
 */
function effectMasks(
  ctx: Ctx,
  layer: Layer,
  path: string,
  withVector: boolean,
  extra: Coverage | null,
): { shape: Coverage | null; outer: Coverage | null } {
  if (!layer.layerMaskAsGlobalMask) return { shape: masksOf(ctx, layer, path, withVector), outer: extra };
  return {
    shape: withVector ? vectorMaskOf(ctx, layer, path) : null,
    outer: multiplyCoverage(masksOf(ctx, layer, path, false), extra),
  };
}

function isDefaultRange(r: readonly number[]): boolean {
  return r[0] === 0 && r[1] === 0 && r[2] === 255 && r[3] === 255;
}

/** Blending options this compositor ignores, named when they would change the picture. */
function warnBlendingOptions(ctx: Ctx, layer: Layer, path: string): void {
  const br = layer.blendingRanges;
  if (
    br &&
    !(
      isDefaultRange(br.compositeGrayBlendSource) &&
      isDefaultRange(br.compositeGraphBlendDestinationRange) &&
      br.ranges.every((r) => isDefaultRange(r.sourceRange) && isDefaultRange(r.destRange))
    )
  ) {
    warn(ctx, path, 'blend-if ranges ignored');
  }
  if (layer.knockout) warn(ctx, path, 'knockout ignored');
  if (layer.channelBlendingRestrictions?.length) warn(ctx, path, 'channel blending restrictions ignored');
}

function modeOf(ctx: Ctx, layer: Layer, path: string): BlendMode {
  const mode = layer.blendMode ?? 'normal';
  if (mode === 'pass through') return isGroup(layer) ? mode : 'normal';
  if (!isSupportedBlendMode(mode)) {
    warn(ctx, path, `blend mode '${mode}' drawn as normal`);
    return 'normal';
  }
  if (mode === 'dissolve') warn(ctx, path, "dissolve noise differs from Photoshop's");
  return mode;
}

/** Layer and vector masks together, or null when the layer shows everywhere. */
function masksOf(ctx: Ctx, layer: Layer, path: string, withVector: boolean): Coverage | null {
  let cov: Coverage | null = null;
  const user = userMaskOf(layer);
  if (user && !user.disabled) cov = rasterMaskCoverage(user, ctx.doc);
  if (user?.userMaskFeather) warn(ctx, path, 'layer mask feather drawn as a Gaussian blur (approximate at its edges)');
  if (withVector) cov = multiplyCoverage(cov, vectorMaskOf(ctx, layer, path));
  return cov;
}

function surfaceOfRaster(r: Raster): Surface {
  return { left: 0, top: 0, width: r.width, height: r.height, data: r.data };
}

/** Bounds of where a coverage can be non-zero, within the document. */
function coverageExtent(doc: Rect, cov: Coverage | null): Rect {
  return cov && cov.outside === 0 ? intersectRects(doc, cov) : doc;
}

interface Content {
  pixels: Surface;
  /** False for shapes whose stored pixels already carry the vector mask's shape. */
  applyVectorMask: boolean;
}

/**
 * A fill layer's pixels. Photoshop stores its own render of fill layers (shape layers' with the
 * vector mask already applied) but may leave it out (a 0x0 layer): then solid colours and simple
 * gradients are generated here.
 */
function fillContent(ctx: Ctx, layer: Layer, path: string, stored: Surface | null): Content | null {
  const fill = layer.vectorFill!;
  const isShape = !!layer.vectorMask && !layer.vectorMask.disable;
  if (isShape && stored) return { pixels: stored, applyVectorMask: false };
  // A gradient as Photoshop rendered it beats this file's approximation of its geometry.
  if (fill.type !== 'color' && stored) return { pixels: stored, applyVectorMask: true };
  const vm = isShape ? vectorMaskOf(ctx, layer, path) : null;
  const area = coverageExtent(ctx.doc, vm);
  if (fill.type === 'color') return { pixels: solidFill(area, colorToRgb8(fill.color)), applyVectorMask: true };
  if (fill.type === 'solid') {
    warn(ctx, path, `gradient fill (${fill.style ?? 'linear'}) drawn approximately`);
    const box = fill.align !== false && vm && vm.outside === 0 ? intersectRects(ctx.doc, vm) : ctx.doc;
    return { pixels: gradientFill(area, isEmptyRect(box) ? ctx.doc : box, fill), applyVectorMask: true };
  }
  warn(ctx, path, `${fill.type} fill without stored pixels left out`);
  return null;
}

/** The layer's own pixels (no opacity, masks or blending), or null when it has none. */
function contentOf(ctx: Ctx, layer: Layer, path: string): Content | null {
  if (layer.placedLayer && ctx.opts.smartObject) {
    const r = ctx.opts.smartObject(layer, path);
    if (r) {
      if (r.width !== ctx.doc.width || r.height !== ctx.doc.height) {
        throw new Error(`${path}: smart-object render is ${r.width}x${r.height}, the document is ${ctx.doc.width}x${ctx.doc.height}`);
      }
      return { pixels: surfaceOfRaster(r), applyVectorMask: true };
    }
  }
  const img = layer.imageData;
  const stored: Surface | null =
    img && img.width > 0 && img.height > 0
      ? { left: layer.left ?? 0, top: layer.top ?? 0, width: img.width, height: img.height, data: rgba8(img) }
      : null;
  if (layer.vectorFill) return fillContent(ctx, layer, path, stored);
  if (!stored && layer.placedLayer) warn(ctx, path, 'smart object has no stored pixels, left out');
  return stored ? { pixels: stored, applyVectorMask: true } : null;
}

function applyAdjustmentLayer(ctx: Ctx, layer: Layer, path: string, target: Surface, extra: Coverage | null): void {
  const adj = layer.adjustment!;
  const cov = multiplyCoverage(masksOf(ctx, layer, path, true), extra);
  const alpha = (layer.opacity ?? 1) * (layer.fillOpacity ?? 1);
  const rect = coverageExtent(target, cov);
  if (isEmptyRect(rect) || !(alpha > 0)) return;
  const copy = copySurface(target, rect);
  if (!ctx.opts.adjust(adj, { width: copy.width, height: copy.height, data: copy.data })) {
    warn(ctx, path, `adjustment '${adj.type}' not supported, left out`);
    return;
  }
  drawAdjusted(target, copy, { mode: modeOf(ctx, layer, path), alpha, coverage: cov });
}

/**
 * Draws one layer (or group) onto `target`. `extra` is a coverage the caller imposes on top of the
 * layer's own masks (a clipping shape).
 */
function drawLayer(ctx: Ctx, layer: Layer, path: string, target: Surface, extra: Coverage | null): void {
  if (layer.hidden) return;
  warnBlendingOptions(ctx, layer, path);
  if (layer.adjustment || isGroup(layer)) warnEffects(ctx, layer, path);
  if (layer.adjustment) {
    applyAdjustmentLayer(ctx, layer, path, target, extra);
    return;
  }
  const mode = modeOf(ctx, layer, path);
  if (isGroup(layer)) {
    if (layer.artboard) warn(ctx, path, 'artboard drawn as a plain group (no background colour, not clipped to its rect)');
    const cov = multiplyCoverage(masksOf(ctx, layer, path, true), extra);
    const opacity = layer.opacity ?? 1;
    if (mode === 'pass through') {
      // Children draw straight onto the backdrop; opacity and masks then fade back towards it.
      const fades = opacity < 1 || cov !== null;
      const before = fades ? target.data.slice() : null;
      drawStack(ctx, layer.children!, path, target);
      if (before) fadeTowards(target, before, opacity, cov);
    } else {
      const buf = createSurface(target);
      drawStack(ctx, layer.children!, path, buf);
      drawOnto(target, buf, { mode, alpha: opacity, coverage: cov });
    }
    return;
  }
  const fx = effectsFor(ctx, layer, path);
  const content = contentOf(ctx, layer, path);
  if (!content) return;
  const fill = layer.fillOpacity ?? 1;
  if (fill < 1 && FILL_SENSITIVE_MODES.has(mode)) warn(ctx, path, `fill opacity with '${mode}' drawn like layer opacity`);
  if (fx) {
    const masks = effectMasks(ctx, layer, path, content.applyVectorMask, extra);
    drawWithEffects(
      target,
      {
        pixels: content.pixels,
        shapeMask: masks.shape,
        outerMask: masks.outer,
        mode,
        opacity: layer.opacity ?? 1,
        fill,
        bounds: boundsOf(layer, content.pixels),
        blendInterior: !!layer.blendInteriorElements,
      },
      fx,
      effectsEnv(ctx, path),
    );
    return;
  }
  const cov = multiplyCoverage(masksOf(ctx, layer, path, content.applyVectorMask), extra);
  // Without effects, opacity and fill opacity act alike (outside the fill-sensitive modes).
  drawOnto(target, content.pixels, { mode, alpha: (layer.opacity ?? 1) * fill, coverage: cov });
}

/**
 * What a clipping base contributes: its colour (isolated, for groups) and its shape, the coverage
 * its clipped layers are limited to: pixel alpha x masks, without opacity or fill (a base at 0%
 * fill still shows its clipped layers).
 */
function baseOf(
  ctx: Ctx,
  base: Layer,
  path: string,
  target: Rect,
): { pixels: Surface; masks: Coverage | null; shape: Coverage; applyVectorMask: boolean } | null {
  let pixels: Surface;
  let masks: Coverage | null;
  let applyVectorMask = true;
  if (isGroup(base)) {
    pixels = createSurface(target);
    drawStack(ctx, base.children!, path, pixels);
    masks = masksOf(ctx, base, path, true);
  } else {
    const content = contentOf(ctx, base, path);
    if (!content) return null;
    pixels = content.pixels;
    applyVectorMask = content.applyVectorMask;
    masks = masksOf(ctx, base, path, applyVectorMask);
  }
  const rect = intersectRects(target, pixels);
  const shape = createCoverage(rect, 0);
  for (let y = 0; y < rect.height; y++) {
    let si = ((rect.top + y - pixels.top) * pixels.width + (rect.left - pixels.left)) * 4 + 3;
    for (let x = 0; x < rect.width; x++, si += 4) shape.data[y * rect.width + x] = pixels.data[si]! / 255;
  }
  return { pixels, masks, shape: multiplyCoverage(shape, masks)!, applyVectorMask };
}

function drawClippingGroup(ctx: Ctx, base: Layer, clips: readonly Layer[], prefix: string, target: Surface): void {
  const path = prefix ? `${prefix}/${base.name ?? ''}` : (base.name ?? '');
  const pathOf = (l: Layer): string => (prefix ? `${prefix}/${l.name ?? ''}` : (l.name ?? ''));
  if (base.hidden) return;
  if (base.adjustment) {
    // An adjustment has no pixels to clip to; its clipped layers show through its masks.
    drawLayer(ctx, base, path, target, null);
    const shape = masksOf(ctx, base, path, true);
    for (const c of clips) drawLayer(ctx, c, pathOf(c), target, shape);
    return;
  }
  warnBlendingOptions(ctx, base, path);
  if (isGroup(base)) warnEffects(ctx, base, path);
  const fx = isGroup(base) ? null : effectsFor(ctx, base, path);
  let mode = modeOf(ctx, base, path);
  if (mode === 'pass through') {
    warn(ctx, path, 'pass-through group as a clipping base drawn as an isolated normal group');
    mode = 'normal';
  }
  const opacity = base.opacity ?? 1;
  const fill = isGroup(base) ? 1 : (base.fillOpacity ?? 1);
  const b = baseOf(ctx, base, path, target);
  if (!b) return;
  const withEffects = (clipped?: (interior: Surface) => void): void => {
    const masks = effectMasks(ctx, base, path, b.applyVectorMask, null);
    drawWithEffects(
      target,
      {
        pixels: b.pixels,
        shapeMask: masks.shape,
        outerMask: masks.outer,
        mode,
        opacity,
        fill,
        bounds: boundsOf(base, b.pixels),
        blendInterior: !!base.blendInteriorElements,
        clipped,
      },
      fx!,
      effectsEnv(ctx, path),
    );
  };
  if (base.blendClippendElements === false) {
    // Each layer keeps its own blend mode against everything below, limited to the base's shape.
    if (fx) withEffects();
    else drawOnto(target, b.pixels, { mode, alpha: opacity * fill, coverage: b.masks });
    const clipShape = scaleCoverage(b.shape, opacity);
    for (const c of clips) drawLayer(ctx, c, pathOf(c), target, clipShape);
    return;
  }
  // Clipped layers are drawn onto the base in isolation (the base opaque wherever it has pixels,
  // at its fill opacity), and the result takes the base's blend mode, opacity and shape. The
  // base's interior effects lie under its clipped layers, its other effects outside them.
  if (fx) {
    withEffects((interior) => {
      for (const c of clips) drawLayer(ctx, c, pathOf(c), interior, null);
    });
    return;
  }
  const rect = intersectRects(target, b.shape);
  if (isEmptyRect(rect)) return;
  const group = copySurface(b.pixels, rect);
  const g = group.data;
  const a = Math.round(255 * fill);
  for (let i = 3; i < g.length; i += 4) g[i] = g[i]! > 0 ? a : 0;
  for (const c of clips) drawLayer(ctx, c, pathOf(c), group, null);
  drawOnto(target, group, { mode, alpha: opacity, coverage: b.shape });
}

/** Draws a stack (children order: bottom first) onto `target`. */
export function drawStack(ctx: Ctx, layers: readonly Layer[], prefix: string, target: Surface): void {
  let i = 0;
  while (i < layers.length) {
    const base = layers[i++]!;
    const clips: Layer[] = [];
    while (i < layers.length && layers[i]!.clipping) clips.push(layers[i++]!);
    const visibleClips = clips.filter((c) => !c.hidden);
    if (visibleClips.length === 0) {
      const path = prefix ? `${prefix}/${base.name ?? ''}` : (base.name ?? '');
      drawLayer(ctx, base, path, target, null);
    } else {
      drawClippingGroup(ctx, base, visibleClips, prefix, target);
    }
  }
}

export function compositeStack(psd: Psd, opts: StackOptions): Raster {
  const width = psd.width;
  const height = psd.height;
  const ctx: Ctx = {
    doc: { left: 0, top: 0, width, height },
    opts,
    warned: new Set(),
    vectorMasks: new WeakMap(),
    // Photoshop's default light comes from 120 degrees.
    globalAngle: psd.imageResources?.globalAngle ?? 120,
  };
  if (psd.bitsPerChannel && psd.bitsPerChannel !== 8) warn(ctx, '(document)', `${psd.bitsPerChannel}-bit document composited in 8 bits`);
  if (psd.colorMode !== undefined && psd.colorMode !== 3)
    warn(ctx, '(document)', 'not an RGB document: blend modes computed on its RGB conversion');
  const canvas = createSurface(ctx.doc);
  drawStack(ctx, psd.children ?? [], '', canvas);
  return { width, height, data: canvas.data };
}
