/**
 * The engine's one high-level surface: a template and a SKU design in, pixels out. It ties the
 * flat compositor (pixi.js) to the mockup pipeline (twgl.js) so the editor preview, the mockups
 * and the print files draw each flat through the same code path. Runs in a worker or a page.
 */
import {
  composeFlat,
  composeFlatSketched,
  composeFlatToPng,
  flatContentOf,
  FlatSketch,
  noteFlatContent,
  printSize,
  type ComposeBackground,
} from './render/compose/index.ts';
import { pyramidBitmap, pyramidLevel, pyramidSpan } from './render/compose/pyramid.ts';
import { tattooPrintFiles, type TattooPrintFiles } from './render/compose/tattoo-file.ts';
import {
  MockupRenderer,
  createFetchImageLoader,
  layersShowingFlat,
  quadMirrored,
  resampledByCubic,
  type ImageLoader,
  type LayerImage,
  type Resampling,
  type TextureSpan,
} from './render/mockup/index.ts';
import { layerFlatIds, layerWarp } from './model/layers.ts';
import { DataError } from './model/errors.ts';
import type { CustomTemplate, SkuDesign, SmartObjectLayer, TemplateFlat, TemplateView } from './model/types.ts';
import { applyHomography, type Vec2 } from './geometry/index.ts';
import type { FlatContent } from './render/flat-content.ts';
import { SourceCache } from './gl/resources.ts';

export interface MockupRequest {
  template: CustomTemplate;
  design: SkuDesign;
  viewId: string;
  /** SKU colour; default the design's colour. */
  color?: string;
  /** Longer side of the output in px; default the view's photo size. */
  size?: number;
  renderId?: number;
  /**
   * What a newer render id supersedes; default the view. Renders of one view for different uses
   * (an editor's product backdrop beside its live mockups) name their own, so neither stops the other.
   */
  renderTarget?: string;
  /** Colour the mockup is flattened over; null keeps transparency (not for JPEG). Default white. */
  background?: string | null;
  /**
   * How many colours of this design the caller renders one after another, e.g. a product's
   * colour set when saving its mockups; default 1. From 2 on the first render prepares what the
   * later colours share, so each of them is cheaper (RenderViewOptions.runColors).
   */
  runColors?: number;
}

export interface EngineOptions {
  /** Loads photos, maps, parts and design images; default fetch with an LRU cache. */
  loader?: ImageLoader;
  canvas?: OffscreenCanvas;
  /** 'bicubic': affine layers resampled by Photoshop's Bicubic Automatic (MockupRendererOptions). Default 'bilinear'. */
  resampling?: Resampling;
  /**
   * With 'bicubic': flat px composed per on-photo px for the flats the cubic resamples (those
   * only affine layers show; other flats keep OVERSAMPLE). Default OVERSAMPLE (1.25); Infinity
   * composes them at full size, so the cubic is their only resampling, as in Photoshop.
   */
  flatOversample?: number;
  /**
   * Where WebGL runs on the CPU: take views' frames around their layers from the CPU (cut-out
   * photos and parts too) and blend later colours there (MockupRendererOptions `cpuFrames`,
   * `cpuBlend`). Default: on a software renderer; false keeps that work on the (emulated) GPU.
   */
  cpuFrames?: boolean;
  cpuBlend?: boolean;
}

/** Composed flats kept for reuse across views and colours of the same design. */
const FLAT_CACHE_ENTRIES = 8;
/** Flats kept as sketches: the flats of a few views at their mockup sizes. */
const SKETCH_ENTRIES = 6;
/** Views kept by content (`internView`): the views of a few templates. */
const VIEW_ENTRIES = 16;

/** Resolution of tattoo paper prints: what tattoo-paper printers print at. */
export const TATTOO_DPI = 300;

/** Source pixels per on-photo pixel: a little above 1 keeps warped text crisp after resampling. */
const OVERSAMPLE = 1.25;

export class Engine {
  private readonly loader: ImageLoader;
  private readonly renderer: MockupRenderer;
  private readonly resampling: Resampling;
  private readonly cubicOversample: number;

  constructor(options: EngineOptions = {}) {
    this.loader = options.loader ?? createFetchImageLoader({ maxEntries: 128 });
    this.resampling = options.resampling ?? 'bilinear';
    this.renderer = new MockupRenderer(options.canvas, {
      loader: this.loader,
      resampling: this.resampling,
      ...(options.cpuFrames === undefined ? {} : { cpuFrames: options.cpuFrames }),
      ...(options.cpuBlend === undefined ? {} : { cpuBlend: options.cpuBlend }),
    });
    this.cubicOversample = options.flatOversample ?? OVERSAMPLE;
  }

  private images = async (url: string): Promise<ImageBitmap> => {
    const src = await this.loader.load(url);
    return src instanceof ImageBitmap ? src : createImageBitmap(src as ImageBitmapSource);
  };

  /** One flat of the design at `scale` output px per flat px (1 = the flat's own size). */
  async composeFlat(
    template: CustomTemplate,
    design: SkuDesign,
    flatId: string,
    opts: { scale?: number; viewId?: string; isCurrent?: () => boolean } = {},
  ): Promise<ImageBitmap> {
    return composeFlat({ ...(await this.flatOptions(template, design, flatId, opts.scale ?? 1, opts.viewId)), isCurrent: opts.isCurrent });
  }

  /** What composing `flatId` of the design needs: its size, elements, background and images. */
  private async flatOptions(template: CustomTemplate, design: SkuDesign, flatId: string, scale: number, viewId: string | undefined) {
    const flat = findFlat(template, flatId);
    return {
      flat: { width: flat.flatData.width, height: flat.flatData.height },
      design: { designList: design.flatDesignList.find((f) => f.flatId === flatId)?.designList ?? [] },
      background: await this.backgroundFor(design, viewId),
      images: this.images,
      scale,
    };
  }

  /** The mockup of one view: every flat it shows composed, then warped onto the photo. */
  async renderMockup(req: MockupRequest): Promise<ImageBitmap> {
    return this.renderer.renderView(await this.viewOptions(req));
  }

  /**
   * The mockup of one view as a JPEG file. A file is kept (a saved product's view image, a bulk
   * job's mockup), so no later render of the same view stops it, as one stops an on-screen
   * mockup: a preview drawn meanwhile on the same worker must not cost the merchant a mockup.
   */
  async renderMockupJpeg(req: MockupRequest, quality = 0.92): Promise<Blob> {
    const { target: _screen, ...options } = await this.viewOptions(req);
    return this.renderer.renderViewToJpeg(options, quality);
  }

  async renderLayers(req: Omit<MockupRequest, 'color'>): Promise<LayerImage[]> {
    const { view, flats, flatSpans, size } = await this.viewOptions(req);
    return this.renderer.renderLayers({ view, flats, flatSpans, ...(size ? { size } : {}) });
  }

  /** The print file of one flat: PNG at its print size for `dpi` (150 for print), tiled past the GPU limit. */
  async exportPrintFile(template: CustomTemplate, design: SkuDesign, flatId: string, dpi = 150): Promise<Blob> {
    const flat = findFlat(template, flatId);
    const print = printSize(flat.flatData, dpi);
    return composeFlatToPng({
      flat: { width: flat.flatData.width, height: flat.flatData.height },
      design: { designList: design.flatDesignList.find((f) => f.flatId === flatId)?.designList ?? [] },
      background: await this.backgroundFor(design, undefined),
      images: this.images,
      scale: print.scale,
      dpi: print.dpi,
    });
  }

  /**
   * The temporary-tattoo print files of one flat: the design composed at `widthIn` inches wide
   * (default the flat's own print width) at `dpi` (default 300), near-white made transparent,
   * mirrored (the paper goes on face down), padded, plus the cut line `cutOffsetMm` outside the
   * artwork as an SVG page in mm (render/compose/tattoo.ts).
   */
  async exportTattooPrintFiles(
    template: CustomTemplate,
    design: SkuDesign,
    flatId: string,
    opts: { cutOffsetMm: number; dpi?: number; widthIn?: number },
  ): Promise<TattooPrintFiles> {
    const flat = findFlat(template, flatId);
    const dpi = opts.dpi ?? TATTOO_DPI;
    const width = opts.widthIn === undefined ? printSize(flat.flatData, dpi).width : Math.round(opts.widthIn * dpi);
    if (!(width > 0)) throw new DataError('A tattoo print needs a positive width and dpi');
    const bitmap = await this.composeFlat(template, design, flatId, { scale: width / flat.flatData.width });
    try {
      return await tattooPrintFiles(bitmap, { dpi, cutOffsetMm: opts.cutOffsetMm });
    } finally {
      bitmap.close();
    }
  }

  /**
   * Composed flats keyed by what they show: the views and colours of one design reuse one bitmap
   * (and so one GPU texture) instead of composing the same flat again for every mockup.
   */
  private readonly flatCache = new Map<string, Promise<ImageBitmap>>();

  private cachedFlat(req: MockupRequest, flatId: string, scale: number): Promise<ImageBitmap> {
    return this.keptFlat(req, flatId, ['scale', scale.toFixed(4)], () => this.sketchedFlat(req, flatId, scale));
  }

  /**
   * The flat composed at full size and reduced `level` times by a half-up 2x2 box pyramid: what
   * Photoshop draws a reduced warp from (render/compose/pyramid.ts).
   */
  private pyramidFlat(req: MockupRequest, flatId: string, level: number, mirror: boolean): Promise<ImageBitmap> {
    return this.keptFlat(req, flatId, ['pyramid', level, mirror], () =>
      // A reduced flat shows what the full one does (content is kept in the flat's uv).
      this.cachedFlat(req, flatId, 1).then(async (full) => noteFlatContent(await pyramidBitmap(full, level, mirror), flatContentOf(full))),
    );
  }

  /** A flat from `flatCache` by what it shows and `how` it was made, or `make`'s, kept there. */
  private keptFlat(req: MockupRequest, flatId: string, how: readonly unknown[], make: () => Promise<ImageBitmap>): Promise<ImageBitmap> {
    const design = req.design.flatDesignList.find((f) => f.flatId === flatId)?.designList ?? [];
    const bg = req.design.BGDesignList.find((b) => b.viewId === req.viewId && b.visible) ?? null;
    const key = JSON.stringify([flatId, how, design, bg, req.template.customTemplateId]);
    const hit = this.flatCache.get(key);
    if (hit) {
      this.flatCache.delete(key);
      this.flatCache.set(key, hit);
      return hit;
    }
    const made = make();
    made.catch(() => this.flatCache.delete(key));
    this.flatCache.set(key, made);
    while (this.flatCache.size > FLAT_CACHE_ENTRIES) {
      const [oldest, bitmap] = this.flatCache.entries().next().value as [string, Promise<ImageBitmap>];
      this.flatCache.delete(oldest);
      // Closed once no render can still be using it: renders take their bitmap before awaiting GL work.
      void bitmap.then(
        (b) => setTimeout(() => b.close(), 1000),
        () => {},
      );
    }
    return made;
  }

  /**
   * Sketches of the flats mockups show, by template, flat and scale: the next design of the same
   * flat redraws only what changed (render/compose/flat-sketch.ts), so a mockup after an edit
   * does not compose the whole flat again.
   */
  private readonly sketches = countedCache<FlatSketch>(SKETCH_ENTRIES);

  private async sketchedFlat(req: MockupRequest, flatId: string, scale: number): Promise<ImageBitmap> {
    const key = JSON.stringify([req.template.customTemplateId, flatId, scale.toFixed(4)]);
    let sketch = this.sketches.get(key);
    if (!sketch) {
      sketch = new FlatSketch();
      this.sketches.set(key, sketch, 1);
    }
    return composeFlatSketched(await this.flatOptions(req.template, req.design, flatId, scale, req.viewId), sketch);
  }

  /** The background the merchant set for this view, when it is shown. */
  private async backgroundFor(design: SkuDesign, viewId: string | undefined): Promise<ComposeBackground | null> {
    const bg = design.BGDesignList.find((b) => (viewId ? b.viewId === viewId : true) && b.visible);
    if (!bg) return null;
    if (bg.BGType === '1') return { color: bg.color, visible: true };
    return bg.imageUrl ? { image: await this.images(bg.imageUrl), visible: true } : null;
  }

  async dispose(): Promise<void> {
    for (const p of this.flatCache.values())
      void p.then(
        (b) => b.close(),
        () => {},
      );
    this.flatCache.clear();
    this.sketches.clear();
    await this.renderer.dispose();
  }

  /**
   * The first view seen with this content. A template that reaches a render worker is a new
   * object on every call (structured clone), and the renderer keeps what it derives from a layer
   * (warp meshes, clip fills, coverage masks) by the layer object: without this every worker
   * render would build them again.
   */
  private readonly views = countedCache<TemplateView>(VIEW_ENTRIES);

  private internView(view: TemplateView): TemplateView {
    const key = JSON.stringify(view);
    const hit = this.views.get(key);
    if (hit) return hit;
    this.views.set(key, view, 1);
    return view;
  }

  private async viewOptions(req: MockupRequest) {
    const view = this.internView(findView(req.template, req.viewId));
    const outLarger = req.size ?? Math.max(view.viewData.width, view.viewData.height);
    const target = req.renderTarget ?? `view:${req.viewId}`;
    const ids = layerFlatIds(view.viewData.layers);
    const flats: Record<string, ImageBitmap> = {};
    const flatSpans: Record<string, TextureSpan> = {};
    const flatContent: Record<string, FlatContent> = {};
    await Promise.all(
      ids.map(async (flatId) => {
        if (!req.template.flatList.some((f) => f.flatId === flatId)) return;
        const cubic = this.resampling === 'bicubic' && layersShowingFlat(view, flatId).every(resampledByCubic);
        const level = this.resampling === 'bicubic' && !cubic ? warpPyramidLevel(req.template, view, flatId, outLarger) : 0;
        if (level > 0) {
          // Mirrored perspective layers are reduced as the mirrored image (their kept texel on the
          // flat's left); a flat also shown unmirrored keeps the plain pyramid.
          const mirror = layersShowingFlat(view, flatId).every(mirroredPerspective);
          const flat = findFlat(req.template, flatId);
          flats[flatId] = await this.pyramidFlat(req, flatId, level, mirror);
          flatSpans[flatId] = pyramidSpan(flat.flatData.width, flat.flatData.height, level, mirror);
        } else {
          const scale = flatScaleForView(req.template, view, flatId, outLarger, cubic ? this.cubicOversample : OVERSAMPLE);
          flats[flatId] = await this.cachedFlat(req, flatId, scale);
        }
        const content = flatContentOf(flats[flatId]);
        if (content) flatContent[flatId] = content;
      }),
    );
    return {
      view,
      flats,
      flatSpans,
      flatContent,
      color: req.color ?? req.design.color,
      target,
      ...(req.size ? { size: req.size } : {}),
      ...(req.renderId !== undefined ? { renderId: req.renderId } : {}),
      ...(req.background !== undefined ? { background: req.background } : {}),
      ...(req.runColors !== undefined ? { runColors: req.runColors } : {}),
    };
  }
}

/** A least-recently-used map of at most `entries` values that need no freeing. */
function countedCache<V>(entries: number): SourceCache<string, V> {
  return new SourceCache<string, V>(entries, () => {});
}

/** Output px per flat px for composing `flatId` before it is warped onto `view` at `outLarger` px. */
export function flatScaleForView(
  template: CustomTemplate,
  view: TemplateView,
  flatId: string,
  outLarger: number,
  oversample = OVERSAMPLE,
): number {
  const flat = findFlat(template, flatId);
  const k = outLarger / Math.max(view.viewData.width, view.viewData.height);
  const largest = largestLayerSide(view, flatId) * k * oversample;
  return Math.min(1, Math.max(0.05, largest / Math.max(flat.flatData.width, flat.flatData.height)));
}

/**
 * The pyramid level a flat is drawn from when every layer showing it is a Photoshop-tessellated
 * warp or perspective (a PSD's, under the bicubic renderer): Photoshop reads a reduced warp's
 * texture from a half-up rounded 2x2 box pyramid (render/compose/pyramid.ts), a perspective
 * layer's too, drawn at its texels' size (`pyramidSpan`, layer-mesh.ts `TextureSpan`). 0
 * otherwise: the catalogue's own surfaces keep their oversampled flat.
 */
function warpPyramidLevel(template: CustomTemplate, view: TemplateView, flatId: string, outLarger: number): number {
  const layers = layersShowingFlat(view, flatId);
  const warped = (l: SmartObjectLayer) => l.tessellation === 'photoshop' && !resampledByCubic(l);
  if (layers.length === 0 || !layers.every(warped)) return 0;
  const flat = findFlat(template, flatId);
  const k = outLarger / Math.max(view.viewData.width, view.viewData.height);
  return pyramidLevel((largestLayerSide(view, flatId) * k) / Math.max(flat.flatData.width, flat.flatData.height));
}

/** A layer placed by a perspective quad that shows its flat mirrored. */
function mirroredPerspective(layer: SmartObjectLayer): boolean {
  const w = layerWarp(layer);
  return w.kind === 'perspective' && quadMirrored(w.quad);
}

function findFlat(template: CustomTemplate, flatId: string): TemplateFlat {
  const flat = template.flatList.find((f) => f.flatId === flatId);
  if (!flat) throw new DataError(`flatList: no flat '${flatId}'`);
  return flat;
}

function findView(template: CustomTemplate, viewId: string): TemplateView {
  const view = template.viewList.find((v) => v.viewId === viewId);
  if (!view) throw new DataError(`viewList: no view '${viewId}'`);
  return view;
}

/**
 * How big a flat appears on the photo: the longest side of the on-photo bounds of the smart
 * objects showing it. Composing the flat any larger only costs fill time (SwiftShader has no GPU).
 */
function largestLayerSide(view: TemplateView, flatId: string): number {
  let best = 0;
  for (const l of layersShowingFlat(view, flatId)) best = Math.max(best, onPhotoSide(l));
  const photo = Math.max(view.viewData.width, view.viewData.height);
  return Math.min(best || photo, photo);
}

function onPhotoSide(layer: SmartObjectLayer): number {
  const w = layerWarp(layer);
  let xs: number[];
  let ys: number[];
  switch (w.kind) {
    case 'affine': {
      const [a, b, c, d, e, f] = w.matrix;
      const corners = [
        [0, 0],
        [layer.OS.w, 0],
        [layer.OS.w, layer.OS.h],
        [0, layer.OS.h],
      ] as const;
      xs = corners.map(([x, y]) => a * x + c * y + e);
      ys = corners.map(([x, y]) => b * x + d * y + f);
      break;
    }
    case 'bezier':
    case 'quilt': {
      const points = (w.kind === 'bezier' ? w.points : w.mesh.points).map((p): Vec2 =>
        w.projection ? applyHomography(w.projection, [p.x, p.y]) : [p.x, p.y],
      );
      xs = points.map((p) => p[0]);
      ys = points.map((p) => p[1]);
      break;
    }
    default:
      xs = w.quad.filter((_, i) => i % 2 === 0);
      ys = w.quad.filter((_, i) => i % 2 === 1);
  }
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}
