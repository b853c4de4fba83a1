/**
 * What a MockupRenderer keeps between renders, all of it derived from immutable inputs:
 * textures of ImageBitmap sources, tinted photos at output size (the base of every composite),
 * whether a photo is opaque, and CPU meshes and clip triangulations per layer object.
 */
import { createMesh, deleteMesh, type GLMesh } from '../../gl/buffers.ts';
import { type Disposer, SourceCache } from '../../gl/resources.ts';
import { copyTargetRegion, createRenderTarget, deleteRenderTarget, type PixelRect, type RenderTarget } from '../../gl/targets.ts';
import { deleteTexture, generateMipmaps, textureBytes, uploadRegion, uploadTexture, type GLTexture } from '../../gl/textures.ts';
import {
  flattenPath,
  pathBounds,
  pathFromCommands,
  triangulatePath,
  type Bounds,
  type TriangulatedPath,
  type Vec2,
} from '../../geometry/index.ts';
import { DataError, type PathCommand, type SmartObjectLayer } from '../../model/index.ts';
import { isBitmap } from './assets.ts';
import { drawCoverageMask } from './coverage-mask.ts';
import { context2d } from './output.ts';
import { buildLayerMesh, WHOLE_FLAT, type LayerMesh, type TextureSpan } from './layer-mesh.ts';
import { foldedTriangles, outlineLoops, withSkirt } from './mesh-outline.ts';
import { meshOverlapsItself } from './mesh-overlap.ts';
import { splitByCoverage, type CoverageSplit } from './coverage-split.ts';
import { cullByContent, type LayerContent, type SampledTexture } from './content-cull.ts';
import { sameContent } from '../flat-content.ts';
import { ObjectIds } from './object-ids.ts';
import { isFullyOpaque } from './opacity.ts';
import { drawBase, type TileFrame } from './passes.ts';
import type { MockupGL } from './programs.ts';

/** GPU bytes kept for coverage masks: a few views' layers at screen and export sizes. */
const MASK_BYTES = 32 * 1024 * 1024;
/** Vertex and index bytes of uploaded warp meshes kept at most. */
const MESH_BYTES = 16 * 1024 * 1024;

export interface GpuCacheOptions {
  readonly textureBytes: number;
  /** 0 disables the base cache. */
  readonly baseBytes: number;
}

export interface ClipFill {
  readonly fill: TriangulatedPath;
  /** The same path flattened to closed polygons, view px. */
  readonly polygons: readonly (readonly Vec2[])[];
  /** View px. */
  readonly bounds: Bounds;
}

export class GpuCache {
  private readonly textures: SourceCache<ImageBitmap, GLTexture>;
  /** Tinted photos by photo, colour, output size and tile. */
  private readonly bases: SourceCache<string, RenderTarget>;
  private readonly basesEnabled: boolean;
  /** Numbers for photos, layers, meshes and programs in cache keys. */
  private readonly ids = new ObjectIds();
  private readonly opaque = new WeakMap<ImageBitmap, boolean>();
  private readonly meshes = new WeakMap<SmartObjectLayer, { scale: number; span: TextureSpan; mesh: LayerMesh }>();
  private readonly skirted = new WeakMap<LayerMesh, { width: number; mesh: LayerMesh }>();
  private readonly outlines = new WeakMap<LayerMesh, { loops: [number, number][][]; folds: [number, number][][] }>();
  private readonly overlapping = new WeakMap<LayerMesh, boolean>();
  /** Each coverage mask's alpha, one byte per px of its rect, while the mask is kept (`coverageSplit`). */
  private readonly maskAlpha = new WeakMap<GLTexture, Uint8Array>();
  private readonly splits = new WeakMap<LayerMesh, { mask: GLTexture; split: CoverageSplit }>();
  /** The last culled form of each split (content-cull.ts) and what it was culled for. */
  private readonly culled = new WeakMap<
    CoverageSplit,
    { content: LayerContent; texture: SampledTexture; sx: number; sy: number; split: CoverageSplit }
  >();
  /** Coverage masks by layer, output scale, rect and mesh bounds (coverage-mask.ts). */
  private readonly masks: SourceCache<string, GLTexture>;
  /** Uploaded warp meshes by mesh: a view drawn again keeps its vertex buffers. */
  private readonly glMeshes: SourceCache<string, GLMesh>;
  private readonly clips = new WeakMap<readonly PathCommand[], { scale: number; clip: ClipFill }>();

  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly programs: MockupGL,
    options: GpuCacheOptions,
  ) {
    this.textures = new SourceCache(options.textureBytes, (t) => deleteTexture(gl, t));
    this.basesEnabled = options.baseBytes > 0;
    this.bases = new SourceCache(options.baseBytes, (t) => deleteRenderTarget(gl, t));
    this.masks = new SourceCache(MASK_BYTES, (t) => deleteTexture(gl, t));
    this.glMeshes = new SourceCache(MESH_BYTES, (m) => deleteMesh(gl, m));
  }

  /**
   * A texture for `source`. ImageBitmaps are immutable, so their textures are kept (and gain
   * mipmaps in place when a later render needs them); canvases and ImageData can change between
   * renders, so they are uploaded every time and freed with `scope`.
   */
  texture(scope: Disposer, source: TexImageSource, mipmaps: boolean, transient: ReadonlySet<ImageBitmap>): GLTexture {
    const gl = this.gl;
    const bitmap = cacheableBitmap(source, transient);
    if (!bitmap) return scope.add(uploadTexture(gl, source, { mipmaps }), (t) => deleteTexture(gl, t));
    const cached = this.textures.get(bitmap);
    if (!cached) {
      // Textures of bitmaps closed since (an edited design's earlier flats: one per edit) can
      // never be drawn again; left to the byte budget they held up to 256 MB of a worker's
      // memory while a merchant edited, and under SwiftShader textures live in that memory.
      this.textures.prune((b) => b.width === 0 && b.height === 0);
      const t = uploadTexture(gl, bitmap, { mipmaps });
      this.textures.set(bitmap, t, textureBytes(t));
      return t;
    }
    if (!mipmaps || cached.mipmapped) return cached;
    // Same GL texture, now with a mip chain: replace the entry without freeing it.
    const withMips = generateMipmaps(gl, cached);
    this.textures.replace(bitmap, withMips, textureBytes(withMips));
    return withMips;
  }

  /** Whether `photo` is fully opaque (then every composite on it stays opaque). Null: unknown, treated as not. */
  isOpaque(photo: ImageBitmap | null): boolean {
    if (!photo) return false;
    let known = this.opaque.get(photo);
    if (known === undefined) {
      known = isFullyOpaque(photo);
      this.opaque.set(photo, known);
    }
    return known;
  }

  /**
   * Fills `comp` with the tinted photo. For a cacheable photo the tinted image at this output size
   * and tile is kept, so re-renders (a design change, the next SKU of a bulk job) start with a
   * copy instead of a full-image pass. `tinted` is the same photo already tinted on the CPU at
   * output size (photo-frames.ts), when the caller has it and the GPU is emulated: the tile's rows
   * are uploaded from it straight into `comp`, a copy where a tint pass runs a shader over every
   * pixel (3-10 ms for a bulk mockup's layer rect on SwiftShader), and nothing is kept (the next
   * render with these pixels uploads them again, as cheaply as it would copy a kept base).
   * `photoTexture` gives the photo's texture, asked for only when the composite is drawn from it.
   */
  startComposite(
    frame: TileFrame,
    comp: RenderTarget,
    photoTexture: () => GLTexture | null,
    photoBitmap: ImageBitmap | null,
    tint: readonly [number, number, number] | null,
    tinted: ImageData | null = null,
  ): void {
    const gl = this.gl;
    if (tinted && comp.texture && tinted.width === frame.outputWidth && tinted.height === frame.outputHeight) {
      uploadRegion(gl, comp.texture, tinted.data, tinted.width, frame.tile);
      return;
    }
    const photo = photoTexture();
    if (!photo || !photoBitmap || !this.basesEnabled) {
      drawBase(gl, this.programs, frame, comp, photo, tint);
      return;
    }
    const t = frame.tile;
    const key = [
      this.photoId(photoBitmap),
      tint?.join(',') ?? '-',
      `${frame.outputWidth}x${frame.outputHeight}`,
      `${t.x},${t.y},${t.width}x${t.height}`,
    ].join('|');
    let base = this.bases.get(key);
    if (!base) {
      base = createRenderTarget(gl, { width: t.width, height: t.height });
      drawBase(gl, this.programs, frame, base, photo, tint);
      this.bases.set(key, base, t.width * t.height * 4);
    }
    copyTargetRegion(gl, base, comp, { x: 0, y: 0, width: t.width, height: t.height });
  }

  /** The layer's mesh for this output scale; geometry errors become data errors naming the layer. */
  layerMesh(layer: SmartObjectLayer, scale: number, where: string, span: TextureSpan = WHOLE_FLAT): LayerMesh {
    const hit = this.meshes.get(layer);
    if (hit && hit.scale === scale && sameSpan(hit.span, span)) return hit.mesh;
    let mesh: LayerMesh;
    try {
      mesh = buildLayerMesh(layer, scale, span);
    } catch (e) {
      if (e instanceof DataError) throw e;
      throw new DataError(`layer ${where}: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.meshes.set(layer, { scale, span, mesh });
    return mesh;
  }

  /** Triangles of a PPC path, curves flattened to within a quarter of an output pixel. */
  clipFill(commands: readonly PathCommand[], scale: number, where: string): ClipFill {
    const hit = this.clips.get(commands);
    if (hit && hit.scale === scale) return hit.clip;
    let clip: ClipFill;
    try {
      const path = pathFromCommands(commands);
      const polygons = flattenPath(path, 0.25 / scale).map((p) => p.points);
      clip = { fill: triangulatePath(path, 0.25 / scale), polygons, bounds: pathBounds(path) };
    } catch (e) {
      throw new DataError(`layer ${where} PPC: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.clips.set(commands, { scale, clip });
    return clip;
  }

  /** `mesh` widened by a skirt `width` view px wide (mesh-outline.ts). */
  skirtedMesh(mesh: LayerMesh, width: number): LayerMesh {
    const hit = this.skirted.get(mesh);
    if (hit && hit.width === width) return hit.mesh;
    const skirted = withSkirt(mesh, width);
    this.skirted.set(mesh, { width, mesh: skirted });
    return skirted;
  }

  /** Whether `mesh` covers some point twice (mesh-overlap.ts), worked out once per mesh. */
  meshOverlapsItself(mesh: LayerMesh): boolean {
    let known = this.overlapping.get(mesh);
    if (known === undefined) {
      known = meshOverlapsItself(mesh);
      this.overlapping.set(mesh, known);
    }
    return known;
  }

  /**
   * The coverage mask of `layer` over `rect` (output px) at `sx`, `sy` output px per view px:
   * `mesh` (without its skirt) within every clip. `forSplit`: its alpha is kept too, for
   * `coverageSplit`.
   */
  coverageMask(
    layer: SmartObjectLayer,
    mesh: LayerMesh,
    clips: readonly ClipFill[],
    sx: number,
    sy: number,
    rect: PixelRect,
    forSplit = false,
  ): GLTexture {
    // The mesh's bounds too: the same layer at one scale can be drawn over a different texture
    // span (a pyramid level reaching past the flat), which moves its outline.
    const b = mesh.bounds;
    const key = `${this.ids.of(layer)}|${sx}|${sy}|${rect.x},${rect.y},${rect.width}x${rect.height}|${b.minX},${b.minY},${b.maxX},${b.maxY}`;
    const hit = this.masks.get(key);
    if (hit && (!forSplit || this.maskAlpha.has(hit))) return hit;
    let outline = this.outlines.get(mesh);
    if (!outline) {
      outline = { loops: outlineLoops(mesh), folds: foldedTriangles(mesh) };
      this.outlines.set(mesh, outline);
    }
    const canvas = drawCoverageMask(
      outline.loops,
      clips.map((c) => c.polygons),
      sx,
      sy,
      rect,
      outline.folds,
    );
    const texture = uploadTexture(this.gl, canvas, { mipmaps: false });
    this.masks.set(key, texture, textureBytes(texture));
    if (forSplit) this.maskAlpha.set(texture, alphaOf(canvas));
    return texture;
  }

  /** The alpha of a coverage mask made with `forSplit` (one byte per px of its rect), if known. */
  coverageAlpha(mask: GLTexture): Uint8Array | undefined {
    return this.maskAlpha.get(mask);
  }

  /**
   * `mesh`'s triangles sorted by the coverage `mask` (from `coverageMask` with `forSplit`) holds
   * under them (coverage-split.ts), at `sx`, `sy` output px per view px; once per mesh and mask.
   */
  coverageSplit(mesh: LayerMesh, mask: { readonly texture: GLTexture; readonly rect: PixelRect }, sx: number, sy: number): CoverageSplit {
    const hit = this.splits.get(mesh);
    if (hit && hit.mask === mask.texture) return hit.split;
    const alpha = this.maskAlpha.get(mask.texture);
    if (!alpha) throw new Error('coverage split: the mask was made without its alpha');
    const split = splitByCoverage(mesh, alpha, mask.rect, sx, sy);
    this.splits.set(mesh, { mask: mask.texture, split });
    return split;
  }

  /**
   * `split` without the triangles that sample only transparent parts of the flat (content-cull.ts).
   * Kept for the next render that brings the same content, by its cells: a bulk run's colours share
   * one flat, and a design edited away from a cell's border keeps its cells.
   */
  contentSplit(split: CoverageSplit, content: LayerContent, texture: SampledTexture, sx: number, sy: number): CoverageSplit {
    const hit = this.culled.get(split);
    if (
      hit &&
      hit.sx === sx &&
      hit.sy === sy &&
      hit.texture.width === texture.width &&
      hit.texture.height === texture.height &&
      hit.texture.mipmapped === texture.mipmapped &&
      sameSpan(hit.content.span, content.span) &&
      sameContent(hit.content.grid, content.grid)
    )
      return hit.split;
    const culled = cullByContent(split, content, texture, sx, sy);
    const { width, height, mipmapped } = texture;
    this.culled.set(split, { content, texture: { width, height, mipmapped }, sx, sy, split: culled });
    return culled;
  }

  /** Frees every GL resource held (CPU caches are weak and go with their layers). */
  clear(): void {
    this.textures.clear();
    this.bases.clear();
    this.masks.clear();
    this.glMeshes.clear();
  }

  /**
   * `mesh` uploaded and bound to the attributes of shaders/mesh.vert.glsl, whose locations are
   * fixed: one vertex array serves every program built on it (the plain and cubic warps, the
   * blends drawn by the mesh). Bound through the plain warp program, which reads all three
   * attributes (a program that ignores one would leave it out of the array). Meshes are kept per
   * layer and scale (layerMesh, skirtedMesh), so the same object comes back for every render of a
   * view: its buffers are uploaded once (0.7 ms a render of the benchmark's 1000-triangle warp).
   */
  glMesh(mesh: LayerMesh): GLMesh {
    const key = `${this.ids.of(mesh)}`;
    const hit = this.glMeshes.get(key);
    if (hit) return hit;
    const vertexCount = mesh.positions.length / 2;
    const uploaded = createMesh(this.gl, this.programs.mesh, {
      a_position: { numComponents: 2, data: mesh.positions },
      a_uvq: { numComponents: 3, data: mesh.uvq },
      a_shade: { numComponents: 1, data: mesh.shade ?? new Float32Array(vertexCount).fill(1) },
      indices: { numComponents: 3, data: mesh.indices },
    });
    // Positions 2, texture coordinates 3 and shade 1 floats a vertex, 4 bytes an index.
    this.glMeshes.set(key, uploaded, vertexCount * 6 * 4 + mesh.indices.length * 4);
    return uploaded;
  }

  /** A number per photo bitmap, for cache keys. */
  photoId(photo: ImageBitmap): number {
    return this.ids.of(photo);
  }
}

/** An ImageBitmap that outlives this render (not a downscaled copy), or null. */
export function cacheableBitmap(source: TexImageSource | null, transient: ReadonlySet<ImageBitmap>): ImageBitmap | null {
  return source && isBitmap(source) && !transient.has(source) ? source : null;
}

const sameSpan = (a: TextureSpan, b: TextureSpan): boolean => a.x0 === b.x0 && a.x1 === b.x1 && a.y0 === b.y0 && a.y1 === b.y1;

/** The alpha channel of `canvas`, one byte per px. */
function alphaOf(canvas: OffscreenCanvas): Uint8Array {
  const rgba = context2d(canvas).getImageData(0, 0, canvas.width, canvas.height).data;
  const alpha = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[4 * i + 3] as number;
  return alpha;
}
