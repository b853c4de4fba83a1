/**
 * The editor's live stage: a flat drawn on a canvas the page sees (a transferred OffscreenCanvas
 * in the stage worker), at the page's zoom and pan, redrawn on every change.
 *
 * It draws through the same placement code as mockups and print files (planFlat: fabric
 * matrices, tiling, text rasterising), one element at a time, and keeps each element's sprites
 * until that element changes. A drag therefore re-plans one element, where recomposing the flat
 * would re-rasterise every text on every frame; and it redraws only the rectangle the change
 * touched (the canvas keeps its pixels between frames), so the fill work follows the size of
 * the change, not of the stage. Under SwiftShader fill is what costs.
 */
// pixi.js compiles its uniform and shader sync functions with `new Function` unless these
// eval-free versions are installed: installed where the engine creates pixi renderers, so every
// host runs under a Content-Security-Policy without 'unsafe-eval' (see render/compose/renderer.ts).
import 'pixi.js/unsafe-eval';
import {
  CanvasSource,
  Color,
  Container,
  DOMAdapter,
  Graphics,
  RenderTexture,
  Sprite,
  Texture,
  WebGLRenderer,
  WebWorkerAdapter,
  autoDetectRenderer,
} from 'pixi.js';
import { applyAffine, boundsOfPoints, type Bounds, type ReadonlyMat2d, type Vec2 } from '../geometry/index.ts';
import { imageAssetKey, type DesignElement } from '../model/index.ts';
import { adjustedBitmap } from '../render/compose/adjusted.ts';
import { composeFlat } from '../render/compose/compose.ts';
import { hasText, planFlat, type DrawOp } from '../render/compose/plan.ts';
import { placed } from '../render/compose/scene.ts';
import { BitmapTextureCache } from '../render/compose/textures.ts';
import type { ImageLoader } from '../render/compose/types.ts';
import { loadFont, type LoadedFont } from '../text/index.ts';

if (typeof window === 'undefined') DOMAdapter.set(WebWorkerAdapter);

/**
 * How long the stage must have been still before it prepares for a drag (see whenIdle): about a
 * frame at 60 Hz, so a burst of frames (typing, a slider) is not interrupted by it.
 */
const IDLE_MS = 16;

/** What the stage reports for an element whose picture could not be loaded. */
export const IMAGE_ERROR_MSG = 'Image could not be loaded';

export interface StageView {
  /** Canvas size in CSS px and device pixels per CSS px. */
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  /** CSS px per flat px, and where the flat's top-left corner sits in CSS px. */
  readonly zoom: number;
  readonly panX: number;
  readonly panY: number;
}

export interface StageBackground {
  readonly color: string | null;
  readonly imageUrl: string | null;
}

export interface StageFrame {
  readonly flat: { readonly width: number; readonly height: number };
  /**
   * The product colour under the design (the print area's fill); null for none. The stage
   * leaves it to the page: a CSS box under the transparent canvas costs no GL fill pass.
   */
  readonly flatColor: string | null;
  /**
   * Back to front, hidden elements already left out. An element is never changed in place: a
   * changed element is a new object (the stage remembers what it drew per object).
   */
  readonly designList: readonly DesignElement[];
  /** The merchant's background for the view showing this flat (as mockups draw it), or null. */
  readonly background: StageBackground | null;
  readonly view: StageView;
  /**
   * The element a drag would move next (the one selected, unlocked), or null: while the stage is
   * still it prepares that drag's layers, so the drag's first frame draws no more than the others.
   */
  readonly lifted?: string | null;
}

export interface StageResult {
  /** False when a newer frame arrived while this one waited for images or fonts. */
  readonly drawn: boolean;
  /** Elements that could not be drawn ('Maximum 150 tiling', a failed image or font). */
  readonly errors: readonly { localId: string; message: string }[];
  /** Elements re-planned for this frame (the rest were drawn from their kept sprites). */
  readonly replanned: number;
  /** Drawn as the moved element between cached pictures of everything under and over it (a drag). */
  readonly layered: boolean;
  /** Worker-side ms: waiting for assets and planning, and drawing (GPU work included when finished). */
  readonly prepareMs: number;
  readonly drawMs: number;
}

export interface StageUpdateOptions {
  /** Draw with the naive full recomposition (benchmark baseline). */
  readonly baseline?: boolean;
  /** Wait for the GPU before answering (times then include drawing). */
  readonly finish?: boolean;
  /**
   * The places in the design list of the only elements that may differ from the frame passed to
   * update before this one (a frame built from its changes, as applyFrameDelta builds it): the
   * other elements are the same, in the same order. Then only these are looked at. Ignored when
   * that frame was not drawn or the list does not fit.
   */
  readonly changed?: readonly number[];
}

interface Node {
  readonly key: string;
  readonly root: Container;
  /** Text textures this node owns (bitmap textures belong to the cache). */
  readonly textures: Texture[];
  readonly error: string | null;
  /** Where the node draws, in flat px; null when it draws nothing. */
  readonly bounds: Bounds | null;
  /** Pictures its sprites show (their textures live in the shared cache). */
  readonly bitmaps: readonly ImageBitmap[];
}

function opBounds(op: DrawOp): Bounds[] {
  const box = (m: ReadonlyMat2d, w: number, h: number): Bounds =>
    boundsOfPoints(
      [
        [0, 0],
        [w, 0],
        [w, h],
        [0, h],
      ].map((p) => applyAffine(m, p as unknown as Vec2)),
    );
  if (op.kind === 'bitmap') return op.matrices.map((m) => box(m, op.bitmap.width, op.bitmap.height));
  return [box(op.matrix, op.raster.width, op.raster.height)];
}

function union(a: Bounds | null, b: Bounds | null): Bounds | null {
  if (a === null) return b;
  if (b === null) return a;
  return { minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) };
}

const intersects = (a: Bounds, b: Bounds) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** The renderer's size in device px and the world's scale and whole-pixel pan. */
interface WorldPlacement {
  readonly w: number;
  readonly h: number;
  readonly s: number;
  readonly px: number;
  readonly py: number;
  readonly resized: boolean;
}

/** A device-pixel rectangle to redraw, and the flat-px area it covers. */
interface ScissorRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly area: Bounds;
}

interface LayerCache {
  readonly under: Sprite;
  /** Null when nothing lies over the moved element (it is the top one). */
  readonly over: Sprite | null;
}

/** The device-pixel rectangle around `dirty` (flat px), null when it is off screen. */
function scissorRect(dirty: Bounds, { w, h, s, px, py }: WorldPlacement): ScissorRect | null {
  // Two device pixels of margin cover linear filtering at sprite edges.
  const x0 = Math.max(0, Math.floor(dirty.minX * s + px) - 2);
  const y0 = Math.max(0, Math.floor(dirty.minY * s + py) - 2);
  const x1 = Math.min(w, Math.ceil(dirty.maxX * s + px) + 2);
  const y1 = Math.min(h, Math.ceil(dirty.maxY * s + py) + 2);
  if (x1 <= x0 || y1 <= y0) return null;
  return { x0, y0, x1, y1, area: { minX: (x0 - px) / s, minY: (y0 - py) / s, maxX: (x1 - px) / s, maxY: (y1 - py) / s } };
}

function destroyNode(node: Node): void {
  node.root.destroy({ children: true });
  for (const t of node.textures) t.destroy(true);
}

/** Flat px → device px scale of a view (what text is rasterised for). */
export function deviceScale(view: StageView): number {
  return view.zoom * view.dpr;
}

export class LiveStage {
  private renderer: WebGLRenderer | null = null;
  private readonly world = new Container();
  private readonly bgLayer = new Container();
  private readonly content = new Container();
  private readonly nodes = new Map<string, Node>();
  /** elementKey per element object (see keyOf). */
  private readonly keys = new WeakMap<DesignElement, { scale: number; key: string }>();
  private bgNode: Node | null = null;
  private readonly cache = new BitmapTextureCache(192 * 1024 * 1024);
  private seq = 0;
  private baselineSprite: Sprite | null = null;
  /** What the canvas holds was drawn for this view; another view (or nothing yet) needs a full redraw. */
  private drawnViewKey: string | null = null;
  private drawnOrder: string[] = [];
  /** The element the last frame moved alone (a drag in progress), or null. */
  private lastMoved: string | null = null;
  /** Everything under and over the element being dragged, drawn once at device size. */
  private layers: LayerCache | null = null;
  /** Frames that changed the canvas so far (a snapshot is current while this has not moved). */
  private drawCount = 0;
  /** The canvas copied while the stage was still (see whenIdle), and the draw it shows. */
  private snapshot: { readonly texture: RenderTexture; readonly drawn: number } | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether drawing into a texture has been done once (see whenIdle). */
  private warmed = false;
  /** The last frame's element a drag would move next, and the frame (see whenIdle). */
  private lifted: string | null = null;
  private lastFrame: StageFrame | null = null;
  /** The last frame handed to update, drawn or not. */
  private received: StageFrame | null = null;
  /** The errors the last frame reported. */
  private lastErrors: { localId: string; message: string }[] = [];

  constructor(
    private readonly canvas: OffscreenCanvas,
    private readonly loadImage: ImageLoader,
  ) {
    this.world.addChild(this.bgLayer, this.content);
  }

  private async ready(): Promise<WebGLRenderer> {
    if (this.renderer) return this.renderer;
    const renderer = await autoDetectRenderer({
      preference: ['webgl'],
      canvas: this.canvas,
      width: Math.max(1, this.canvas.width),
      height: Math.max(1, this.canvas.height),
      resolution: 1,
      autoDensity: false,
      backgroundAlpha: 0,
      premultipliedAlpha: true,
      // Tests and the benchmark read the presented pixels back.
      preserveDrawingBuffer: true,
      // No MSAA on screen: resolving a multisampled viewport-sized buffer every frame costs
      // more than the whole scene under SwiftShader; prints and mockups keep it (compose).
      antialias: false,
      failIfMajorPerformanceCaveat: false,
    });
    if (!(renderer instanceof WebGLRenderer)) {
      renderer.destroy();
      throw new Error('the editor stage needs WebGL');
    }
    this.renderer = renderer;
    return renderer;
  }

  /**
   * Draws a frame. Elements whose fields (and, for text, the device scale) are unchanged keep
   * their sprites; the others are planned again. Resolves once the frame is drawn, or with
   * drawn false when a newer frame replaced it while images or fonts loaded.
   */
  async update(frame: StageFrame, opts: StageUpdateOptions = {}): Promise<StageResult> {
    const seq = ++this.seq;
    const t0 = performance.now();
    // A caller's `changed` is against the frame it sent before this one, which must be the one drawn.
    const previous = this.received;
    this.received = frame;
    this.cancelIdle();
    const renderer = await this.ready();
    const scale = deviceScale(frame.view);
    if (opts.baseline) return this.drawBaseline(frame, renderer, seq, t0, !!opts.finish);
    this.clearBaseline();

    // Only the named elements can differ from the last frame's (the same elements in the same
    // order otherwise): a drag among a thousand looks at one, not at every element.
    const changed = previous === this.lastFrame && this.sameListAs(frame, opts.changed) ? opts.changed! : null;
    const keep = changed ? null : new Set<string>();
    const pending: { el: DesignElement; key: string; at: number }[] = [];
    for (const at of changed ?? frame.designList.keys()) {
      const el = frame.designList[at]!;
      const key = this.keyOf(el, scale);
      keep?.add(el.localId);
      if (this.nodes.get(el.localId)?.key !== key) pending.push({ el, key, at });
    }
    const bgKey = JSON.stringify([frame.background, frame.flat]);
    const needBg = this.bgNode?.key !== bgKey;

    // Everything asynchronous first; then one synchronous stretch swaps nodes and draws.
    const [assets, bgImage] = await Promise.all([
      Promise.all(pending.map(({ el }) => this.assetsFor(el))),
      needBg && frame.background?.imageUrl ? this.loadImage(frame.background.imageUrl).catch(() => null) : Promise.resolve(null),
    ]);
    if (seq !== this.seq) return { drawn: false, errors: [], replanned: 0, layered: false, prepareMs: 0, drawMs: 0 };

    const errors: { localId: string; message: string }[] = [];
    let dirty: Bounds | null = null;
    // One element that was already there, changed alone: a drag (or nudge) frame.
    const movedAlone = pending.length === 1 && this.nodes.has(pending[0]!.el.localId) ? pending[0]!.el.localId : null;
    let removed = false;
    // Whether a replaced element showed other pictures, or one's error came or went.
    let bitmapsChanged = false;
    let errorsChanged = false;
    pending.forEach(({ el, key }, i) => {
      const old = this.nodes.get(el.localId);
      if (old) {
        dirty = union(dirty, old.bounds);
        destroyNode(old);
      }
      const node = this.buildNode(el, key, frame, scale, renderer, assets[i]!);
      dirty = union(dirty, node.bounds);
      this.nodes.set(el.localId, node);
      bitmapsChanged ||= !old || old.bitmaps.length !== node.bitmaps.length || old.bitmaps.some((b, k) => node.bitmaps[k] !== b);
      errorsChanged ||= old?.error != null || node.error !== null;
    });
    if (keep) {
      for (const [id, node] of this.nodes) {
        if (!keep.has(id)) {
          dirty = union(dirty, node.bounds);
          destroyNode(node);
          this.nodes.delete(id);
          removed = true;
        }
      }
    }
    if (needBg) this.setBackground(frame, bgKey, bgImage);
    // Textures of pictures no element shows any more go when the cache is over its budget.
    if (bitmapsChanged || removed || needBg) this.cache.trim(this.bitmapsInUse());

    // Back to front as the design list says; re-adding in order costs nothing when unchanged.
    const ids = changed ? this.drawnOrder : frame.designList.map((el) => el.localId);
    if (changed) {
      // The replaced elements' pictures take their places in the stack.
      for (const { el, at } of pending.slice().sort((a, b) => a.at - b.at)) {
        const root = this.nodes.get(el.localId)!.root;
        if (this.content.children[at] !== root) this.content.addChildAt(root, at);
      }
    } else {
      const order = ids.map((id) => this.nodes.get(id)!.root);
      if (order.length !== this.content.children.length || order.some((c, i) => this.content.children[i] !== c)) {
        this.content.removeChildren();
        if (order.length > 0) this.content.addChild(...order);
      }
    }
    if (changed && !errorsChanged) errors.push(...this.lastErrors);
    else {
      for (const el of frame.designList) {
        const error = this.nodes.get(el.localId)!.error;
        if (error !== null) errors.push({ localId: el.localId, message: error });
      }
    }
    this.lastErrors = errors;

    const viewKey = JSON.stringify([frame.view, frame.flat]);
    // Kept elements that changed places among themselves repaint wherever they overlap: rare
    // (restacking), so the whole stage is redrawn then.
    const full = needBg || viewKey !== this.drawnViewKey || (keep !== null && restacked(this.drawnOrder, ids, keep));
    this.drawnViewKey = viewKey;
    this.drawnOrder = ids;
    // The layer cache holds while one element keeps changing alone and nothing else does.
    const moved = !full && !removed ? movedAlone : null;
    if (moved === null || moved !== this.lastMoved) this.dropLayers();
    const t1 = performance.now();
    // While one element changes alone (a drag, a nudge, typing), the rest of the stage comes from
    // two cached layers, built on the first such frame from what the canvas already shows.
    const layered = !full && dirty !== null && moved !== null;
    if (full) this.present(frame, renderer, null);
    else if (layered) this.presentOverLayers(frame, renderer, dirty!, moved, ids);
    else if (dirty !== null) this.present(frame, renderer, dirty);
    if (full || dirty !== null) this.drawCount += 1;
    this.lastMoved = moved;
    this.lifted = frame.lifted ?? null;
    this.lastFrame = frame;
    // A drag in progress has its layers; after any other frame, a drag may come next (a frame
    // that drew nothing, a selection change, needs no new copy when the last one is current).
    const copyCurrent = this.snapshot !== null && this.snapshot.drawn === this.drawCount && this.warmed;
    const liftReady = this.lifted === null || !this.nodes.has(this.lifted) || (this.layers !== null && this.lastMoved === this.lifted);
    if (!layered && this.nodes.size > 0 && !(copyCurrent && liftReady)) this.idleTimer = setTimeout(() => this.whenIdle(), IDLE_MS);
    if (opts.finish) this.finish();
    return { drawn: true, errors, replanned: pending.length, layered, prepareMs: t1 - t0, drawMs: performance.now() - t1 };
  }

  /**
   * Whether `frame` holds the last frame's elements in the same order, save those at `changed`
   * (each still the same element, by localId), so only those need looking at. The caller says so
   * (a frame built from its changes); this checks what it can cheaply.
   */
  private sameListAs(frame: StageFrame, changed: readonly number[] | undefined): boolean {
    const last = this.lastFrame;
    if (!changed || !last || last.designList.length !== frame.designList.length || this.drawnOrder.length !== frame.designList.length) {
      return false;
    }
    return changed.every((i) => frame.designList[i]?.localId === this.drawnOrder[i]);
  }

  /**
   * elementKey, remembered per element object: a caller that hands the same objects for the
   * elements that did not change (the stage worker applying a frame's changes to the last frame)
   * pays for serialising only the changed ones, not every element on every frame.
   */
  private keyOf(el: DesignElement, scale: number): string {
    const known = this.keys.get(el);
    if (known && (el.type !== 'text' || known.scale === scale)) return known.key;
    const key = elementKey(el, scale);
    this.keys.set(el, { scale, key });
    return key;
  }

  /** The canvas as presented (for tests and the benchmark). */
  capture(): Promise<ImageBitmap> {
    return createImageBitmap(this.canvas);
  }

  /** Waits until the GPU has finished the last frame (so timings include drawing, not just queuing). */
  finish(): void {
    const gl = this.renderer?.gl;
    if (!gl) return;
    const px = new Uint8Array(4);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  }

  destroy(): void {
    this.cancelIdle();
    this.dropSnapshot();
    for (const node of this.nodes.values()) destroyNode(node);
    this.nodes.clear();
    if (this.bgNode) destroyNode(this.bgNode);
    this.dropLayers();
    this.clearBaseline();
    this.cache.clear();
    this.renderer?.destroy();
    this.renderer = null;
  }

  private bitmapsInUse(): Set<ImageBitmap> {
    const used = new Set<ImageBitmap>(this.bgNode?.bitmaps);
    for (const node of this.nodes.values()) for (const b of node.bitmaps) used.add(b);
    return used;
  }

  private async assetsFor(
    el: DesignElement,
  ): Promise<{ images: Map<string, ImageBitmap>; fonts: Map<string, LoadedFont>; error: string | null }> {
    const images = new Map<string, ImageBitmap>();
    const fonts = new Map<string, LoadedFont>();
    try {
      if (el.type === 'image') images.set(imageAssetKey(el), await adjustedBitmap(await this.loadImage(el.url), el.adjust));
      else if (hasText(el)) fonts.set(el.fontFamily, await loadFont(el.fontFamily));
      return { images, fonts, error: null };
    } catch (e) {
      // Font failures carry the engine's 'Error loading font'; image failures name a URL the
      // merchant cannot act on.
      const message = el.type === 'image' ? IMAGE_ERROR_MSG : e instanceof Error ? e.message : String(e);
      return { images, fonts, error: message };
    }
  }

  private buildNode(
    el: DesignElement,
    key: string,
    frame: StageFrame,
    scale: number,
    renderer: WebGLRenderer,
    assets: { images: Map<string, ImageBitmap>; fonts: Map<string, LoadedFont>; error: string | null },
  ): Node {
    const root = new Container();
    const textures: Texture[] = [];
    if (assets.error !== null) return { key, root, textures, error: assets.error, bounds: null, bitmaps: [] };
    let ops: readonly DrawOp[];
    try {
      ops = planFlat({
        flat: frame.flat,
        designList: [el],
        background: null,
        images: assets.images,
        fonts: assets.fonts,
        outputScale: [scale, scale],
        maxTextureSize: renderer.gl.getParameter(renderer.gl.MAX_TEXTURE_SIZE) as number,
      }).ops;
    } catch (e) {
      return { key, root, textures, error: e instanceof Error ? e.message : String(e), bounds: null, bitmaps: [] };
    }
    let bounds: Bounds | null = null;
    const bitmaps: ImageBitmap[] = [];
    for (const op of ops) {
      this.addOp(root, op, textures);
      if (op.kind === 'bitmap') bitmaps.push(op.bitmap);
      for (const b of opBounds(op)) bounds = union(bounds, b);
    }
    return { key, root, textures, error: null, bounds, bitmaps };
  }

  private addOp(root: Container, op: DrawOp, textures: Texture[]): void {
    if (op.kind === 'bitmap') {
      const texture = this.cache.get(op.bitmap, op.minScale < 0.5);
      for (const m of op.matrices) root.addChild(placed(texture, m));
      return;
    }
    const source = new CanvasSource({ resource: op.raster.canvas, resolution: 1, alphaMode: 'premultiply-alpha-on-upload' });
    const texture = new Texture({ source });
    textures.push(texture);
    root.addChild(placed(texture, op.matrix));
  }

  private setBackground(frame: StageFrame, key: string, image: ImageBitmap | null): void {
    if (this.bgNode) destroyNode(this.bgNode);
    const root = new Container();
    const textures: Texture[] = [];
    const bg = frame.background;
    if (bg?.color) {
      root.addChild(new Graphics().rect(0, 0, frame.flat.width, frame.flat.height).fill(new Color(bg.color)));
    }
    if (image) {
      const plan = planFlat({
        flat: frame.flat,
        designList: [],
        background: { image, visible: true },
        images: new Map(),
        fonts: new Map(),
        outputScale: [1, 1],
        maxTextureSize: 8192,
      });
      for (const op of plan.ops) this.addOp(root, op, textures);
    }
    this.bgNode = {
      key,
      root,
      textures,
      error: null,
      bounds: { minX: 0, minY: 0, maxX: frame.flat.width, maxY: frame.flat.height },
      bitmaps: image ? [image] : [],
    };
    this.bgLayer.removeChildren();
    this.bgLayer.addChild(root);
  }

  /**
   * Draws the stage at the frame's view: everything, or (dirty given) only the device-pixel
   * rectangle around `dirty` (flat px), scissored, with the elements outside it skipped. The
   * pixels inside equal a full redraw's: same scene, same transform, same rasteriser.
   */
  private present(frame: StageFrame, renderer: WebGLRenderer, dirty: Bounds | null): void {
    const place = this.placeWorld(frame, renderer);
    if (place.resized) {
      this.dropLayers();
      dirty = null;
    }
    if (dirty === null) {
      renderer.render({ container: this.world, clear: true, clearColor: [0, 0, 0, 0] });
      return;
    }
    const rect = scissorRect(dirty, place);
    if (!rect) return;
    const skipped: Container[] = [];
    for (const node of this.nodes.values()) {
      if (node.bounds === null || !intersects(node.bounds, rect.area)) {
        if (node.root.visible) skipped.push(node.root);
        node.root.visible = false;
      }
    }
    try {
      this.renderScissored(renderer, rect, place.h);
    } finally {
      for (const root of skipped) root.visible = true;
    }
  }

  /** Sizes the renderer to the view and places the world (flat px to device px); says whether it resized. */
  private placeWorld(frame: StageFrame, renderer: WebGLRenderer): WorldPlacement {
    const { view } = frame;
    const w = Math.max(1, Math.round(view.width * view.dpr));
    const h = Math.max(1, Math.round(view.height * view.dpr));
    const resized = renderer.width !== w || renderer.height !== h;
    if (resized) renderer.resize(w, h, 1);
    const s = deviceScale(view);
    const px = Math.round(view.panX * view.dpr);
    const py = Math.round(view.panY * view.dpr);
    this.world.scale.set(s, s);
    // Whole device pixels: text rasters are made on the device grid and must land on it.
    this.world.position.set(px, py);
    return { w, h, s, px, py, resized };
  }

  private renderScissored(renderer: WebGLRenderer, rect: ScissorRect, h: number): void {
    const gl = renderer.gl;
    gl.enable(gl.SCISSOR_TEST);
    // GL's scissor origin is the bottom-left corner.
    gl.scissor(rect.x0, h - rect.y1, rect.x1 - rect.x0, rect.y1 - rect.y0);
    try {
      renderer.render({ container: this.world, clear: true, clearColor: [0, 0, 0, 0] });
    } finally {
      gl.disable(gl.SCISSOR_TEST);
    }
  }

  /**
   * A drag frame drawn as three layers: everything under the moved element and everything over
   * it (each drawn once into a device-size texture on the drag's first frame), with
   * the element between them. Each frame then fills the changed rectangle three times, however
   * many elements overlap it: with a thousand elements a partial redraw drew dozens of sprites
   * there. Under blends the same as a redraw; over is blended as one layer, which can differ from
   * blending its elements one by one by a level of rounding where they overlap translucently.
   */
  private presentOverLayers(frame: StageFrame, renderer: WebGLRenderer, dirty: Bounds, moved: string, order: readonly string[]): void {
    const place = this.placeWorld(frame, renderer);
    if (place.resized) {
      this.dropLayers();
      renderer.render({ container: this.world, clear: true, clearColor: [0, 0, 0, 0] });
      return;
    }
    const layers = this.layers ?? (this.layers = this.drawLayers(renderer, place, dirty, moved, order));
    const rect = scissorRect(dirty, place);
    if (!rect) return;
    const sprites = layers.over ? [layers.under, layers.over] : [layers.under];
    // The cached layers are device-size pictures: in the world (scaled by s, moved by the pan) they
    // sit at -pan / s with scale 1 / s, which puts each texel on its device pixel.
    for (const sprite of sprites) {
      sprite.scale.set(1 / place.s, 1 / place.s);
      sprite.position.set(-place.px / place.s, -place.py / place.s);
    }
    // The moved element is lifted out of the content for this frame (content has no transform of
    // its own), so the other elements are skipped as one hidden container, not one by one.
    const movedRoot = this.nodes.get(moved)!.root;
    const index = this.content.getChildIndex(movedRoot);
    this.bgLayer.visible = false;
    this.content.visible = false;
    this.world.addChild(layers.under, movedRoot);
    if (layers.over) this.world.addChild(layers.over);
    try {
      this.renderScissored(renderer, rect, place.h);
    } finally {
      this.world.removeChild(...sprites);
      this.content.addChildAt(movedRoot, index);
      this.bgLayer.visible = true;
      this.content.visible = true;
    }
  }

  /**
   * The drag's two layers. The canvas still shows the previous frame, at this view: outside the
   * moved element's old and new rectangles and whatever lies over it, that frame is exactly the
   * under layer, so the under layer is a copy of the canvas with only that area drawn again from
   * the elements under the moved one. Drawing the whole stage again cost about a third of a
   * second with a thousand elements under SwiftShader (each element's own texture breaks the
   * batch), where the copy and the small redraw cost a few milliseconds. The over layer is drawn
   * from the elements over the moved one alone, and not at all when there are none.
   */
  private drawLayers(renderer: WebGLRenderer, place: WorldPlacement, dirty: Bounds, moved: string, order: readonly string[]): LayerCache {
    const at = order.indexOf(moved);
    const overIds = new Set(order.slice(at + 1));
    let redraw: Bounds | null = dirty;
    for (const id of overIds) redraw = union(redraw, this.nodes.get(id)?.bounds ?? null);
    // WebGL 1 cannot copy between framebuffers: there the whole layer is drawn.
    const copied = renderer.context.webGLVersion >= 2;
    const rect = copied ? scissorRect(redraw!, place) : { x0: 0, y0: 0, x1: place.w, y1: place.h, area: null };

    // The copy made while the stage was still, when nothing was drawn since; else one now.
    const snap = copied ? this.currentSnapshot(place.w, place.h) : null;
    if (snap) this.snapshot = null;
    else this.dropSnapshot();
    const under = snap ?? RenderTexture.create({ width: place.w, height: place.h, resolution: 1 });
    if (copied && !snap) {
      // Binding through pixi attaches the texture to its framebuffer before the raw copy.
      renderer.renderTarget.bind({ target: under, clear: false });
      copyCanvasInto(renderer, under, place);
    }
    if (rect) {
      const area = rect.area;
      const hidden = this.hideNodes(
        (id, node) => id === moved || overIds.has(id) || (area !== null && (node.bounds === null || !intersects(node.bounds, area))),
      );
      const gl = renderer.gl;
      gl.enable(gl.SCISSOR_TEST);
      // A texture target is drawn top row first (pixi flips its projection), so no flip here.
      gl.scissor(rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0);
      try {
        renderer.render({ container: this.world, target: under, clear: true, clearColor: [0, 0, 0, 0] });
      } finally {
        gl.disable(gl.SCISSOR_TEST);
        for (const root of hidden) root.visible = true;
      }
    }

    let over: Sprite | null = null;
    if (overIds.size > 0) {
      const texture = RenderTexture.create({ width: place.w, height: place.h, resolution: 1 });
      const hidden = this.hideNodes((id) => !overIds.has(id));
      this.bgLayer.visible = false;
      try {
        renderer.render({ container: this.world, target: texture, clear: true, clearColor: [0, 0, 0, 0] });
      } finally {
        this.bgLayer.visible = true;
        for (const root of hidden) root.visible = true;
      }
      over = new Sprite(texture);
    }
    return { under: new Sprite(under), over };
  }

  /**
   * Work for a drag that may come, done once the stage has been still for IDLE_MS after a drawn
   * frame (any new frame cancels it first):
   * - The canvas is copied into a texture (one blit, about 10 ms under SwiftShader at 900x700),
   *   which the next drag takes as its under layer if nothing was drawn in between.
   * - With an element lifted (selected), that element's drag layers are built from the copy, so
   *   the first frame of its drag draws only what every drag frame draws.
   * - The first time, one element is drawn into a one-pixel texture: SwiftShader builds its
   *   pipeline for a state (shader, blending, target format) on the first draw that uses it,
   *   25-30 ms, and a drag's first frame was the stage's first draw into a texture.
   * Nothing the canvas shows changes.
   */
  private whenIdle(): void {
    this.idleTimer = null;
    const renderer = this.renderer;
    if (!renderer) return;
    if (!this.warmed) {
      const first = [...this.nodes.values()].find((node) => node.bounds !== null);
      if (first) {
        this.warmed = true;
        const target = RenderTexture.create({ width: 1, height: 1, resolution: 1 });
        const hidden = this.hideNodes((_id, node) => node !== first);
        try {
          renderer.render({ container: this.world, target, clear: true, clearColor: [0, 0, 0, 0] });
        } finally {
          for (const root of hidden) root.visible = true;
          target.destroy(true);
        }
      }
    }
    if (renderer.context.webGLVersion < 2 || this.layers) return;
    const { width: w, height: h } = renderer;
    if (!this.currentSnapshot(w, h)) {
      // A copy of this size is drawn over; one of another size is replaced.
      let texture = this.snapshot?.texture;
      if (texture?.width !== w || texture.height !== h) {
        this.dropSnapshot();
        texture = RenderTexture.create({ width: w, height: h, resolution: 1 });
      }
      renderer.renderTarget.bind({ target: texture, clear: false });
      copyCanvasInto(renderer, texture, { w, h });
      this.snapshot = { texture, drawn: this.drawCount };
    }
    const lifted = this.lifted;
    const bounds = lifted === null ? null : (this.nodes.get(lifted)?.bounds ?? null);
    if (lifted === null || bounds === null || this.lastFrame === null) return;
    const place = this.placeWorld(this.lastFrame, renderer);
    if (place.resized) return;
    this.layers = this.drawLayers(renderer, place, bounds, lifted, this.drawnOrder);
    this.lastMoved = lifted;
  }

  /** The idle copy of the canvas, while it still shows what the canvas shows at this size. */
  private currentSnapshot(w: number, h: number): RenderTexture | null {
    const s = this.snapshot;
    return s !== null && s.drawn === this.drawCount && s.texture.width === w && s.texture.height === h ? s.texture : null;
  }

  private cancelIdle(): void {
    if (this.idleTimer === null) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private dropSnapshot(): void {
    this.snapshot?.texture.destroy(true);
    this.snapshot = null;
  }

  /** Hides the visible element roots `hide` picks; returns them to be shown again. */
  private hideNodes(hide: (id: string, node: Node) => boolean): Container[] {
    const hidden: Container[] = [];
    for (const [id, node] of this.nodes) {
      if (node.root.visible && hide(id, node)) {
        node.root.visible = false;
        hidden.push(node.root);
      }
    }
    return hidden;
  }

  private dropLayers(): void {
    if (!this.layers) return;
    for (const sprite of [this.layers.under, this.layers.over]) {
      if (!sprite) continue;
      sprite.texture.destroy(true);
      sprite.destroy();
    }
    this.layers = null;
  }

  /**
   * What a naive editor does, kept for the benchmark's baseline: compose the whole flat again
   * (every text rasterised, every sprite rebuilt) and show the bitmap.
   */
  private async drawBaseline(frame: StageFrame, renderer: WebGLRenderer, seq: number, t0: number, finish: boolean): Promise<StageResult> {
    const s = deviceScale(frame.view);
    const bitmap = await composeFlat({
      flat: frame.flat,
      design: { designList: frame.designList as DesignElement[] },
      background: frame.background?.color ? { color: frame.background.color, visible: true } : null,
      images: this.loadImage,
      scale: s,
    });
    if (seq !== this.seq) {
      bitmap.close();
      return { drawn: false, errors: [], replanned: 0, layered: false, prepareMs: 0, drawMs: 0 };
    }
    this.clearBaseline();
    this.dropLayers();
    this.content.visible = false;
    this.bgLayer.visible = false;
    const texture = Texture.from(bitmap);
    const sprite = new Sprite(texture);
    sprite.scale.set(1 / s, 1 / s);
    this.baselineSprite = sprite;
    this.world.addChild(sprite);
    const t1 = performance.now();
    this.present(frame, renderer, null);
    this.drawCount += 1;
    this.drawnViewKey = null;
    if (finish) this.finish();
    return {
      drawn: true,
      errors: [],
      replanned: frame.designList.length,
      layered: false,
      prepareMs: t1 - t0,
      drawMs: performance.now() - t1,
    };
  }

  private clearBaseline(): void {
    if (!this.baselineSprite) return;
    const tex = this.baselineSprite.texture;
    this.baselineSprite.destroy();
    const resource = tex.source.resource as ImageBitmap | undefined;
    tex.destroy(true);
    resource?.close?.();
    this.baselineSprite = null;
    this.content.visible = true;
    this.bgLayer.visible = true;
  }
}

/**
 * Copies what the canvas shows into `target` (a device-size texture already bound through pixi),
 * flipped: the canvas's first row is its bottom one, a pixi texture's its top one. The default
 * framebuffer is single-sampled (the stage renders without antialias) and kept between frames
 * (preserveDrawingBuffer), so it can be read. Leaves the target bound, as pixi believes it is.
 */
function copyCanvasInto(renderer: WebGLRenderer, target: RenderTexture, { w, h }: { readonly w: number; readonly h: number }): void {
  const gl = renderer.gl;
  const framebuffer = renderer.renderTarget.getGpuRenderTarget(renderer.renderTarget.getRenderTarget(target)).framebuffer;
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
  gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, framebuffer);
  gl.blitFramebuffer(0, 0, w, h, 0, h, w, 0, gl.COLOR_BUFFER_BIT, gl.NEAREST);
  gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
}

/** Whether elements present before and after swapped places (added or removed ones aside). */
function restacked(before: readonly string[], after: readonly string[], keep: ReadonlySet<string>): boolean {
  const was = before.filter((id) => keep.has(id));
  const kept = new Set(was);
  const now = after.filter((id) => kept.has(id));
  return was.length !== now.length || was.some((id, i) => now[i] !== id);
}

/** What an element's sprites depend on: its fields, and for text the scale it is rasterised at. */
export function elementKey(el: DesignElement, scale: number): string {
  return el.type === 'text' ? `${scale}|${JSON.stringify(el)}` : JSON.stringify(el);
}
