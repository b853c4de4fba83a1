/**
 * GPU-ready layers of a view: warp meshes and clip fills uploaded, flat textures bound, and the
 * output rect each layer can touch. Prepared once per render and shared by all tiles.
 */
import { createMesh, deleteMesh, type GLMesh } from '../../gl/buffers.ts';
import type { Disposer } from '../../gl/resources.ts';
import type { PixelRect } from '../../gl/targets.ts';
import { sourceSize, type GLTexture } from '../../gl/textures.ts';
import type { TemplateView } from '../../model/index.ts';
import type { ViewAssets } from './assets.ts';
import type { ClipFill, GpuCache } from './gpu-cache.ts';
import type { LayerContent } from './content-cull.ts';
import type { FlatContent } from '../flat-content.ts';
import { WHOLE_FLAT, type TextureSpan } from './layer-mesh.ts';
import type { OutputSize } from './output.ts';
import type { LayerDraw } from './passes.ts';
import { cubicMeshProgram, type MockupGL } from './programs.ts';
import { affineLayerScale, CUBIC_MIPMAP_RATIO, cubicUniform, photoshopKernel, resampledByCubic } from './resampling.ts';
import { intersectRects } from './tiles.ts';
import { planViewLayers, type PlannedLayer } from './view-plan.ts';

/**
 * A texture drawn at less than 1/MIPMAP_RATIO of its size gets mipmaps: past 2:1, bilinear
 * sampling skips texels and aliases; up to it, every texel still reaches some pixel, and plain
 * bilinear is sharper and cheaper (trilinear costs ~1.7x per pixel on SwiftShader).
 */
export const MIPMAP_RATIO = 2;

export function needsMipmaps(source: TexImageSource, drawnWidth: number, drawnHeight: number, ratio = MIPMAP_RATIO): boolean {
  const { width, height } = sourceSize(source);
  return width > drawnWidth * ratio || height > drawnHeight * ratio;
}

export interface PreparedLayer {
  readonly plan: PlannedLayer;
  readonly draw: LayerDraw;
  /** Output px the layer can touch (mesh bounds within its clips), or null when nothing shows. */
  readonly rect: PixelRect | null;
  /** The layer's raster mask (`maskUrl`) spanning the output, or null. */
  readonly mask: GLTexture | null;
  /** The layer's 3D colour table (`colorLutUrl`), or null. */
  readonly colorLut: GLTexture | null;
  /** Index in the prepared list of the base this layer is clipped to, or null. */
  readonly clipBase: number | null;
  /** Later layers are clipped to this one: its coverage must outlive its own pass. */
  readonly isClipBase: boolean;
  /** Gaussian blur of the layer buffer in output px (model `blur`), 0 for none. */
  readonly blurSigma: number;
  /** What the layer's flat shows and where its texture lies in the flat, or null when not known. */
  readonly content: LayerContent | null;
}

/**
 * How mesh and clip edges are antialiased: 'msaa' draws into a multisampled buffer and clips by
 * stencil; 'coverage' draws the mesh with its skirt unsampled and scales it by a coverage mask
 * drawn on the 2D canvas (coverage-mask.ts), several times cheaper where WebGL runs on the CPU.
 */
export type EdgeAntialiasing = 'msaa' | 'coverage';

export interface PrepareLayersInput {
  readonly gl: WebGL2RenderingContext;
  readonly programs: MockupGL;
  readonly cache: GpuCache;
  /** Freed when the render ends: meshes and per-render textures. */
  readonly scope: Disposer;
  readonly view: TemplateView;
  readonly output: OutputSize;
  readonly assets: ViewAssets;
  readonly cylinderShading: number;
  readonly antialias: EdgeAntialiasing;
  /** Where a flat's texture lies in the flat, by flatId, when not 0..1 (a pyramid level's texels). */
  readonly flatSpans?: Readonly<Record<string, TextureSpan>>;
  /** What each flat's image shows, by flatId (render/flat-content.ts). */
  readonly flatContent?: Readonly<Record<string, FlatContent>>;
}

/** Layers with a source and some opacity, in drawing order. A layer whose flat is missing is left out. */
export function prepareLayers(input: PrepareLayersInput): PreparedLayer[] {
  const { gl, programs, cache, scope, view, output, assets } = input;
  const sx = output.width / view.viewData.width;
  const sy = output.height / view.viewData.height;
  const scale = Math.max(sx, sy);
  const outputRect: PixelRect = { x: 0, y: 0, width: output.width, height: output.height };

  const plans = planViewLayers(view.viewData.layers);
  // A base that draws nothing (no design yet, opacity 0) hides the layers clipped to it too.
  const drawn = new Set<number>();
  const visible = plans.flatMap((plan, i) => {
    const f = plan.layer.F;
    const source = f.kind === 'flat' ? assets.flats.get(f.flatId) : assets.files.get(f.url);
    if (!source || plan.layer.opacity <= 0) return [];
    if (plan.clipBase !== null && !drawn.has(plan.clipBase)) return [];
    drawn.add(i);
    const span = (f.kind === 'flat' ? input.flatSpans?.[f.flatId] : undefined) ?? WHOLE_FLAT;
    const grid = f.kind === 'flat' ? input.flatContent?.[f.flatId] : undefined;
    const content = grid ? { grid, span } : null;
    return [{ plan, index: i, source, content, mesh: cache.layerMesh(plan.layer, scale, plan.path.join('/'), span) }];
  });
  const preparedIndex = new Map(visible.map((v, i) => [v.index, i]));
  const bases = new Set(visible.flatMap((v) => (v.plan.clipBase === null ? [] : [v.plan.clipBase])));

  // One texture per source, mipmapped when any layer draws it at less than half its size (the cubic
  // at less than 1/CUBIC_MIPMAP_RATIO).
  const minified = new Map<TexImageSource, boolean>();
  for (const { plan, source, mesh } of visible) {
    const b = mesh.bounds;
    // The cubic reads the full-size level down to a far smaller size (resampling.ts).
    const ratio = programs.resampling === 'bicubic' && resampledByCubic(plan.layer) ? CUBIC_MIPMAP_RATIO : MIPMAP_RATIO;
    const small = needsMipmaps(source, (b.maxX - b.minX) * sx, (b.maxY - b.minY) * sy, ratio);
    minified.set(source, (minified.get(source) ?? false) || small);
  }
  const textures = new Map<TexImageSource, GLTexture>();
  for (const [source, mips] of minified) textures.set(source, cache.texture(scope, source, mips, assets.transient));

  return visible.map(({ plan, index, source, mesh, content }) => {
    let bounds = mesh.bounds;
    const coverage = input.antialias === 'coverage';
    const clips: GLMesh[] = [];
    const clipFills: ClipFill[] = [];
    for (const commands of plan.clips) {
      const c = cache.clipFill(commands, scale, plan.path.join('/'));
      bounds = {
        minX: Math.max(bounds.minX, c.bounds.minX),
        minY: Math.max(bounds.minY, c.bounds.minY),
        maxX: Math.min(bounds.maxX, c.bounds.maxX),
        maxY: Math.min(bounds.maxY, c.bounds.maxY),
      };
      clipFills.push(c);
      if (coverage) continue;
      const fill = createMesh(gl, programs.fill, {
        a_position: { numComponents: 2, data: c.fill.positions },
        indices: { numComponents: 3, data: c.fill.indices },
      });
      clips.push(scope.add(fill, (m) => deleteMesh(gl, m)));
    }
    const texture = textures.get(source);
    if (!texture) throw new Error('layer texture missing');
    const program =
      programs.resampling === 'bicubic' && resampledByCubic(plan.layer)
        ? cubicDraw(gl, programs, texture, affineLayerScale(plan.layer, texture.width, texture.height, sx, sy))
        : undefined;
    // The skirt reaches one output px past the outline on either axis.
    const drawn = coverage ? cache.skirtedMesh(mesh, 1 / Math.min(sx, sy)) : mesh;
    const glMesh = cache.glMesh(drawn);
    // One px of slack on each side for linear filtering and antialiased edges.
    const x0 = Math.floor(bounds.minX * sx) - 1;
    const y0 = Math.floor(bounds.minY * sy) - 1;
    const x1 = Math.ceil(bounds.maxX * sx) + 1;
    const y1 = Math.ceil(bounds.maxY * sy) + 1;
    const rect =
      Number.isFinite(x0) && Number.isFinite(y0) && x1 > x0 && y1 > y0
        ? intersectRects({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, outputRect)
        : null;
    const maskSource = plan.layer.maskUrl ? assets.files.get(plan.layer.maskUrl) : undefined;
    const lutSource = plan.layer.colorLutUrl ? assets.files.get(plan.layer.colorLutUrl) : undefined;
    // A layer sampled by the texture unit may be blended straight from its mesh, which sorts its
    // triangles by this mask (coverage-split.ts).
    const mask = coverage && rect ? { texture: cache.coverageMask(plan.layer, mesh, clipFills, sx, sy, rect, !program), rect } : null;
    return {
      plan,
      rect,
      draw: {
        mesh: glMesh,
        warp: drawn,
        texture,
        shadeStrength: mesh.shade ? input.cylinderShading : 0,
        clips,
        ...(mask ? { coverage: mask } : {}),
        ...(program ? { program } : {}),
      },
      mask: maskSource ? cache.texture(scope, maskSource, needsMipmaps(maskSource, output.width, output.height), assets.transient) : null,
      colorLut: lutSource ? cache.texture(scope, lutSource, false, assets.transient) : null,
      clipBase: plan.clipBase === null ? null : (preparedIndex.get(plan.clipBase) ?? null),
      isClipBase: bases.has(index),
      blurSigma: (plan.layer.blur ?? 0) * scale,
      content,
    };
  });
}

/**
 * The cubic mesh program for a texture drawn at `scale` output px per texel: Photoshop's Bicubic
 * Automatic picks Sharper when that reduces the texture, Smoother otherwise.
 */
function cubicDraw(gl: WebGL2RenderingContext, programs: MockupGL, texture: GLTexture, scale: number): NonNullable<LayerDraw['program']> {
  const maxLod = texture.mipmapped ? Math.floor(Math.log2(Math.max(texture.width, texture.height))) : 0;
  return {
    info: cubicMeshProgram(gl, programs),
    uniforms: { u_cubicKernel: cubicUniform(photoshopKernel(scale)), u_maxLod: maxLod },
  };
}

/** The layer's rect in tile px, or null when it does not touch the tile. */
export function layerRectInTile(layer: PreparedLayer, tile: PixelRect, displacementReach = 0): PixelRect | null {
  if (!layer.rect) return null;
  // A blur spreads the layer by three standard deviations; a displacement moves it by its reach.
  const grow = displacementReach + (layer.blurSigma > 0 ? Math.ceil(3 * layer.blurSigma) + 1 : 0);
  // `grow`: output px a displacement can move the layer by, on every side.
  const rect =
    grow > 0
      ? { x: layer.rect.x - grow, y: layer.rect.y - grow, width: layer.rect.width + 2 * grow, height: layer.rect.height + 2 * grow }
      : layer.rect;
  const r = intersectRects(rect, tile);
  return r && { x: r.x - tile.x, y: r.y - tile.y, width: r.width, height: r.height };
}
