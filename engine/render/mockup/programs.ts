/** The mockup pipeline's shader programs, compiled once per context, and their quad meshes. */
import type { ProgramInfo } from 'twgl.js';
import { createMesh, deleteMesh, type GLMesh } from '../../gl/buffers.ts';
import { createProgram, deleteProgram } from '../../gl/programs.ts';
import { COLOR_LUT_SIZE, type BlendCode } from '../../model/index.ts';
import type { Resampling } from './resampling.ts';
import quadVert from '../../../shaders/quad.vert.glsl?raw';
import meshVert from '../../../shaders/mesh.vert.glsl?raw';
import meshFrag from '../../../shaders/mesh.frag.glsl?raw';
import solidVert from '../../../shaders/solid.vert.glsl?raw';
import solidFrag from '../../../shaders/solid.frag.glsl?raw';
import tintFrag from '../../../shaders/tint.frag.glsl?raw';
import blendFrag from '../../../shaders/blend.frag.glsl?raw';
import copyFrag from '../../../shaders/copy.frag.glsl?raw';
import blurFrag from '../../../shaders/blur.frag.glsl?raw';
import coverageFrag from '../../../shaders/coverage.frag.glsl?raw';

/** A program drawn as a rectangle of the target (quad.vert), with its unit-square mesh. */
export interface QuadProgram {
  readonly info: ProgramInfo;
  readonly quad: GLMesh;
}

/** Which compile-time variant of blend.frag.glsl to use (see the macros documented there). */
export interface BlendVariant {
  readonly mode: BlendCode;
  readonly srcIsTile: boolean;
  readonly shading: boolean;
  readonly highlight: boolean;
  readonly mask: boolean;
  readonly clipBase: boolean;
  readonly colorLut: boolean;
  readonly displacement: boolean;
  readonly photoLight: boolean;
  /** The source is scaled by its layer's edge coverage mask here instead of in a pass of its own. */
  readonly edgeCoverage: boolean;
}

export interface MockupGL {
  /** Textured warp meshes, sampled by the texture unit (bilinear, trilinear when mipmapped). */
  readonly mesh: ProgramInfo;
  /** How this renderer resamples flats through warp meshes ('bicubic': the CUBIC mesh variant). */
  readonly resampling: Resampling;
  /** The CUBIC variant of the mesh program, compiled on first use. */
  cubicMesh: ProgramInfo | null;
  /** Untextured triangles in view px (clip-path stencil fills). */
  readonly fill: ProgramInfo;
  readonly tint: QuadProgram;
  readonly copy: QuadProgram;
  readonly erase: QuadProgram;
  /** One direction of a layer's Gaussian blur. */
  readonly blur: QuadProgram;
  /** A layer buffer scaled by its coverage mask (coverage-mask.ts). */
  readonly coverage: QuadProgram;
  /** Blend variants, compiled on first use. */
  readonly blends: Map<string, QuadProgram>;
  /** Blend variants drawn by the warp mesh from the flat (SRC_FROM_MESH), compiled on first use. */
  readonly meshBlends: Map<string, ProgramInfo>;
}

const UNIT_QUAD = {
  a_unit: { numComponents: 2, data: new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]) },
  indices: { numComponents: 3, data: new Uint16Array([0, 1, 2, 0, 2, 3]) },
};

function quadProgram(gl: WebGL2RenderingContext, frag: string, label: string): QuadProgram {
  const info = createProgram(gl, quadVert, frag, label);
  return { info, quad: createMesh(gl, info, UNIT_QUAD) };
}

/** GLSL requires #version on the first line, so macros go right after it. */
export function withDefines(source: string, defines: Readonly<Record<string, number>>): string {
  const lines = Object.entries(defines).map(([k, v]) => `#define ${k} ${v}`);
  const newline = source.indexOf('\n');
  if (!source.startsWith('#version') || newline < 0) throw new Error('shader source must start with #version');
  return `${source.slice(0, newline + 1)}${lines.join('\n')}\n${source.slice(newline + 1)}`;
}

export function createMockupGL(gl: WebGL2RenderingContext, options: { resampling?: Resampling } = {}): MockupGL {
  return {
    mesh: createProgram(gl, meshVert, meshFrag, 'mesh'),
    resampling: options.resampling ?? 'bilinear',
    cubicMesh: null,
    fill: createProgram(gl, solidVert, solidFrag, 'fill'),
    tint: quadProgram(gl, tintFrag, 'tint'),
    copy: quadProgram(gl, copyFrag, 'copy'),
    erase: quadProgram(gl, solidFrag, 'erase'),
    blur: quadProgram(gl, blurFrag, 'blur'),
    coverage: quadProgram(gl, coverageFrag, 'coverage'),
    blends: new Map(),
    meshBlends: new Map(),
  };
}

/** The mesh program sampling with the Keys cubic of shaders/mesh.frag.glsl (uniforms u_cubicKernel, u_maxLod). */
export function cubicMeshProgram(gl: WebGL2RenderingContext, m: MockupGL): ProgramInfo {
  m.cubicMesh ??= createProgram(gl, meshVert, withDefines(meshFrag, { CUBIC: 1 }), 'mesh cubic');
  return m.cubicMesh;
}

function blendKey(v: BlendVariant): string {
  return `${v.mode}:${+v.srcIsTile}${+v.shading}${+v.highlight}${+v.mask}${+v.clipBase}${+v.colorLut}${+v.displacement}${+v.photoLight}${+v.edgeCoverage}`;
}

/** `byMesh`: drawn by the layer's warp mesh sampling its flat, instead of by a quad over the rect. */
function blendSource(v: BlendVariant, byMesh: boolean): string {
  return withDefines(blendFrag, {
    MODE: v.mode,
    SRC_IS_TILE: +v.srcIsTile,
    HAS_SHADING: +v.shading,
    HAS_HIGHLIGHT: +v.highlight,
    HAS_MASK: +v.mask,
    HAS_CLIP_BASE: +v.clipBase,
    HAS_COLOR_LUT: +v.colorLut,
    HAS_DISPLACEMENT: +v.displacement,
    HAS_PHOTO_LIGHT: +v.photoLight,
    HAS_EDGE_COVERAGE: +v.edgeCoverage,
    SRC_FROM_MESH: +byMesh,
    COLOR_LUT_SIZE,
  });
}

export function blendProgram(gl: WebGL2RenderingContext, m: MockupGL, v: BlendVariant): QuadProgram {
  const key = blendKey(v);
  let p = m.blends.get(key);
  if (!p) {
    p = quadProgram(gl, blendSource(v, false), `blend ${key}`);
    m.blends.set(key, p);
  }
  return p;
}

/**
 * The blend variant `v` drawn by the warp mesh (vertex shader mesh.vert.glsl), blending only
 * where the layer lands, sampling the flat itself (no layer buffer). `v` must read a tile-layout
 * source and not displace it.
 */
export function meshBlendProgram(gl: WebGL2RenderingContext, m: MockupGL, v: BlendVariant): ProgramInfo {
  const key = blendKey(v);
  let p = m.meshBlends.get(key);
  if (!p) {
    p = createProgram(gl, meshVert, blendSource(v, true), `mesh blend ${key}`);
    m.meshBlends.set(key, p);
  }
  return p;
}

export function deleteMockupGL(gl: WebGL2RenderingContext, m: MockupGL): void {
  deleteProgram(gl, m.mesh);
  if (m.cubicMesh) deleteProgram(gl, m.cubicMesh);
  m.cubicMesh = null;
  deleteProgram(gl, m.fill);
  for (const q of [m.tint, m.copy, m.erase, m.blur, m.coverage, ...m.blends.values()]) {
    deleteMesh(gl, q.quad);
    deleteProgram(gl, q.info);
  }
  m.blends.clear();
  for (const p of m.meshBlends.values()) deleteProgram(gl, p);
  m.meshBlends.clear();
}
