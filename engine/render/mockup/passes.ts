/**
 * The GL passes of one mockup tile. Each function sets the state it needs and leaves blending,
 * scissor and stencil off again, so passes can run in any order.
 *
 * Coordinates: view px (the template's space) → output px (× scale) → tile px (− tile origin)
 * → clip space. Targets hold the top image row first (engine/gl/targets.ts).
 */
import { setBuffersAndAttributes, setUniforms, drawBufferInfo, type ProgramInfo } from 'twgl.js';
import type { GLMesh } from '../../gl/buffers.ts';
import type { GLTexture } from '../../gl/textures.ts';
import { bindRenderTarget, copyTargetRegion, type PixelRect, type RenderTarget } from '../../gl/targets.ts';
import { blendProgram, meshBlendProgram, type BlendVariant, type MockupGL, type QuadProgram } from './programs.ts';
import type { BlendCode } from '../../model/index.ts';
import type { CoverageSplit } from './coverage-split.ts';
import type { LayerMesh } from './layer-mesh.ts';

/** Where a tile sits in the output and how view px map to output px. */
export interface TileFrame {
  readonly outputWidth: number;
  readonly outputHeight: number;
  /** Output px per view px. */
  readonly scaleX: number;
  readonly scaleY: number;
  /** The tile, in output px. */
  readonly tile: PixelRect;
}

/** (scale, offset) taking view px straight to the tile's clip space. */
export function viewToClip(frame: TileFrame): [number, number, number, number] {
  const { tile } = frame;
  return [
    (2 * frame.scaleX) / tile.width,
    (2 * frame.scaleY) / tile.height,
    (-2 * tile.x) / tile.width - 1,
    (-2 * tile.y) / tile.height - 1,
  ];
}

/** A known state: the renderer may share its context, and passes assume these defaults. */
export function resetState(gl: WebGL2RenderingContext): void {
  gl.disable(gl.BLEND);
  gl.disable(gl.SCISSOR_TEST);
  gl.disable(gl.STENCIL_TEST);
  gl.disable(gl.DEPTH_TEST);
  gl.disable(gl.CULL_FACE);
  gl.colorMask(true, true, true, true);
  gl.stencilMask(0xff);
  gl.bindVertexArray(null);
  gl.useProgram(null);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
}

/** Draws `mesh` with `program`; `range`: only `count` indices from byte `offset`. */
function drawMesh(
  gl: WebGL2RenderingContext,
  program: ProgramInfo,
  mesh: GLMesh,
  uniforms: Record<string, unknown>,
  range?: { readonly count: number; readonly offset: number },
): void {
  gl.useProgram(program.program);
  setBuffersAndAttributes(gl, program, mesh.vao);
  setUniforms(program, uniforms);
  drawBufferInfo(gl, mesh.vao, gl.TRIANGLES, range?.count, range?.offset);
}

/** Draws quad program `q` over `rect` of the bound target (target px). */
function drawQuad(
  gl: WebGL2RenderingContext,
  q: QuadProgram,
  target: RenderTarget,
  frame: TileFrame,
  rect: PixelRect,
  uniforms: Record<string, unknown>,
): void {
  drawMesh(gl, q.info, q.quad, {
    u_rect: [rect.x, rect.y, rect.width, rect.height],
    u_targetSize: [target.width, target.height],
    u_outputMap: [frame.tile.x, frame.tile.y, 1 / frame.outputWidth, 1 / frame.outputHeight],
    ...uniforms,
  });
}

const fullRect = (t: RenderTarget): PixelRect => ({ x: 0, y: 0, width: t.width, height: t.height });

/**
 * Starts the composite: the product photo stretched over the output, tinted with the SKU colour
 * (rgb 0..1) unless `tint` is null. Without a photo the composite starts transparent.
 */
export function drawBase(
  gl: WebGL2RenderingContext,
  m: MockupGL,
  frame: TileFrame,
  target: RenderTarget,
  photo: GLTexture | null,
  tint: readonly [number, number, number] | null,
): void {
  bindRenderTarget(gl, target);
  gl.clearColor(0, 0, 0, 0);
  gl.clear(gl.COLOR_BUFFER_BIT);
  if (!photo) return;
  drawQuad(gl, m.tint, target, frame, fullRect(target), {
    u_photo: photo.texture,
    u_color: tint ?? [1, 1, 1],
    u_tint: tint ? 1 : 0,
  });
}

export interface LayerDraw {
  /** Warp mesh, uploaded (GpuCache.glMesh: shaders/mesh.vert.glsl layout). */
  readonly mesh: GLMesh;
  /** The same mesh on the CPU (with its skirt when drawn with edge coverage). */
  readonly warp: LayerMesh;
  readonly texture: GLTexture;
  /** 0..1, how strongly per-vertex shade darkens (cylinders). */
  readonly shadeStrength: number;
  /** Clip fills (fill program layout); the layer shows only inside all of them (nonzero rule). */
  readonly clips: readonly GLMesh[];
  /**
   * Edge antialiasing by coverage instead of multisampling: `mesh` carries its skirt
   * (mesh-outline.ts), `clips` is empty, and the drawn layer is scaled by this mask of the layer's
   * coverage within its clips (coverage-mask.ts), `rect` in output px.
   */
  readonly coverage?: { readonly texture: GLTexture; readonly rect: PixelRect };
  /** The mesh program variant `mesh` was laid out for and its own uniforms (resampling); default m.mesh. */
  readonly program?: { readonly info: ProgramInfo; readonly uniforms: Readonly<Record<string, unknown>> };
}

/**
 * Renders one layer (warped flat, clipped) into `target` within `rect` (tile px) and, when
 * `target` is multisampled, resolves it into `resolved`. Returns the texture holding the layer.
 * `withCoverage` false leaves out the edge coverage mask, for a caller whose blend applies it
 * (BlendCoverage `edgeCoverage`): one pass over the layer's rect fewer.
 *
 * Clips are applied after the mesh, one at a time: fill the path's winding into the stencil,
 * then erase the layer wherever the winding is zero. Intersections of any number of clips come
 * out right, and with MSAA each sample is tested, so clip edges are antialiased like mesh edges.
 */
export function drawLayer(
  gl: WebGL2RenderingContext,
  m: MockupGL,
  frame: TileFrame,
  layer: LayerDraw,
  target: RenderTarget,
  resolved: RenderTarget,
  rect: PixelRect,
  withCoverage = true,
): GLTexture {
  bindRenderTarget(gl, target);
  gl.enable(gl.SCISSOR_TEST);
  gl.scissor(rect.x, rect.y, rect.width, rect.height);
  gl.clearColor(0, 0, 0, 0);
  gl.clearStencil(0);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.STENCIL_BUFFER_BIT);

  const clip = viewToClip(frame);
  // Source-over, premultiplied: a warp that folds over itself shows the front fold on top.
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  drawMesh(gl, layer.program?.info ?? m.mesh, layer.mesh, {
    u_viewToClip: clip,
    u_texture: layer.texture.texture,
    u_shadeStrength: layer.shadeStrength,
    ...layer.program?.uniforms,
  });
  gl.disable(gl.BLEND);

  if (layer.clips.length > 0) {
    gl.enable(gl.STENCIL_TEST);
    for (const fill of layer.clips) {
      gl.clear(gl.STENCIL_BUFFER_BIT);
      // Winding count: front faces add, back faces subtract; nonzero = inside.
      gl.colorMask(false, false, false, false);
      gl.stencilFunc(gl.ALWAYS, 0, 0xff);
      gl.stencilOpSeparate(gl.FRONT, gl.KEEP, gl.KEEP, gl.INCR_WRAP);
      gl.stencilOpSeparate(gl.BACK, gl.KEEP, gl.KEEP, gl.DECR_WRAP);
      drawMesh(gl, m.fill, fill, { u_viewToClip: clip, u_color: [0, 0, 0, 0] });
      gl.colorMask(true, true, true, true);
      gl.stencilFunc(gl.EQUAL, 0, 0xff);
      gl.stencilOp(gl.KEEP, gl.KEEP, gl.KEEP);
      drawQuad(gl, m.erase, target, frame, rect, { u_color: [0, 0, 0, 0] });
    }
    gl.disable(gl.STENCIL_TEST);
  }
  if (layer.coverage && withCoverage) {
    const { texture, rect: maskRect } = layer.coverage;
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ZERO, gl.SRC_ALPHA);
    drawQuad(gl, m.coverage, target, frame, rect, {
      u_mask: texture.texture,
      u_maskRect: [maskRect.x, maskRect.y, maskRect.width, maskRect.height],
    });
    gl.disable(gl.BLEND);
  }
  gl.disable(gl.SCISSOR_TEST);

  if (target.texture) return target.texture;
  copyTargetRegion(gl, target, resolved, rect);
  if (!resolved.texture) throw new Error('layer resolve target has no texture');
  return resolved.texture;
}

/**
 * A layer buffer blurred (Gaussian, `sigma` target px) within `rect`: across into `across`, then
 * down into `out`. Returns the texture holding the result.
 */
export function blurLayer(
  gl: WebGL2RenderingContext,
  m: MockupGL,
  frame: TileFrame,
  src: GLTexture,
  across: RenderTarget,
  out: RenderTarget,
  rect: PixelRect,
  sigma: number,
): GLTexture {
  const srcRect = [rect.x, rect.y, rect.width, rect.height];
  for (const [from, to, dir] of [
    [src, across, [1, 0]],
    [across.texture, out, [0, 1]],
  ] as const) {
    if (!from) throw new Error('blur target needs a texture');
    bindRenderTarget(gl, to);
    drawQuad(gl, m.blur, to, frame, rect, { u_src: from.texture, u_dir: dir, u_sigma: sigma, u_srcRect: srcRect });
  }
  if (!out.texture) throw new Error('blur target needs a texture');
  return out.texture;
}

export interface BlendMaps {
  readonly shading: GLTexture | null;
  readonly highlight: GLTexture | null;
  /** The view's displacement map (spanning the output) and its shift at 0 and 255 in output px. */
  readonly displacement?: { readonly texture: GLTexture; readonly scaleX: number; readonly scaleY: number } | null;
  /** The untinted photo and the level range (0..1) its luminance is read through (model `photoLighting`). */
  readonly photoLight?: { readonly texture: GLTexture; readonly black: number; readonly white: number } | null;
}

/** What a layer brings beyond its pixels: where it shows (mask, clipping base) and its colours' table. */
export interface BlendCoverage {
  /** A raster mask spanning the output (red channel). */
  readonly mask: GLTexture | null;
  /** The clipping base's layer buffer (tile layout): the layer shows where the base does. */
  readonly clipBase: GLTexture | null;
  /** A 3D colour table the layer's colours go through (layout: model `colorLutUrl`). */
  readonly colorLut?: GLTexture | null;
  /**
   * The layer's edge coverage mask (LayerDraw `coverage`) when `drawLayer` left it out: the
   * blend applies it instead of a pass of its own over the layer's rect.
   */
  readonly edgeCoverage?: { readonly texture: GLTexture; readonly rect: PixelRect } | null;
}

const NO_COVERAGE: BlendCoverage = { mask: null, clipBase: null };

/**
 * Composites `src` onto `comp` within `rect` (tile px) with blend code `mode` and `opacity`.
 * `srcIsTile`: src has the tile's layout (a layer buffer); otherwise it spans the whole output
 * (a part image). The backdrop region is first copied to `backdrop`, which the shader reads.
 */
export function blendOnto(
  gl: WebGL2RenderingContext,
  m: MockupGL,
  frame: TileFrame,
  comp: RenderTarget,
  backdrop: RenderTarget,
  src: GLTexture,
  srcIsTile: boolean,
  rect: PixelRect,
  mode: BlendCode,
  opacity: number,
  maps: BlendMaps,
  coverage: BlendCoverage = NO_COVERAGE,
): void {
  const backdropTexture = copyBackdrop(gl, comp, backdrop, rect);
  const program = blendProgram(gl, m, blendVariant(mode, srcIsTile, maps, coverage));
  drawQuad(gl, program, comp, frame, rect, {
    u_src: src.texture,
    ...blendUniforms(backdropTexture, rect, srcIsTile, opacity, maps, coverage),
  });
}

/**
 * Blends a layer onto `comp` within `rect` (tile px) as `drawLayer` then `blendOnto` do, drawn by
 * the layer's warp mesh instead of a quad over the rect, so only the pixels the layer can cover are
 * blended, and without a layer buffer: the blend runs as the mesh's fragment shader sampling the
 * flat, one pass over the rect instead of a buffer clear, the warp and the blend, with the same
 * pixels (shaders/blend.frag.glsl, SRC_FROM_MESH). Needs the layer's edge coverage (the mesh
 * carries its skirt), the texture unit's own sampling, no displacement and a mesh that never
 * covers a pixel twice (`GpuCache.meshOverlapsItself`). `split` is the mesh sorted by its coverage
 * mask (coverage-split.ts): fully covered triangles are drawn without reading the mask, uncovered
 * ones not at all; `mesh` is `split.mesh` uploaded.
 */
export function blendMeshOnto(
  gl: WebGL2RenderingContext,
  m: MockupGL,
  frame: TileFrame,
  comp: RenderTarget,
  backdrop: RenderTarget,
  draw: LayerDraw,
  split: CoverageSplit,
  mesh: GLMesh,
  rect: PixelRect,
  mode: BlendCode,
  opacity: number,
  maps: BlendMaps,
  coverage: BlendCoverage & { readonly edgeCoverage: NonNullable<BlendCoverage['edgeCoverage']> },
): void {
  if (maps.displacement) throw new Error('a displaced layer is blended by a quad over its rect');
  const backdropTexture = copyBackdrop(gl, comp, backdrop, rect);
  gl.enable(gl.SCISSOR_TEST);
  gl.scissor(rect.x, rect.y, rect.width, rect.height);
  const parts = [
    { first: 0, count: split.covered, edges: null },
    { first: split.covered, count: split.partial, edges: coverage.edgeCoverage },
  ];
  for (const { first, count, edges } of parts) {
    if (count === 0) continue;
    const withEdges = { ...coverage, edgeCoverage: edges };
    const program = meshBlendProgram(gl, m, blendVariant(mode, true, maps, withEdges));
    const uniforms = {
      u_viewToClip: viewToClip(frame),
      u_outputMap: [frame.tile.x, frame.tile.y, 1 / frame.outputWidth, 1 / frame.outputHeight],
      u_texture: draw.texture.texture,
      u_shadeStrength: draw.shadeStrength,
      ...blendUniforms(backdropTexture, rect, true, opacity, maps, withEdges),
    };
    // Uint32 indices, three a triangle.
    drawMesh(gl, program, mesh, uniforms, { count: 3 * count, offset: 12 * first });
  }
  gl.disable(gl.SCISSOR_TEST);
}

/** The composite within `rect` copied to `backdrop` (a blend cannot read the target it writes). */
function copyBackdrop(gl: WebGL2RenderingContext, comp: RenderTarget, backdrop: RenderTarget, rect: PixelRect): GLTexture {
  if (!backdrop.texture) throw new Error('backdrop target needs a texture');
  copyTargetRegion(gl, comp, backdrop, rect);
  bindRenderTarget(gl, comp);
  return backdrop.texture;
}

function blendVariant(mode: BlendCode, srcIsTile: boolean, maps: BlendMaps, coverage: BlendCoverage): BlendVariant {
  return {
    mode,
    srcIsTile,
    shading: maps.shading !== null,
    highlight: maps.highlight !== null,
    mask: coverage.mask !== null,
    clipBase: coverage.clipBase !== null,
    colorLut: !!coverage.colorLut,
    // Only layer buffers move: part images and the photo stay where they are.
    displacement: srcIsTile && !!maps.displacement,
    photoLight: !!maps.photoLight,
    edgeCoverage: srcIsTile && !!coverage.edgeCoverage,
  };
}

/** The blend program's uniforms besides its source and where it draws. */
function blendUniforms(
  backdrop: GLTexture,
  rect: PixelRect,
  srcIsTile: boolean,
  opacity: number,
  maps: BlendMaps,
  coverage: BlendCoverage,
): Record<string, unknown> {
  const edges = srcIsTile ? coverage.edgeCoverage : null;
  return {
    u_backdrop: backdrop.texture,
    u_opacity: opacity,
    u_shading: maps.shading?.texture,
    u_highlight: maps.highlight?.texture,
    u_mask: coverage.mask?.texture,
    u_clipBase: coverage.clipBase?.texture,
    u_colorLut: coverage.colorLut?.texture,
    ...(edges
      ? { u_edgeCoverage: edges.texture.texture, u_edgeCoverageRect: [edges.rect.x, edges.rect.y, edges.rect.width, edges.rect.height] }
      : {}),
    ...(srcIsTile && maps.displacement
      ? {
          u_displacement: maps.displacement.texture.texture,
          u_displaceScale: [maps.displacement.scaleX, maps.displacement.scaleY],
          u_srcRect: [rect.x, rect.y, rect.width, rect.height],
        }
      : {}),
    ...(maps.photoLight ? { u_photo: maps.photoLight.texture.texture, u_photoLevels: [maps.photoLight.black, maps.photoLight.white] } : {}),
  };
}

/**
 * Keeps a clipping base's shape for the layers clipped to it: its layer buffer (held by `from`)
 * within `rect`, times its raster mask when it has one, since the base shows only through its
 * mask and so do they. `scratch` is a free tile-sized target the masked copy passes through.
 */
export function keepClipShape(
  gl: WebGL2RenderingContext,
  m: MockupGL,
  frame: TileFrame,
  from: RenderTarget,
  to: RenderTarget,
  scratch: RenderTarget,
  rect: PixelRect,
  mask: GLTexture | null,
): void {
  if (!mask) {
    copyTargetRegion(gl, from, to, rect);
    return;
  }
  if (!from.texture) throw new Error('clipping base needs a texture');
  bindRenderTarget(gl, to);
  gl.enable(gl.SCISSOR_TEST);
  gl.scissor(rect.x, rect.y, rect.width, rect.height);
  gl.clearColor(0, 0, 0, 0);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.disable(gl.SCISSOR_TEST);
  blendOnto(gl, m, frame, to, scratch, from.texture, true, rect, 7, 1, { shading: null, highlight: null }, { mask, clipBase: null });
}

/**
 * Copies `source` (tile layout) into `out`, flattened over `background` (premultiplied rgba
 * 0..1; transparent keeps alpha) and optionally unpremultiplied for ImageData readback.
 */
export function finishTile(
  gl: WebGL2RenderingContext,
  m: MockupGL,
  frame: TileFrame,
  source: GLTexture,
  out: RenderTarget,
  background: readonly [number, number, number, number],
  unpremultiply: boolean,
): void {
  bindRenderTarget(gl, out);
  drawQuad(gl, m.copy, out, frame, fullRect(out), {
    u_source: source.texture,
    u_background: background,
    u_unpremultiply: unpremultiply ? 1 : 0,
  });
}
