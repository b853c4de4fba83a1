/**
 * A mockup PSD baked into a product template the GPU renderer draws with any design:
 *
 * - everything below the first visible smart object does not depend on the design, so the CPU
 *   compositor flattens it once into the view's photo (exact, whatever it holds: adjustment
 *   layers, effects, blend modes);
 * - every visible smart object becomes a print area (a SmartObject layer on its flat), with its
 *   blend mode, opacity x fill, vector mask as clip path, and raster masks (its own, its groups',
 *   and the shape of a raster layer it is clipped to) as one mask image;
 * - every layer above becomes an image layer with its blend mode and opacity, its masks and
 *   effects baked into its pixels; layers clipped to a smart object keep the clip (`clipToBelow`),
 *   so a shadow clipped to the design shows only where the design is; isolated groups and
 *   clipping groups without a smart object are flattened into one image each.
 *
 * Colour smart filters on a design and adjustment layers clipped to it become the design's colour
 * table (`colorLutUrl`). What the GPU model cannot say is named in `notes`: other smart filters,
 * adjustment layers above a design that are not clipped to it (they would change everything
 * below), layer effects on a smart object, groups with their own blend mode around a design. Images are returned as rasters named `*.png`; the caller stores them and the
 * template refers to them through `urlFor`.
 */
import type { Layer, LayerEffectsInfo, Psd } from 'ag-psd';
import { DataError } from '../model/errors';
import type { CustomTemplate, Displacement, Quad, SmartObjectLayer, SmartObjectMatrix, TemplateLayer, TemplateView } from '../model/types';
import { blendCodeForPsd } from './blend';
import { compositeDocument } from './composite';
import { copySurface } from './composite/composite';
import { type Coverage, type Rect, coverageAt, intersectRects, isEmptyRect, multiplyCoverage } from './composite/coverage';
import { rasterMaskCoverage, userMaskOf } from './composite/masks';
import { vectorMaskCoverage } from './composite/vector-mask';
import { effectsOf } from './composite/effects';
import { clipOf, importPsd, layerName, type ImportedSource } from './import';
import { placementOf, tessellatedByPhotoshop } from './placement';
import type { Raster } from './pixels/raster';
import { applyAdjustment } from './pixels/adjustments';
import { applySmartFilters } from './pixels/filters';
import { displaceFiltersOf, embeddedDisplacementMap, fileNameOf, viewDisplacementFrom } from './displace';
import { COLOR_LUT_SIZE } from '../model/constants';
import { templateFromPsd } from './template';

export interface BakedImage {
  /** File name, e.g. 'background.png', 'layer-3.png', 'mask-1.png'. */
  name: string;
  raster: Raster;
}

export interface BakedPsdTemplate {
  template: CustomTemplate;
  images: BakedImage[];
  /** The smart objects' contents, as importPsd returns them (the flats' starting designs). */
  sources: ImportedSource[];
  /** What the template draws differently from Photoshop, one line each; empty when exact. */
  notes: string[];
}

export interface BakeOptions {
  /** The URL the template uses for a baked image; default: its name (files beside the template). */
  urlFor?: (name: string) => string;
  viewId?: string;
  name?: string;
}

const isGroup = (l: Layer): boolean => Array.isArray(l.children);

interface Walk {
  /** Visible leaves in drawing order. */
  leaves: Layer[];
  /** Index of each visible leaf in `leaves`. */
  index: Map<Layer, number>;
}

function walkLeaves(layers: readonly Layer[], out: Walk): void {
  for (const l of layers) {
    if (l.hidden) continue;
    if (isGroup(l)) walkLeaves(l.children!, out);
    else {
      out.index.set(l, out.leaves.length);
      out.leaves.push(l);
    }
  }
}

/** A copy of the tree with the given leaves hidden (layer objects shallow-copied, pixels shared). */
function hideLeaves(layers: readonly Layer[], hide: ReadonlySet<Layer>): Layer[] {
  return layers.map((l) => (isGroup(l) ? { ...l, children: hideLeaves(l.children!, hide) } : hide.has(l) ? { ...l, hidden: true } : l));
}

/** Highest and lowest leaf index under a layer (a leaf's own index), or null when nothing visible. */
function leafRange(l: Layer, walk: Walk): [number, number] | null {
  if (l.hidden) return null;
  if (!isGroup(l)) {
    const i = walk.index.get(l);
    return i === undefined ? null : [i, i];
  }
  let r: [number, number] | null = null;
  for (const c of l.children!) {
    const cr = leafRange(c, walk);
    if (cr) r = r ? [Math.min(r[0], cr[0]), Math.max(r[1], cr[1])] : cr;
  }
  return r;
}

const containsSmartObject = (l: Layer): boolean => !l.hidden && (isGroup(l) ? l.children!.some(containsSmartObject) : !!l.placedLayer);

function alphaBox(r: Raster): Rect | null {
  let x0 = r.width;
  let y0 = r.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < r.height; y++) {
    const row = y * r.width * 4;
    for (let x = 0; x < r.width; x++) {
      if (r.data[row + x * 4 + 3] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

function crop(r: Raster, box: Rect): Raster {
  const { width, height, data } = copySurface({ left: 0, top: 0, ...r }, box);
  return { width, height, data };
}

function multiplyAlpha(r: Raster, cov: Coverage | null): Raster {
  if (!cov) return r;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const i = (y * r.width + x) * 4 + 3;
      r.data[i] = Math.round(r.data[i]! * coverageAt(cov, x, y));
    }
  }
  return r;
}

/** The coverage over `frame` (a view's rectangle in the document) as a grey picture. */
function coverageRaster(cov: Coverage, frame: Rect): Raster {
  const { width, height } = frame;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.round(255 * coverageAt(cov, x + frame.left, y + frame.top));
      const i = (y * width + x) * 4;
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

function alphaCoverage(r: Raster): Coverage {
  const data = new Float32Array(r.width * r.height);
  for (let i = 0; i < data.length; i++) data[i] = r.data[i * 4 + 3]! / 255;
  return { left: 0, top: 0, width: r.width, height: r.height, data, outside: 0 };
}

/** A layer moved by (dx, dy) view px: its placement, control points and clip path. */
export function translateLayer(layer: TemplateLayer, dx: number, dy: number): TemplateLayer {
  if (dx === 0 && dy === 0) return layer;
  const ppc = layer.PPC && layer.PPC.map((c) => (c.Type === 'Z' ? c : { ...c, X: c.X + dx, Y: c.Y + dy }));
  if (layer.T === 'Group') return { ...layer, PPC: ppc, CF: layer.CF.map((c) => translateLayer(c, dx, dy)) };
  const quad = (q: Quad): Quad => q.map((v, i) => v + (i % 2 === 0 ? dx : dy)) as Quad;
  const M = layer.M;
  let moved: SmartObjectMatrix;
  let PS = layer.PS;
  switch (M.kind) {
    case 'affine': {
      const [a, b, c, d, e, f] = M.matrix;
      moved = { kind: 'affine', matrix: [a, b, c, d, e + dx, f + dy] };
      break;
    }
    case 'perspective':
      moved = { ...M, quad: quad(M.quad), nonAffine: M.nonAffine && quad(M.nonAffine) };
      break;
    case 'cylinder':
      moved = { ...M, quad: quad(M.quad) };
      break;
    case 'bezier':
    case 'quilt':
      if (M.projection) {
        // Column-major: translating after the projection adds (dx, dy) times its w row.
        const p = M.projection;
        moved = {
          ...M,
          projection: [
            p[0] + dx * p[2],
            p[1] + dy * p[2],
            p[2],
            p[3] + dx * p[5],
            p[4] + dy * p[5],
            p[5],
            p[6] + dx * p[8],
            p[7] + dy * p[8],
            p[8],
          ],
        };
      } else {
        moved = M;
        PS = PS && { ...PS, points: PS.points.map((pt) => ({ x: pt.x + dx, y: pt.y + dy })) };
      }
      break;
  }
  return { ...layer, M: moved, PS, PPC: ppc };
}

/** Smart filters that only change colours, pixel by pixel: a colour table says all they do. */
const COLOUR_FILTERS = new Set(['curves', 'brightness/contrast', 'invert', 'levels', 'hue/saturation']);

/** The identity colour table (layout: the model's `colorLutUrl`). */
export function identityColorLut(): Raster {
  const n = COLOR_LUT_SIZE;
  const data = new Uint8ClampedArray(n * n * n * 4);
  const level = (i: number) => Math.round((i * 255) / (n - 1));
  for (let g = 0; g < n; g++) {
    for (let b = 0; b < n; b++) {
      for (let r = 0; r < n; r++) {
        const i = (g * n * n + b * n + r) * 4;
        data[i] = level(r);
        data[i + 1] = level(g);
        data[i + 2] = level(b);
        data[i + 3] = 255;
      }
    }
  }
  return { width: n * n, height: n, data };
}

/** `table` moved towards `before` by 1 - k: an adjustment layer at opacity k. */
function fadeTable(table: Raster, before: Raster, k: number): void {
  if (k >= 1) return;
  for (let i = 0; i < table.data.length; i++) table.data[i] = before.data[i]! + k * (table.data[i]! - before.data[i]!);
}

/** SmartObject layers in `layers` (groups searched) other than `except`. */
function countSmartObjects(layers: readonly TemplateLayer[], except: SmartObjectLayer | null): number {
  let n = 0;
  for (const l of layers) {
    if (l.T === 'Group') n += countSmartObjects(l.CF, except);
    else if (l.T === 'SmartObject' && l !== except) n++;
  }
  return n;
}

export function bakePsdTemplate(psd: Psd, opts: BakeOptions = {}): BakedPsdTemplate {
  const imported = importPsd(psd);
  const urlFor = opts.urlFor ?? ((n: string) => n);
  const doc: Rect = { left: 0, top: 0, width: psd.width, height: psd.height };
  const notes: string[] = [...imported.notes];
  const noted = new Set<string>();
  const note = (m: string): void => {
    if (noted.has(m)) return;
    noted.add(m);
    notes.push(m);
  };
  const images: BakedImage[] = [];
  const addImage = (stem: string, raster: Raster): string => {
    const name = `${stem}-${images.length}.png`;
    images.push({ name, raster });
    return urlFor(name);
  };
  const flatOf = new Map(imported.sources.map((s) => [s.psdLayer, s.flatId]));

  // Per view (the document, or each artboard): its leaves in drawing order, the first design
  // among them, and the view's rectangle in the document.
  let walk: Walk = { leaves: [], index: new Map() };
  let first = -1;
  let frame: Rect = doc;
  /** The current view's displacement (from a design's Displace smart filter), its PSD layer and its template layer. */
  const displaced: { map: Displacement | null; layer: Layer | null; model: SmartObjectLayer | null } = {
    map: null,
    layer: null,
    model: null,
  };

  /** One layer (with its clipped layers) drawn alone at normal mode and full opacity. */
  const isolate = (base: Layer, clips: readonly Layer[], shapeOnly = false): Raster => {
    const solo: Layer = {
      ...base,
      hidden: false,
      clipping: false,
      opacity: 1,
      blendMode: isGroup(base) && base.blendMode === 'pass through' ? 'pass through' : 'normal',
      ...(shapeOnly ? { fillOpacity: 1, effects: undefined } : {}),
    };
    return compositeDocument(
      { ...psd, children: [solo, ...clips.map((c) => ({ ...c, clipping: true }))] },
      {
        warn: (m) => note(m),
      },
    );
  };

  const masksOf = (l: Layer, withVector: boolean): Coverage | null => {
    const user = userMaskOf(l);
    let cov = user && !user.disabled ? rasterMaskCoverage(user, doc) : null;
    if (withVector && l.vectorMask && !l.vectorMask.disable) cov = multiplyCoverage(cov, vectorMaskCoverage(l.vectorMask, l.mask, doc));
    return cov;
  };

  const imageLayer = (raster: Raster, source: Layer, opacity: number, clipToBelow: boolean): SmartObjectLayer | null => {
    const box = alphaBox(raster);
    if (!box) return null;
    const blend = blendCodeForPsd(source.blendMode === 'pass through' ? 'normal' : source.blendMode);
    if (!blend.exact) note(`${source.name ?? ''}: blend mode '${source.blendMode}' drawn as normal`);
    const url = addImage('layer', crop(raster, box));
    const layer: SmartObjectLayer = {
      T: 'SmartObject',
      PS: null,
      OS: { w: box.width, h: box.height },
      M: { kind: 'affine', matrix: [1, 0, 0, 1, box.left, box.top] },
      PPC: null,
      F: { kind: 'image', url },
      blend: blend.code,
      opacity,
    };
    if (clipToBelow) layer.clipToBelow = true;
    return layer;
  };

  /**
   * What changes a design's colours pixel by pixel, as one colour table: its colour smart filters,
   * then the adjustment layers clipped to it. Anything else is named in a note.
   */
  const colourTable = (l: Layer, path: string, adjustments: readonly Layer[]): string | null => {
    const filter = l.placedLayer?.filter;
    const enabled = filter?.enabled ? filter.list.filter((f) => f.enabled) : [];
    for (const f of enabled) {
      if (!COLOUR_FILTERS.has(f.type) && f.type !== 'gaussian blur' && f.type !== 'displace')
        note(`${path}: smart filter "${f.name}" (${f.type}) is not part of the template`);
    }
    const colour = enabled.filter((f) => COLOUR_FILTERS.has(f.type));
    if (colour.length === 0 && adjustments.length === 0) return null;
    let table = identityColorLut();
    if (colour.length) {
      if (filter!.maskEnabled) note(`${path}: smart filter mask not part of the template (filters apply everywhere)`);
      table = applySmartFilters({ ...filter!, list: colour }, table, { warn: (m) => note(`${path}: ${m}`) });
    }
    for (const a of adjustments) {
      const aPath = `${path} > ${a.name ?? ''}`;
      if (userMaskOf(a) || (a.vectorMask && !a.vectorMask.disable))
        note(`${aPath}: adjustment mask not part of the template (it applies to the whole design)`);
      if ((a.blendMode ?? 'normal') !== 'normal') note(`${aPath}: adjustment blend mode '${a.blendMode}' drawn as normal`);
      const before = { ...table, data: table.data.slice() };
      if (!applyAdjustment(a.adjustment!, table)) {
        note(`${aPath}: adjustment '${a.adjustment!.type}' not supported, left out`);
        continue;
      }
      fadeTable(table, before, (a.opacity ?? 1) * (a.fillOpacity ?? 1));
    }
    return addImage('lut', table);
  };

  /**
   * A design layer's colour and gradient overlays as layers clipped to it: each is a fill at full
   * coverage blended with its own mode and opacity over the design, which is what Photoshop draws
   * inside an opaque layer (the renderer limits them to the design's pixels and mask). Shadows, glows and strokes follow the design's edge: named.
   */
  const overlayLayers = (l: Layer, path: string, opacity: number): SmartObjectLayer[] => {
    const fx = effectsOf(l.effects);
    if (!fx) return [];
    for (const what of fx.notDrawn) note(`${path}: layer effect ${what} on a design layer is not drawn`);
    const d = fx.drawn;
    const edge = [
      d.dropShadows.length && 'drop shadow',
      d.outerGlow && 'outer glow',
      d.innerShadows.length && 'inner shadow',
      d.innerGlow && 'inner glow',
      d.strokes.length && 'stroke',
    ].filter(Boolean);
    if (edge.length) note(`${path}: layer effects on a design layer that follow its edge are not drawn (${edge.join(', ')})`);
    const box = { left: l.left ?? 0, top: l.top ?? 0, right: l.right ?? psd.width, bottom: l.bottom ?? psd.height };
    const w = Math.max(0, box.right - box.left);
    const h = Math.max(0, box.bottom - box.top);
    if (!w || !h) return [];
    const opaque = { width: w, height: h, data: new Uint8ClampedArray(w * h * 4).fill(255) };
    const fills: { effects: LayerEffectsInfo; mode: string | undefined; opacity: number | undefined }[] = [
      ...d.gradientOverlays.map((g) => ({
        effects: { gradientOverlay: [{ ...g, blendMode: 'normal' as const, opacity: 1 }] },
        mode: g.blendMode,
        opacity: g.opacity,
      })),
      ...d.colorOverlays.map((c) => ({
        effects: { solidFill: [{ ...c, blendMode: 'normal' as const, opacity: 1 }] },
        mode: c.blendMode,
        opacity: c.opacity,
      })),
    ];
    return fills.flatMap((f) => {
      // The fill alone: an opaque stand-in of the layer's rectangle wearing only this overlay.
      const stand: Layer = {
        name: `${l.name ?? ''} overlay`,
        ...box,
        blendMode: 'normal',
        opacity: 1,
        imageData: opaque,
        effects: f.effects,
      };
      const raster = compositeDocument({ ...psd, children: [stand] }, { warn: (m) => note(m) });
      const effectOpacity = Math.round(Math.min(1, Math.max(0, f.opacity ?? 1)) * 255) / 255;
      const layer = imageLayer(
        raster,
        { name: stand.name, blendMode: f.mode as Layer['blendMode'] },
        effectOpacity * (l.opacity ?? 1) * opacity,
        true,
      );
      return layer ? [layer] : [];
    });
  };

  /**
   * A design's Gaussian Blur smart filters as the layer's blur (blurs in a row add up as the root
   * of the sum of their squares); one faded or in another blend mode is drawn at full strength.
   */
  const blurOf = (l: Layer, path: string): number => {
    const filter = l.placedLayer?.filter;
    if (!filter?.enabled) return 0;
    let variance = 0;
    for (const f of filter.list) {
      if (!f.enabled || f.type !== 'gaussian blur') continue;
      const r = f.filter.radius;
      if (r.units !== 'Pixels') note(`${path}: smart filter "${f.name}" radius in ${r.units}, taken as pixels`);
      if ((f.opacity ?? 1) < 1 || (f.blendMode ?? 'normal') !== 'normal')
        note(`${path}: smart filter "${f.name}" drawn at full strength and normal mode`);
      variance += r.value * r.value;
    }
    return Math.sqrt(variance);
  };

  /**
   * A design's Displace smart filter as the view's displacement: the map Photoshop embedded in
   * the document, stretched or tiled over it as the filter reads it. The view's map moves every
   * layer drawn over the photo, so the filter is exact when the design is the view's only layer;
   * anything else it would also move is named when the view is done. A map that is not in the
   * file, a second displaced design, and what the model cannot say (fading, filter mask, wrapping
   * past the edges) are named.
   */
  const displacementOf = (l: Layer, path: string): void => {
    const filters = displaceFiltersOf(l);
    if (filters.length === 0) return;
    const f = filters[0]!;
    const mapPath = f.filter.displacementFile?.path ?? '';
    if (filters.length > 1) note(`${path}: only the first of ${filters.length} Displace smart filters is part of the template`);
    if (displaced.map) {
      note(`${path}: smart filter "${f.name}" (displace) not part of the template: the view already carries another design's displacement`);
      return;
    }
    const map = embeddedDisplacementMap(psd, mapPath, (m) => note(`${path}: displacement map: ${m}`));
    if (!map) {
      note(
        `${path}: smart filter "${f.name}" (displace) is not part of the template: its displacement map "${fileNameOf(mapPath)}" is not embedded in the document`,
      );
      return;
    }
    if ((f.opacity ?? 1) < 1 || (f.blendMode ?? 'normal') !== 'normal')
      note(`${path}: smart filter "${f.name}" drawn at full strength and normal mode`);
    if (l.placedLayer?.filter?.maskEnabled)
      note(`${path}: smart filter mask not part of the template (the displacement applies everywhere)`);
    if (f.filter.undefinedAreas === 'wrap around')
      note(`${path}: smart filter "${f.name}" wraps around the document's edges; the template shows nothing there`);
    const view = viewDisplacementFrom(map, f.filter, { width: psd.width, height: psd.height }, frame);
    displaced.map = { url: addImage('displacement', view.raster), scaleX: view.scaleX, scaleY: view.scaleY };
    displaced.layer = l;
  };

  const designLayer = (
    l: Layer,
    path: string,
    masks: Coverage | null,
    opacity: number,
    adjustments: readonly Layer[] = [],
  ): SmartObjectLayer => {
    const flatId = flatOf.get(l)!;
    const placement = placementOf(l.placedLayer!, path);
    const blend = blendCodeForPsd(l.blendMode);
    if (!blend.exact) note(`${path}: blend mode '${l.blendMode}' drawn as normal`);
    const layer: SmartObjectLayer = {
      T: 'SmartObject',
      PS: placement.PS,
      OS: placement.OS,
      M: placement.M,
      PPC: clipOf(l, path),
      F: { kind: 'flat', flatId },
      blend: blend.code,
      opacity: (l.opacity ?? 1) * (l.fillOpacity ?? 1) * opacity,
      ...(tessellatedByPhotoshop(placement) ? { tessellation: 'photoshop' as const } : {}),
    };
    const mask = multiplyCoverage(masksOf(l, false), masks);
    if (mask) layer.maskUrl = addImage('mask', coverageRaster(mask, frame));
    const lut = colourTable(l, path, adjustments);
    if (lut) layer.colorLutUrl = lut;
    const blur = blurOf(l, path);
    if (blur > 0) layer.blur = blur;
    displacementOf(l, path);
    if (displaced.layer === l) displaced.model = layer;
    return layer;
  };

  /**
   * The template layers for `layers` (one stack, bottom first) from the first design up.
   * `masks` and `opacity` come from enclosing groups that are not kept as Group layers.
   */
  const emit = (layers: readonly Layer[], prefix: string, masks: Coverage | null, opacity: number): TemplateLayer[] => {
    const out: TemplateLayer[] = [];
    let i = 0;
    while (i < layers.length) {
      const index = i;
      const base = layers[i++]!;
      const clips: Layer[] = [];
      while (i < layers.length && layers[i]!.clipping) clips.push(layers[i++]!);
      const visibleClips = clips.filter((c) => !c.hidden);
      const path = prefix ? `${prefix}/${layerName(base, index)}` : layerName(base, index);
      const range = [base, ...visibleClips].map((l) => leafRange(l, walk)).filter((r): r is [number, number] => r !== null);
      if (range.length === 0 || Math.max(...range.map((r) => r[1])) < first) continue;

      if (base.hidden) continue;
      if (isGroup(base) && containsSmartObject(base)) {
        if (visibleClips.length) note(`${path}: layers clipped to a group holding a design drawn unclipped`);
        const mode = base.blendMode ?? 'pass through';
        if (mode !== 'pass through' && mode !== 'normal') note(`${path}: group blend mode '${mode}' around a design drawn as pass through`);
        const keepPath = !!base.vectorMask && !base.vectorMask.disable;
        const groupMasks = multiplyCoverage(masks, masksOf(base, !keepPath));
        const children = emit(base.children!, path, groupMasks, opacity * (base.opacity ?? 1));
        if (keepPath) out.push({ T: 'Group', PPC: clipOf(base, path), CF: children, blend: 7, opacity: 1 });
        else out.push(...children);
        for (const c of visibleClips) out.push(...emit([{ ...c, clipping: false }], prefix, masks, opacity));
        continue;
      }
      if (isGroup(base) && (base.blendMode ?? 'pass through') === 'pass through' && visibleClips.length === 0) {
        // A pass-through group's children blend with what is below: each is its own layer.
        out.push(...emit(base.children!, path, multiplyCoverage(masks, masksOf(base, true)), opacity * (base.opacity ?? 1)));
        continue;
      }
      if (base.placedLayer && flatOf.has(base)) {
        // Adjustments clipped to the design change its colours: they join its colour table. One
        // that comes after another clipped layer would also change that layer: named.
        const firstOther = visibleClips.findIndex((c) => !c.adjustment);
        const design = designLayer(
          base,
          path,
          masks,
          opacity,
          visibleClips.filter((c) => c.adjustment),
        );
        out.push(design, ...overlayLayers(base, path, opacity));
        for (const [k, c] of visibleClips.entries()) {
          const cPath = prefix ? `${prefix}/${c.name ?? ''}` : (c.name ?? '');
          if (c.adjustment) {
            if (firstOther >= 0 && k > firstOther)
              note(`${cPath}: adjustment '${c.adjustment.type}' above another clipped layer applied to the design only`);
            continue;
          }
          const layer = imageLayer(multiplyAlpha(isolate(c, []), masks), c, (c.opacity ?? 1) * opacity, true);
          if (layer) out.push(layer);
        }
        continue;
      }
      const baseRange = leafRange(base, walk);
      const baseAbove = baseRange !== null && baseRange[0] >= first;
      const designClips = visibleClips.filter((c) => c.placedLayer && flatOf.has(c));
      if (designClips.length === 0) {
        if (base.adjustment) {
          note(`${path}: adjustment '${base.adjustment.type}' above a design left out (it would change the design)`);
          continue;
        }
        // The whole clipping group (or isolated group) does not depend on the design: one image.
        const layer = imageLayer(multiplyAlpha(isolate(base, visibleClips), masks), base, (base.opacity ?? 1) * opacity, false);
        if (layer) out.push(layer);
        continue;
      }
      // Designs clipped to a raster shape: the shape becomes part of their masks, and the base
      // itself is drawn in the photo (when below the first design) or as its own layer.
      if (base.adjustment) {
        note(`${path}: design clipped to an adjustment layer drawn through its masks only`);
      }
      const shape = base.adjustment ? masksOf(base, true) : alphaCoverage(isolate(base, [], true));
      if (baseAbove && !base.adjustment) {
        const layer = imageLayer(multiplyAlpha(isolate(base, []), masks), base, (base.opacity ?? 1) * opacity, false);
        if (layer) out.push(layer);
      }
      const clipMasks = multiplyCoverage(masks, shape);
      const clipOpacity = opacity * (base.opacity ?? 1);
      if ((base.blendMode ?? 'normal') !== 'normal')
        note(`${path}: clipping base blend mode '${base.blendMode}' not applied to its clipped layers`);
      for (const c of visibleClips) {
        const r = leafRange(c, walk);
        if (!r || r[1] < first) continue;
        const cPath = prefix ? `${prefix}/${c.name ?? ''}` : (c.name ?? '');
        if (c.placedLayer && flatOf.has(c)) {
          const design = designLayer(c, cPath, clipMasks, clipOpacity);
          out.push(design, ...overlayLayers(c, cPath, clipOpacity));
        } else if (c.adjustment) {
          note(`${cPath}: adjustment '${c.adjustment.type}' above a design left out (it would change the design)`);
        } else {
          const layer = imageLayer(multiplyAlpha(isolate(c, []), clipMasks), c, (c.opacity ?? 1) * clipOpacity, false);
          if (layer) out.push(layer);
        }
      }
    }
    return out;
  };

  /** One view: `children` (the document's layers, or one artboard) over `viewFrame`. */
  const bakeView = (children: Layer[], viewFrame: Rect, viewId: string): TemplateView | null => {
    frame = viewFrame;
    Object.assign(displaced, { map: null, layer: null, model: null });
    walk = { leaves: [], index: new Map() };
    walkLeaves(children, walk);
    first = walk.leaves.findIndex((l) => !!l.placedLayer && flatOf.has(l));
    if (first < 0) return null;
    // The photo: the view's layers up to the first design (everything else hidden), in its frame.
    const above = new Set(walk.leaves.slice(first));
    const shown = (psd.children ?? []).map((c) => (children.includes(c) ? c : { ...c, hidden: true }));
    const background = compositeDocument({ ...psd, children: hideLeaves(shown, above) }, { warn: (m) => note(`below the design: ${m}`) });
    const photoUrl = addImage('background', crop(background, frame));
    const emitted = emit(children, '', null, 1);
    if (displaced.map && countSmartObjects(emitted, displaced.model) > 0) {
      note(
        `${displaced.layer?.name ?? ''}: its Displace smart filter is the view's displacement, which also moves the view's other layers`,
      );
    }
    const layers = emitted.map((l) => translateLayer(l, -frame.left, -frame.top));
    return {
      viewId,
      viewData: {
        width: frame.width,
        height: frame.height,
        imageUrl: photoUrl,
        shadingUrl: null,
        highlightUrl: null,
        layers,
        ...(displaced.map ? { displacement: displaced.map } : {}),
      },
      viewLargeImageUrl: null,
      viewCoverImageUrl: null,
      partsList: [],
    };
  };

  // Artboards are views of their own (cut to their rectangles); a document without is one view.
  const boards = (psd.children ?? []).filter((l) => l.artboard && !l.hidden && containsSmartObject(l));
  const views = boards.length
    ? boards.flatMap((b, i) => {
        const r = b.artboard!.rect;
        const rect = intersectRects({ left: r.left, top: r.top, width: r.right - r.left, height: r.bottom - r.top }, doc);
        const v = isEmptyRect(rect) ? null : bakeView([b], rect, layerName(b, i));
        return v ? [v] : [];
      })
    : [bakeView(psd.children ?? [], doc, opts.viewId ?? 'psd')].filter((v): v is TemplateView => v !== null);
  if (views.length === 0) throw new DataError('PSD has no smart-object layers to design on');
  const template = templateFromPsd({ ...imported, notes }, { photoUrl: views[0]!.viewData.imageUrl, viewId: opts.viewId, name: opts.name });
  return { template: { ...template, viewList: views }, images, sources: imported.sources, notes };
}
