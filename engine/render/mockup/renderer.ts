/**
 * MockupRenderer: warps flats onto a product photo like Photoshop smart objects.
 *
 * Per view: photo (tinted with the SKU colour) → each smart-object layer of the T/CF tree, in
 * order: flat drawn through the layer's warp mesh into a layer buffer, clipped by the PPC paths
 * of the layer and its groups, then blended onto the composite with its blend code and opacity
 * (with the view's shading/highlight maps applied where it covers) → part overlays (shadows
 * multiplied, ornaments on top) → flattened over the background → ImageBitmap or JPEG.
 *
 * Large outputs are rendered in tiles no larger than `maxTileSize` (and always within the GPU's
 * limits), assembled on a 2D canvas, so print-size mockups work past MAX_TEXTURE_SIZE.
 *
 * Renders share one GL context, so their GL passes run one at a time (a queue); loading images
 * runs outside it. A render checks its render id between passes and stops with 'stop render'
 * when a newer render of its target exists.
 */
import { assertContextAlive, createGLContext, glLimits, isSoftwareRenderer, rendererName } from '../../gl/context.ts';
import { readImageData, readPixels } from '../../gl/readback.ts';
import { Disposer } from '../../gl/resources.ts';
import { TargetPool, type PixelRect, type RenderTarget, type TargetSpec } from '../../gl/targets.ts';
import type { GLTexture } from '../../gl/textures.ts';
import { DataError, DEFAULT_COLOR, hexToRgb, parseHexColor, type SmartObjectLayer, type TemplateView } from '../../model/index.ts';
import { loadViewAssets, releaseAssets, type ViewAssets } from './assets.ts';
import { cacheableBitmap, GpuCache } from './gpu-cache.ts';
import { createFetchImageLoader, type ImageLoader } from './image-loader.ts';
import { sourcePixels } from './opacity.ts';
import { LayerResults } from './layer-results.ts';
import { applyCpuLayer, cpuBlendsMode, prepareCpuLayer, type CpuLayer } from './cpu-blend.ts';
import { CpuLayers } from './cpu-layers.ts';
import type { TextureSpan } from './layer-mesh.ts';
import type { FlatContent } from '../flat-content.ts';
import { PhotoFrames, type DrawnFrame } from './photo-frames.ts';
import { premultiply, resizeBilinear } from './bilinear.ts';
import { layerRectInTile, needsMipmaps, prepareLayers, type EdgeAntialiasing, type PreparedLayer } from './layers.ts';
import { assertCanvasSize, context2d, outputSizeFor, type OutputSize } from './output.ts';
import {
  blendMeshOnto,
  blendOnto,
  blurLayer,
  drawBase,
  drawLayer,
  finishTile,
  keepClipShape,
  resetState,
  type BlendMaps,
  type LayerDraw,
  type TileFrame,
} from './passes.ts';
import { createMockupGL, deleteMockupGL, type MockupGL } from './programs.ts';
import { RenderIdRegistry, type RenderTicket } from './render-ids.ts';
import type { Resampling } from './resampling.ts';
import { SerialQueue, yieldToEventLoop } from './scheduling.ts';
import { intersectRects, planTiles, unionRects } from './tiles.ts';
import type { PlannedLayer } from './view-plan.ts';

export interface MockupRendererOptions {
  /** Loads photos, maps, parts and image layers by url; defaults to fetch with a cache. */
  readonly loader?: ImageLoader;
  /** Share one registry between renderers that draw the same targets. */
  readonly renderIds?: RenderIdRegistry;
  /**
   * MSAA samples for layer buffers when edges are antialiased by 'msaa': 4 by default (or the
   * GPU's maximum); 0 draws aliased edges, slightly faster.
   */
  readonly samples?: number;
  /**
   * How mesh and clip edges are antialiased (layers.ts). Default: 'coverage' with bicubic
   * resampling (the PSD path: Photoshop's edges carry each pixel's exact coverage, which four
   * samples only approximate in quarters; engine/psd/README.md, "Edge coverage") and where WebGL
   * runs on the CPU and flats are resampled bilinearly (multisampling costs several times a plain
   * draw there); 'msaa' otherwise on a GPU, or with `samples` given.
   */
  readonly antialias?: EdgeAntialiasing;
  /** Largest tile side; outputs beyond it are tiled. Default 2048, capped by the GPU limits. */
  readonly maxTileSize?: number;
  /** 0..1: how much a cylinder's turn away from the camera darkens the print. Default 0.3. */
  readonly cylinderShading?: number;
  /** GPU bytes kept for textures of ImageBitmap sources (photos) between renders. Default 256 MiB. */
  readonly textureCacheBytes?: number;
  /**
   * GPU bytes kept for tinted photos at output size, so a re-render of the same view, colour and
   * size (the interactive case, and bulk renders of one product) starts with a copy instead of a
   * full-image pass. Default 64 MiB; 0 disables.
   */
  readonly baseCacheBytes?: number;
  /** 'bicubic': affine layers resampled by Photoshop's Bicubic Automatic (resampling.ts). Default 'bilinear'. */
  readonly resampling?: Resampling;
  /**
   * Reuse work across renders: views' frames outside their layers (the tinted photo; see
   * `cpuFrames`) kept on the CPU, with only the rect their layers cover drawn and read back
   * (photo-frames.ts), and layers drawn again with the same design kept (layer-results.ts).
   * Default true; false draws everything and reads every frame back whole.
   */
  readonly reuseFrames?: boolean;
  /**
   * Blend the layers of an opaque view on the CPU from the second render of the same design
   * (another colour): cpu-blend.ts. Default: where WebGL runs on the CPU, with `reuseFrames`.
   */
  readonly cpuBlend?: boolean;
  /**
   * Take the frame outside the layers from the CPU, and finish the layers' rect there (parts,
   * background), for views with a cut-out photo or parts too, not only opaque ones without parts
   * (photo-frames.ts). Default: where WebGL runs on the CPU, with `reuseFrames`.
   */
  readonly cpuFrames?: boolean;
}

export interface RenderViewOptions {
  readonly view: TemplateView;
  /** Flat images by flatId. Layers whose flat is missing are left out (an undesigned flat). */
  readonly flats: Readonly<Record<string, TexImageSource>>;
  /**
   * Where a flat's image lies in the flat, by flatId, for flats whose image is not the flat
   * stretched to 0..1: a half-up pyramid level whose kept last texel reaches past an odd side.
   */
  readonly flatSpans?: Readonly<Record<string, TextureSpan>>;
  /**
   * What each flat's image shows, by flatId (render/flat-content.ts): a layer blended by its mesh
   * leaves out the triangles that would sample only transparent cells. A flat without one is taken
   * as drawn all over.
   */
  readonly flatContent?: Readonly<Record<string, FlatContent>>;
  /** SKU colour, '#RRGGBB'; default '#FFFFFF' (the photo unchanged). */
  readonly color?: string;
  /** Output size of the longer side in px; the view's own width and height by default. */
  readonly size?: number;
  /** With `target`: a render older than the newest one for the target stops ('stop render'). */
  readonly renderId?: number;
  readonly target?: string;
  /** Colour the image is flattened over; null keeps transparency (not for JPEG). Default white. */
  readonly background?: string | null;
  /**
   * How many colours of this design the caller renders one after another (a product's colour
   * set); default 1. From 2 on, the first render already prepares what the later colours share
   * (where WebGL is emulated: each layer's blend terms, see `cpuBlend`); with 1 that is left to a
   * second render of the same layers, so a design rendered once pays nothing for it.
   */
  readonly runColors?: number;
}

export type RenderLayersOptions = Omit<RenderViewOptions, 'color' | 'background' | 'runColors'>;

export interface LayerImage {
  /** Indices through the view's layer tree. */
  readonly path: readonly number[];
  /** The path joined with '/', e.g. '1/0'. */
  readonly name: string;
  readonly layer: SmartObjectLayer;
  readonly png: Blob;
  /** The same pixels, straight alpha, for callers that composite them further. */
  readonly pixels: ImageData;
}

type Rgb = readonly [number, number, number];
type EdgeMask = NonNullable<LayerDraw['coverage']>;
type Rgba = readonly [number, number, number, number];

function rgb01(hex: string, what: string): Rgb {
  if (parseHexColor(hex) === null) throw new DataError(`${what}: bad hex colour ${JSON.stringify(hex)}`);
  const { r, g, b } = hexToRgb(hex);
  return [r / 255, g / 255, b / 255];
}

interface Job {
  readonly view: TemplateView;
  readonly flatSpans: Readonly<Record<string, TextureSpan>> | undefined;
  readonly flatContent: Readonly<Record<string, FlatContent>> | undefined;
  readonly ticket: RenderTicket;
  readonly out: OutputSize;
  readonly assets: ViewAssets;
  /** RenderViewOptions.runColors. */
  readonly runColors: number;
}

/** Hands out pooled targets for one render and gives them all back at its end. */
type Acquire = (spec: TargetSpec) => RenderTarget;

export class MockupRenderer {
  readonly gl: WebGL2RenderingContext;
  readonly loader: ImageLoader;
  readonly renderIds: RenderIdRegistry;
  private readonly programs: MockupGL;
  private readonly pool: TargetPool;
  private readonly cache: GpuCache;
  private readonly queue = new SerialQueue();
  private readonly photoFrames: PhotoFrames | null;
  /** See `outputCanvas`. */
  private keptCanvas: OffscreenCanvas | null = null;
  private readonly layerResults: LayerResults | null;
  private readonly cpuLayers: CpuLayers | null;
  /**
   * Whether a composite's base is uploaded from the CPU's tinted photo rather than tinted by a GPU
   * pass: where the GPU is emulated a pass costs what its pixels cost and the upload is a copy;
   * on a real GPU the pass is nearly free and the upload a transfer.
   */
  private readonly uploadsBases: boolean;
  /**
   * Whether a view whose photo is a cut-out or which has parts takes its frame from the CPU and is
   * finished there (parts, background), as an opaque view without parts always does: where the GPU
   * is emulated each of those whole-frame passes costs what its pixels cost.
   */
  private readonly finishesOnCpu: boolean;
  private readonly samples: number;
  readonly antialias: EdgeAntialiasing;
  private readonly maxTile: number;
  private readonly cylinderShading: number;
  private disposed = false;
  /** A context this renderer created is released on dispose; a shared one is left to its owner. */
  private readonly ownsContext: boolean;

  /** On an OffscreenCanvas (a context is created on it), an existing WebGL2 context, or a fresh canvas. */
  constructor(surface?: OffscreenCanvas | WebGL2RenderingContext, options: MockupRendererOptions = {}) {
    this.ownsContext = surface === undefined || surface instanceof OffscreenCanvas;
    this.gl = this.ownsContext ? createGLContext(surface as OffscreenCanvas | undefined) : (surface as WebGL2RenderingContext);
    const limits = glLimits(this.gl);
    this.loader = options.loader ?? createFetchImageLoader();
    this.renderIds = options.renderIds ?? new RenderIdRegistry();
    const resampling = options.resampling ?? 'bilinear';
    const software = isSoftwareRenderer(rendererName(this.gl));
    this.uploadsBases = software;
    this.finishesOnCpu = options.cpuFrames ?? software;
    this.antialias = options.antialias ?? (options.samples === undefined && (resampling === 'bicubic' || software) ? 'coverage' : 'msaa');
    this.samples = Math.max(0, Math.min(Math.floor(options.samples ?? 4), limits.maxSamples));
    this.maxTile = Math.max(64, Math.min(Math.floor(options.maxTileSize ?? 2048), limits.maxTargetSize));
    this.cylinderShading = Math.min(1, Math.max(0, options.cylinderShading ?? 0.3));
    this.photoFrames = options.reuseFrames === false ? null : new PhotoFrames();
    this.layerResults = options.reuseFrames === false ? null : new LayerResults(this.gl);
    this.cpuLayers = options.reuseFrames !== false && (options.cpuBlend ?? software) ? new CpuLayers() : null;
    this.programs = createMockupGL(this.gl, { resampling });
    this.pool = new TargetPool(this.gl);
    this.cache = new GpuCache(this.gl, this.programs, {
      textureBytes: options.textureCacheBytes ?? 256 * 1024 * 1024,
      baseBytes: options.baseCacheBytes ?? 64 * 1024 * 1024,
    });
  }

  get maxTextureSize(): number {
    return glLimits(this.gl).maxTextureSize;
  }

  /** Largest tile side this renderer uses (outputs larger than this are tiled). */
  get tileSize(): number {
    return this.maxTile;
  }

  /** Renders a view to an ImageBitmap (transferable to the UI thread). */
  async renderView(options: RenderViewOptions): Promise<ImageBitmap> {
    // A copy off the kept canvas; a one-off canvas (past mockup size) gives its own pixels.
    const { result, ticket } = await this.renderWith(options, options.background === undefined ? DEFAULT_COLOR : options.background, (c) =>
      c === this.keptCanvas ? createImageBitmap(c) : Promise.resolve(c.transferToImageBitmap()),
    );
    const bitmap = await result;
    try {
      this.check(ticket);
    } catch (e) {
      bitmap.close();
      throw e;
    }
    return bitmap;
  }

  /** Straight-alpha pixels of the rendered view (tests, the CLI). */
  async renderViewToImageData(options: RenderViewOptions): Promise<ImageData> {
    const { result, ticket } = await this.renderWith(options, options.background === undefined ? DEFAULT_COLOR : options.background, (c) =>
      context2d(c).getImageData(0, 0, c.width, c.height),
    );
    this.check(ticket);
    return result;
  }

  /** Renders a view to a JPEG (exported view images are JPEG), flattened over the background (white by default). */
  async renderViewToJpeg(options: RenderViewOptions, quality = 0.92): Promise<Blob> {
    // Encoding from a 2D canvas is about twice as fast as from WebGL here (measured, STACK.md).
    const { result, ticket } = await this.renderWith(options, options.background ?? DEFAULT_COLOR, (c) =>
      c.convertToBlob({ type: 'image/jpeg', quality }),
    );
    const blob = await result;
    this.check(ticket);
    return blob;
  }

  /**
   * Debug output: each smart-object layer alone (warped, clipped, before blending) as a
   * transparent PNG at document size (or `size`), named by its path in the layer tree.
   */
  async renderLayers(options: RenderLayersOptions): Promise<LayerImage[]> {
    const job = await this.prepareJob(options, false);
    const canvases = await this.queue.run(() => this.drawLayersLocked(job));
    const out: LayerImage[] = [];
    for (const { plan, canvas } of canvases) {
      const png = await canvas.convertToBlob({ type: 'image/png' });
      this.check(job.ticket);
      const pixels = context2d(canvas).getImageData(0, 0, canvas.width, canvas.height);
      out.push({ path: plan.path, name: plan.path.join('/'), layer: plan.layer, png, pixels });
    }
    return out;
  }

  /**
   * Frees every GL resource once the render in progress (if any) is done; later and queued
   * renders reject. A renderer given a shared context leaves the context itself alone.
   */
  dispose(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.disposed = true;
    return this.queue.run(async () => {
      this.cache.clear();
      this.photoFrames?.clear();
      if (this.keptCanvas) {
        // Shrinking frees the pixels at once instead of whenever the collector runs.
        this.keptCanvas.width = 1;
        this.keptCanvas.height = 1;
        this.keptCanvas = null;
      }
      this.layerResults?.clear();
      this.cpuLayers?.clear();
      this.pool.dispose();
      deleteMockupGL(this.gl, this.programs);
      // Chromium keeps a capped number of live contexts (16) and, past it, kills the OLDEST one,
      // which is the realm's long-lived composition context; waiting for GC to free this one is
      // how a run of short-lived engines lost it (CI, archetype renders). Release it now.
      if (this.ownsContext) this.gl.getExtension('WEBGL_lose_context')?.loseContext();
    });
  }

  // -------------------------------------------------------------------------------------------

  /** A check point: throws when disposed, when the context is lost, or when the render went stale. */
  private check(ticket: RenderTicket): void {
    if (this.disposed) throw new Error('mockup renderer disposed');
    assertContextAlive(this.gl);
    this.renderIds.check(ticket);
  }

  /**
   * Renders the view onto the output canvas and answers what `take` makes of it. `take` runs
   * while the render still holds the canvas, the next render waiting: what it answers must be
   * taken from the canvas at once (getImageData; createImageBitmap and convertToBlob copy the
   * canvas when called, whenever their promise settles).
   */
  private async renderWith<T>(
    options: RenderViewOptions,
    background: string | null,
    take: (canvas: OffscreenCanvas) => T,
  ): Promise<{ result: T; ticket: RenderTicket }> {
    const tint = options.color === undefined || parseHexColor(options.color) === DEFAULT_COLOR ? null : rgb01(options.color, 'color');
    const bg: Rgba = background === null ? [0, 0, 0, 0] : [...rgb01(background, 'background'), 1];
    const job = await this.prepareJob(options, true);
    // Boxed: a promise `take` answers is not awaited in the queue, so the next render's GL work
    // does not wait for an encode.
    const { result } = await this.queue.run(async () => ({ result: take(await this.drawViewLocked(job, tint, bg)) }));
    return { result, ticket: job.ticket };
  }

  /**
   * The canvas a render of `out` is assembled on. One of mockup size is kept and drawn over by
   * the next render (every render writes all of its pixels): a new 1200x1200 canvas measured
   * 3.7 ms to make and fill against 0.7 ms for a kept one, and taking the picture off a kept
   * canvas with createImageBitmap 0.1 ms where transferToImageBitmap left the canvas to be made
   * again. Outputs past PhotoFrames' size are one-offs and get a canvas of their own.
   */
  private outputCanvas(out: OutputSize): OffscreenCanvas {
    if (!PhotoFrames.fits(out.width, out.height)) return new OffscreenCanvas(out.width, out.height);
    const kept = this.keptCanvas;
    if (kept && kept.width === out.width && kept.height === out.height) return kept;
    this.keptCanvas = new OffscreenCanvas(out.width, out.height);
    return this.keptCanvas;
  }

  /** Registers the render id and loads everything the render needs; no GL work, so renders overlap here. */
  private async prepareJob(options: RenderLayersOptions & Pick<RenderViewOptions, 'runColors'>, withPhoto: boolean): Promise<Job> {
    const ticket = this.renderIds.begin(options.target, options.renderId);
    this.check(ticket);
    const out = outputSizeFor(options.view.viewData, options.size);
    assertCanvasSize(out);
    const assets = await loadViewAssets({
      loader: this.loader,
      view: options.view,
      output: out,
      flats: options.flats,
      withPhoto,
      maxTextureSize: this.maxTextureSize,
    });
    try {
      this.check(ticket);
    } catch (e) {
      releaseAssets(assets);
      throw e;
    }
    return {
      view: options.view,
      flatSpans: options.flatSpans,
      flatContent: options.flatContent,
      ticket,
      out,
      assets,
      runColors: Math.max(1, Math.floor(options.runColors ?? 1)) || 1,
    };
  }

  /** Runs `body` in a known GL state and frees the render's resources however it ends. */
  private async locked<T>(job: Job, body: (scope: Disposer, acquire: Acquire) => Promise<T>): Promise<T> {
    const scope = new Disposer();
    const held: RenderTarget[] = [];
    const acquire: Acquire = (spec) => {
      const t = this.pool.acquire(spec);
      held.push(t);
      return t;
    };
    try {
      // First check point after waiting in the queue: a render that went stale meanwhile stops
      // before any GL work.
      this.check(job.ticket);
      resetState(this.gl);
      return await body(scope, acquire);
    } finally {
      for (const t of held) this.pool.release(t);
      releaseAssets(job.assets);
      if (!this.gl.isContextLost()) resetState(this.gl);
      scope.dispose();
    }
  }

  private frame(job: Job, tile: PixelRect): TileFrame {
    return {
      outputWidth: job.out.width,
      outputHeight: job.out.height,
      scaleX: job.out.width / job.view.viewData.width,
      scaleY: job.out.height / job.view.viewData.height,
      tile,
    };
  }

  /**
   * How this render antialiases edges: coverage masks span a layer's rect in the output, so an
   * output past the texture limit (a print-size mockup) is multisampled whatever the preference.
   */
  private antialiasFor(out: OutputSize): EdgeAntialiasing {
    const max = this.maxTextureSize;
    return this.antialias === 'coverage' && out.width <= max && out.height <= max ? 'coverage' : 'msaa';
  }

  /** Where a layer is drawn (multisampled under 'msaa') and the texture it ends up in. */
  private layerTargets(
    acquire: Acquire,
    width: number,
    height: number,
    antialias: EdgeAntialiasing,
  ): { draw: RenderTarget; resolved: RenderTarget } {
    const samples = antialias === 'msaa' ? this.samples : 0;
    const draw = acquire({ width, height, stencil: true, samples });
    return { draw, resolved: samples > 0 ? acquire({ width, height }) : draw };
  }

  private drawViewLocked(job: Job, tint: Rgb | null, background: Rgba): Promise<OffscreenCanvas> {
    return this.locked(job, async (scope, acquire) => {
      const gl = this.gl;
      const { out, assets, ticket } = job;
      const stretched = (source: TexImageSource | null): GLTexture | null =>
        source && this.cache.texture(scope, source, needsMipmaps(source, out.width, out.height), assets.transient);
      // Uploaded when first needed: a frame from the CPU may leave the photo and parts to it alone.
      let photoTexture: GLTexture | null | undefined;
      const photo = (): GLTexture | null => (photoTexture ??= stretched(assets.photo));
      const photoBitmap = cacheableBitmap(assets.photo, assets.transient);
      // An opaque photo keeps every composite opaque (all blends and parts preserve ab = 1), so
      // flattening over the background would change nothing: tiles are read back directly.
      const opaque = this.cache.isOpaque(photoBitmap);
      const displacementMap = stretched(assets.displacement);
      const d = job.view.viewData.displacement;
      const displacement =
        displacementMap && d && (d.scaleX > 0 || d.scaleY > 0)
          ? {
              texture: displacementMap,
              scaleX: d.scaleX * (out.width / job.view.viewData.width),
              scaleY: d.scaleY * (out.height / job.view.viewData.height),
            }
          : null;
      // A displaced layer can show up to the largest shift outside its own rect.
      const grow = displacement ? Math.ceil(Math.max(displacement.scaleX, displacement.scaleY)) + 1 : 0;
      const pl = job.view.viewData.photoLighting;
      const photoLight = pl && assets.photo ? { texture: photo() as GLTexture, black: pl.black / 255, white: pl.white / 255 } : null;
      const maps = { shading: stretched(assets.shading), highlight: stretched(assets.highlight), displacement, photoLight };
      const parts = assets.parts.map((p) => ({
        texture: () => stretched(p.source) as GLTexture,
        mode: p.mode === 'multiply' ? (6 as const) : (7 as const),
      }));
      const antialias = this.antialiasFor(job.out);
      const layers = prepareLayers({
        gl,
        programs: this.programs,
        cache: this.cache,
        scope,
        view: job.view,
        output: out,
        assets,
        cylinderShading: this.cylinderShading,
        antialias,
        ...(job.flatSpans ? { flatSpans: job.flatSpans } : {}),
        ...(job.flatContent ? { flatContent: job.flatContent } : {}),
      });

      const canvas = this.outputCanvas(out);
      const ctx = context2d(canvas);
      let tiles = planTiles(out.width, out.height, this.maxTile);
      // The tinted photo at output size when the CPU has just made it: on an emulated GPU the
      // composite's base is then uploaded from it instead of tinted again.
      let tinted: ImageData | null = null;
      // The view's frame outside its layers when it comes from the CPU (photo-frames.ts): the
      // tinted photo, the same every time for an opaque view without parts, and on an emulated GPU
      // also a cut-out photo's and one with parts, finished there. The GPU then draws and reads
      // back only the rect the layers cover, as one tile.
      let drawn: DrawnFrame | null = null;
      const partBitmaps = assets.parts.map((p) => cacheableBitmap(p.source, assets.transient));
      if (
        this.photoFrames &&
        photoBitmap &&
        tiles.length === 1 &&
        PhotoFrames.fits(out.width, out.height) &&
        ((opaque && parts.length === 0) || (this.finishesOnCpu && partBitmaps.every((b) => b !== null)))
      ) {
        const whole = tiles[0] as PixelRect;
        const atOutputSize = (bitmap: ImageBitmap, texture: () => GLTexture | null) => (): ImageData => {
          const { width, height } = out;
          // At its own size the GPU samples every texel at its centre, so an opaque picture's own
          // pixels are what it draws (a translucent one's, premultiplied).
          const sameSize = bitmap.width === width && bitmap.height === height;
          if (sameSize && this.cache.isOpaque(bitmap)) return sourcePixels(bitmap);
          // Enlarged, the GPU's bilinear sample is worked out on the CPU where the GPU is emulated.
          if (this.finishesOnCpu && bitmap.width <= width && bitmap.height <= height) {
            // The bitmap's pixels are read into a new ImageData: premultiplied where they are.
            const read = sourcePixels(bitmap).data;
            const texels = premultiply(read, read);
            return new ImageData(sameSize ? texels : resizeBilinear(texels, bitmap.width, bitmap.height, width, height), width, height);
          }
          // Otherwise read what the GPU draws.
          const target = acquire({ width, height });
          drawBase(gl, this.programs, this.frame(job, whole), target, texture(), null);
          return readImageData(gl, target);
        };
        const id = (bitmap: ImageBitmap) => `${this.cache.photoId(bitmap)}`;
        // The layers' rect: drawn on the GPU (or blended on the CPU) and finished below.
        let covered: PixelRect | null = null;
        for (const layer of layers) covered = unionRects(covered, layerRectInTile(layer, whole, grow));
        drawn = this.photoFrames.draw(
          ctx,
          {
            photo: { key: id(photoBitmap), read: atOutputSize(photoBitmap, photo) },
            tint,
            parts: parts.map((part, i) => {
              const bitmap = partBitmaps[i] as ImageBitmap;
              return { key: id(bitmap), mode: part.mode, read: atOutputSize(bitmap, part.texture) };
            }),
            background,
          },
          covered,
        );
        if (this.uploadsBases) tinted = drawn.tinted;
        tiles = covered ? [covered] : [];
      }
      for (const tile of tiles) {
        this.check(ticket);
        const frame = this.frame(job, tile);
        if (drawn && this.cpuLayers) {
          if (this.blendOnCpu(this.cpuLayers, layers, frame, maps, grow, ctx, drawn, acquire, job.runColors)) continue;
        }
        const whole: PixelRect = { x: 0, y: 0, width: tile.width, height: tile.height };
        const comp = acquire({ width: tile.width, height: tile.height });
        const backdrop = acquire({ width: tile.width, height: tile.height });
        const { draw, resolved } = this.layerTargets(acquire, tile.width, tile.height, antialias);
        this.cache.startComposite(frame, comp, photo, photoBitmap, tint, tinted);
        // A clipping base's layer buffer is kept here while the layers clipped to it draw; its
        // rect is null when the base does not touch this tile.
        const base: { target: RenderTarget | null; rect: PixelRect | null } = { target: null, rect: null };
        // Where blurred layers are blurred (across, then down), acquired on the first one.
        let blurTargets: [RenderTarget, RenderTarget] | null = null;
        for (const layer of layers) {
          let rect = layerRectInTile(layer, tile, grow);
          if (layer.clipBase !== null) rect = base.rect && rect ? intersectRects(rect, base.rect) : null;
          if (layer.isClipBase) base.rect = null;
          if (!rect) continue;
          // Check point between passes: a newer render that arrived meanwhile stops this one.
          await yieldToEventLoop();
          this.check(ticket);
          // The edge coverage goes into the blend (one pass fewer) unless something reads the
          // layer buffer before it: a blur, a clipping base's kept shape, a displaced read.
          const edges =
            layer.draw.coverage && layer.blurSigma === 0 && !layer.isClipBase && !maps.displacement ? layer.draw.coverage : null;
          const { blend, opacity } = layer.plan.layer;
          const clipBase = layer.clipBase !== null ? (base.target?.texture ?? null) : null;
          // With edge coverage the layer is blended by its own mesh where that can be done, straight
          // from the flat onto the composite: one pass over only the pixels it can cover (the fully
          // covered ones without reading the mask) instead of three over its rect (clear, warp,
          // blend). Such a draw is never kept for the next colour: on the emulated GPU blending a
          // kept buffer by the mesh measured no faster than blending from the flat (9-11 ms a
          // bulk mockup's layer either way), while keeping cost a draw into a buffer and two more
          // programs, whose first use compiled for 40-60 ms in every view and worker.
          if (edges && this.blendsByMesh(layer.draw)) {
            let split = this.cache.coverageSplit(layer.draw.warp, edges, frame.scaleX, frame.scaleY);
            if (layer.content) split = this.cache.contentSplit(split, layer.content, layer.draw.texture, frame.scaleX, frame.scaleY);
            // Every triangle samples only transparent texels: the photo shows unchanged.
            if (split.covered + split.partial === 0) continue;
            const coverage = { mask: layer.mask, clipBase, colorLut: layer.colorLut, edgeCoverage: edges };
            const mesh = this.cache.glMesh(split.mesh);
            blendMeshOnto(gl, this.programs, frame, comp, backdrop, layer.draw, split, mesh, rect, blend, opacity, maps, coverage);
            continue;
          }
          const keyed = this.layerResults?.key(layer.plan.layer, layer.draw.texture, frame, rect, edges !== null);
          const kept = keyed === undefined ? undefined : this.layerResults?.get(keyed);
          let holder = kept ?? (draw.texture ? draw : resolved);
          let texture = kept?.texture ?? drawLayer(gl, this.programs, frame, layer.draw, draw, resolved, rect, edges === null);
          if (!kept && keyed !== undefined) this.layerResults?.offer(keyed, holder, rect);
          if (layer.blurSigma > 0) {
            blurTargets ??= [acquire({ width: tile.width, height: tile.height }), acquire({ width: tile.width, height: tile.height })];
            texture = blurLayer(gl, this.programs, frame, texture, blurTargets[0], blurTargets[1], rect, layer.blurSigma);
            holder = blurTargets[1];
          }
          if (layer.isClipBase) {
            base.target ??= acquire({ width: tile.width, height: tile.height });
            keepClipShape(gl, this.programs, frame, holder, base.target, backdrop, rect, layer.mask);
            base.rect = rect;
          }
          blendOnto(gl, this.programs, frame, comp, backdrop, texture, true, rect, blend, opacity, maps, {
            mask: layer.mask,
            clipBase,
            colorLut: layer.colorLut,
            edgeCoverage: edges,
          });
        }
        if (base.target) this.pool.release(base.target);
        for (const t of blurTargets ?? []) this.pool.release(t);
        // Parts and the flattening of a frame from the CPU are done there, on the rect read back.
        if (!drawn) {
          for (const part of parts) {
            blendOnto(gl, this.programs, frame, comp, backdrop, part.texture(), false, whole, part.mode, 1, {
              shading: null,
              highlight: null,
            });
          }
        }
        this.check(ticket);
        let result = comp;
        if (!opaque && !drawn) {
          // The backdrop is free now; it receives the flattened tile for readback.
          finishTile(gl, this.programs, frame, comp.texture as GLTexture, backdrop, background, background[3] < 1);
          result = backdrop;
        }
        const pixels = readImageData(gl, result);
        if (drawn && !drawn.plain) drawn.finish(pixels.data, tile, tile);
        ctx.putImageData(pixels, tile.x, tile.y);
        for (const t of [comp, backdrop, draw, resolved]) this.pool.release(t);
      }
      return canvas;
    });
  }

  /**
   * Blends the tile's layers on the CPU onto the tinted photo of the frame `drawn` (then its parts
   * and background over the tile), or returns false when a layer needs the GPU's blend
   * (cpuBlendsMode, no mask, clip, colour table or blur, blended by its mesh or displaced), or
   * when the tile's layers were not seen by an earlier render and the caller renders no further
   * colours of them (`runColors` 1). Over a cut-out photo's pixels that are not opaque the CPU
   * blend takes the whole formula with the backdrop's alpha. The terms of layers not kept yet are
   * drawn and read back here, once; a displaced layer's as the blend reads it, through the
   * displacement map.
   */
  private blendOnCpu(
    cpu: CpuLayers,
    layers: readonly PreparedLayer[],
    frame: TileFrame,
    maps: BlendMaps,
    grow: number,
    ctx: OffscreenCanvasRenderingContext2D,
    drawn: DrawnFrame,
    acquire: Acquire,
    runColors: number,
  ): boolean {
    const { tile } = frame;
    const displacement = maps.displacement ?? null;
    const backdropAlpha = drawn.plain ? null : drawn.photoAlpha();
    const entries: { layer: PreparedLayer; rect: PixelRect; edges: EdgeMask; alpha: Uint8Array; key: string }[] = [];
    for (const layer of layers) {
      const rect = layerRectInTile(layer, tile, grow);
      if (!rect) continue;
      const { blend, opacity } = layer.plan.layer;
      const edges = layer.draw.coverage;
      const alpha = edges ? (this.cache.coverageAlpha(edges.texture) ?? null) : null;
      const cpuBlendable =
        edges &&
        alpha &&
        (displacement || this.blendsByMesh(layer.draw)) &&
        layer.blurSigma === 0 &&
        !layer.isClipBase &&
        layer.clipBase === null &&
        !layer.mask &&
        !layer.colorLut &&
        cpuBlendsMode(blend);
      if (!cpuBlendable || !edges || !alpha) return false;
      const pl = maps.photoLight;
      const key = cpu.key(
        [
          layer.plan.layer,
          layer.draw.texture,
          layer.draw.warp,
          edges.texture,
          maps.shading,
          maps.highlight,
          pl?.texture ?? null,
          displacement?.texture ?? null,
          // A cut-out's alpha: its pixels that are not opaque take the whole formula.
          backdropAlpha,
        ],
        [
          ...[frame.outputWidth, frame.outputHeight, tile.x, tile.y, tile.width, tile.height],
          ...[rect.x, rect.y, rect.width, rect.height],
          ...[blend, opacity, layer.draw.shadeStrength, pl?.black ?? -1, pl?.white ?? -1],
          ...[displacement?.scaleX ?? 0, displacement?.scaleY ?? 0],
        ],
      );
      entries.push({ layer, rect, edges, alpha, key });
    }
    if (!cpu.seenBefore(entries.map((e) => e.key)) && runColors < 2) return false;
    const gl = this.gl;
    let scratch: RenderTarget | null = null;
    // Where a displaced layer is read displaced, and the backdrop that blend copies.
    let displaced: [RenderTarget, RenderTarget] | null = null;
    const kept: CpuLayer[] = [];
    for (const { layer, rect, edges, alpha, key } of entries) {
      const hit = cpu.get(key);
      if (hit) {
        kept.push(hit);
        continue;
      }
      const target = (scratch ??= acquire({ width: tile.width, height: tile.height, stencil: true }));
      let src: Uint8Array;
      let edgeMask: { alpha: Uint8Array; rect: PixelRect };
      if (displacement) {
        // What the blend reads at each pixel: the layer buffer, edges covered, read displaced. The
        // blend's NONE over nothing writes exactly that.
        const buffer = drawLayer(gl, this.programs, frame, layer.draw, target, target, rect, true);
        displaced ??= [acquire({ width: tile.width, height: tile.height }), acquire({ width: tile.width, height: tile.height })];
        const [out, backdrop] = displaced;
        drawBase(gl, this.programs, frame, out, null, null);
        blendOnto(gl, this.programs, frame, out, backdrop, buffer, true, rect, 7, 1, { shading: null, highlight: null, displacement });
        src = readPixels(gl, out, rect);
        // Its coverage is in its alpha now.
        edgeMask = { alpha: new Uint8Array(rect.width * rect.height).fill(255), rect: { ...rect, x: rect.x + tile.x, y: rect.y + tile.y } };
      } else {
        drawLayer(gl, this.programs, frame, layer.draw, target, target, rect, false);
        src = readPixels(gl, target, rect);
        edgeMask = { alpha, rect: edges.rect };
      }
      // Each map as the blend samples it at the pixel's centre; the same for every design.
      const sampled = (texture: GLTexture | null): Uint8Array | null => {
        if (!texture) return null;
        const at = cpu.key([texture], [frame.outputWidth, frame.outputHeight, tile.x, tile.y, rect.x, rect.y, rect.width, rect.height]);
        const sample = cpu.sample(at);
        if (sample) return sample;
        drawBase(gl, this.programs, frame, target, texture, null);
        return cpu.keepSample(at, readPixels(gl, target, rect));
      };
      const pl = maps.photoLight;
      const made = prepareCpuLayer({
        outputWidth: frame.outputWidth,
        tile,
        rect,
        src,
        edges: edgeMask,
        mode: layer.plan.layer.blend,
        opacity: layer.plan.layer.opacity,
        shading: sampled(maps.shading),
        highlight: sampled(maps.highlight),
        photoLight: pl ? { pixels: sampled(pl.texture) as Uint8Array, black: pl.black, white: pl.white } : null,
        backdropAlpha,
      });
      cpu.keep(key, made);
      kept.push(made);
    }
    const width = frame.outputWidth;
    if (drawn.plain && drawn.tinted) {
      // The photo's pixels are at hand: blend into them and put back only the tile.
      for (const layer of kept) applyCpuLayer(layer, drawn.tinted.data);
      ctx.putImageData(drawn.tinted, 0, 0, tile.x, tile.y, tile.width, tile.height);
    } else if (drawn.plain) {
      // A kept frame was drawn, which is the tinted photo: read back the tile's rows (the offsets
      // number output pixels).
      const rows = ctx.getImageData(0, tile.y, width, tile.height);
      for (const layer of kept) applyCpuLayer(layer, rows.data, tile.y * width);
      ctx.putImageData(rows, 0, tile.y);
    } else if (drawn.tinted) {
      // The tinted photo this draw made: the layers, then the parts and the background over the
      // tile, in place, and only the tile put back.
      const pixels = drawn.tinted;
      for (const layer of kept) applyCpuLayer(layer, pixels.data);
      drawn.finish(pixels.data, { x: 0, y: 0, width, height: frame.outputHeight }, tile);
      ctx.putImageData(pixels, 0, 0, tile.x, tile.y, tile.width, tile.height);
    } else {
      // A kept frame: the tinted photo's rows under the layers, then the parts and the background
      // over the tile.
      const rows = drawn.photoRows(tile.y, tile.height);
      for (const layer of kept) applyCpuLayer(layer, rows, tile.y * width);
      drawn.finish(rows, { x: 0, y: tile.y, width, height: tile.height }, tile);
      ctx.putImageData(new ImageData(rows, width, tile.height), 0, tile.y, tile.x, 0, tile.width, tile.height);
    }
    return true;
  }

  /**
   * Whether a layer drawn with edge coverage can be blended by its mesh: sampled by the texture
   * unit (the cubic resampling reads the flat in its own program, and its mask's alpha is not
   * kept for sorting the triangles) and never covering a pixel twice (it would be blended twice).
   */
  private blendsByMesh(draw: LayerDraw): boolean {
    return !draw.program && !this.cache.meshOverlapsItself(draw.warp);
  }

  private drawLayersLocked(job: Job): Promise<{ plan: PlannedLayer; canvas: OffscreenCanvas }[]> {
    return this.locked(job, async (scope, acquire) => {
      const gl = this.gl;
      const { out, ticket } = job;
      const antialias = this.antialiasFor(job.out);
      const layers = prepareLayers({
        gl,
        programs: this.programs,
        cache: this.cache,
        scope,
        view: job.view,
        output: out,
        assets: job.assets,
        cylinderShading: this.cylinderShading,
        antialias,
        ...(job.flatSpans ? { flatSpans: job.flatSpans } : {}),
      });
      const canvases = layers.map((l) => ({ plan: l.plan, canvas: new OffscreenCanvas(out.width, out.height) }));
      for (const tile of planTiles(out.width, out.height, this.maxTile)) {
        const frame = this.frame(job, tile);
        const { draw, resolved } = this.layerTargets(acquire, tile.width, tile.height, antialias);
        const readout = acquire({ width: tile.width, height: tile.height });
        for (const [i, layer] of layers.entries()) {
          const rect = layerRectInTile(layer, tile);
          const target = canvases[i];
          if (!rect || !target) continue;
          await yieldToEventLoop();
          this.check(ticket);
          const texture = drawLayer(gl, this.programs, frame, layer.draw, draw, resolved, rect);
          finishTile(gl, this.programs, frame, texture, readout, [0, 0, 0, 0], true);
          context2d(target.canvas).putImageData(readImageData(gl, readout, rect), tile.x + rect.x, tile.y + rect.y);
        }
        for (const t of [draw, resolved, readout]) this.pool.release(t);
      }
      return canvases;
    });
  }
}
