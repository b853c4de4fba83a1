/**
 * Render targets (framebuffers) and a pool that reuses them by size. The mockup passes need a
 * handful of tile-sized targets per render; allocating and freeing them each time costs more
 * than the draws on a software rasteriser, so they are kept between renders.
 *
 * Convention used by every pass: row 0 of a target is the TOP row of the image. Projections
 * map image y = 0 to clip y = -1, so readPixels returns rows in image order and no flip is ever
 * needed (textures uploaded from images already have their top row first).
 */
import { createEmptyTexture, type GLTexture } from './textures.ts';

export interface TargetSpec {
  readonly width: number;
  readonly height: number;
  /** Attach an 8-bit stencil buffer (clip paths). */
  readonly stencil?: boolean;
  /**
   * MSAA sample count; > 0 makes a multisampled target with renderbuffer storage that must be
   * resolved (`resolveTarget`) into a texture target before sampling.
   */
  readonly samples?: number;
}

export interface RenderTarget {
  readonly framebuffer: WebGLFramebuffer;
  readonly width: number;
  readonly height: number;
  /** The colour texture; null for multisampled targets (renderbuffer storage). */
  readonly texture: GLTexture | null;
  readonly samples: number;
  readonly stencil: boolean;
  readonly renderbuffers: readonly WebGLRenderbuffer[];
}

function renderbuffer(gl: WebGL2RenderingContext, samples: number, format: number, width: number, height: number): WebGLRenderbuffer {
  const rb = gl.createRenderbuffer();
  if (!rb) throw new Error('createRenderbuffer failed');
  gl.bindRenderbuffer(gl.RENDERBUFFER, rb);
  if (samples > 0) gl.renderbufferStorageMultisample(gl.RENDERBUFFER, samples, format, width, height);
  else gl.renderbufferStorage(gl.RENDERBUFFER, format, width, height);
  gl.bindRenderbuffer(gl.RENDERBUFFER, null);
  return rb;
}

export function createRenderTarget(gl: WebGL2RenderingContext, spec: TargetSpec): RenderTarget {
  const { width, height } = spec;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new Error(`render target size must be positive integers, got ${width}x${height}`);
  }
  const samples = Math.max(0, Math.floor(spec.samples ?? 0));
  const stencil = spec.stencil === true;
  const framebuffer = gl.createFramebuffer();
  if (!framebuffer) throw new Error('createFramebuffer failed');
  gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
  const renderbuffers: WebGLRenderbuffer[] = [];
  let texture: GLTexture | null = null;
  if (samples > 0) {
    const color = renderbuffer(gl, samples, gl.RGBA8, width, height);
    renderbuffers.push(color);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, color);
  } else {
    texture = createEmptyTexture(gl, width, height);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture.texture, 0);
  }
  if (stencil) {
    // DEPTH24_STENCIL8 is the stencil format every WebGL2 implementation must render to.
    const ds = renderbuffer(gl, samples, gl.DEPTH24_STENCIL8, width, height);
    renderbuffers.push(ds);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_STENCIL_ATTACHMENT, gl.RENDERBUFFER, ds);
  }
  const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  const target: RenderTarget = { framebuffer, width, height, texture, samples, stencil, renderbuffers };
  if (status !== gl.FRAMEBUFFER_COMPLETE) {
    deleteRenderTarget(gl, target);
    throw new Error(`framebuffer incomplete (0x${status.toString(16)}) for ${width}x${height} samples=${samples}`);
  }
  return target;
}

export function deleteRenderTarget(gl: WebGL2RenderingContext, target: RenderTarget): void {
  gl.deleteFramebuffer(target.framebuffer);
  for (const rb of target.renderbuffers) gl.deleteRenderbuffer(rb);
  if (target.texture) gl.deleteTexture(target.texture.texture);
}

/** Binds the target for drawing with a full-size viewport. */
export function bindRenderTarget(gl: WebGL2RenderingContext, target: RenderTarget): void {
  gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
  gl.viewport(0, 0, target.width, target.height);
}

export interface PixelRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Copies a region from one target to another at the same coordinates: resolves MSAA samples, or
 * snapshots a backdrop. Single-sample copies into a texture use copyTexSubImage2D, which
 * SwiftShader runs as a memory copy (0.6 ms for 800x800) where blitFramebuffer takes a generic
 * per-pixel path (8.5 ms); resolving multisampled targets needs blitFramebuffer. Neither is
 * clipped by the scissor test here (blits would be, so it is switched off).
 */
export function copyTargetRegion(gl: WebGL2RenderingContext, from: RenderTarget, to: RenderTarget, rect: PixelRect): void {
  if (rect.width <= 0 || rect.height <= 0) return;
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, from.framebuffer);
  if (from.samples === 0 && to.texture) {
    gl.bindTexture(gl.TEXTURE_2D, to.texture.texture);
    gl.copyTexSubImage2D(gl.TEXTURE_2D, 0, rect.x, rect.y, rect.x, rect.y, rect.width, rect.height);
    gl.bindTexture(gl.TEXTURE_2D, null);
  } else {
    const x1 = rect.x + rect.width;
    const y1 = rect.y + rect.height;
    gl.disable(gl.SCISSOR_TEST);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, to.framebuffer);
    gl.blitFramebuffer(rect.x, rect.y, x1, y1, rect.x, rect.y, x1, y1, gl.COLOR_BUFFER_BIT, gl.NEAREST);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
  }
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
}

function bytesOf(target: RenderTarget): number {
  const perPixel = 4 * Math.max(1, target.samples) * (target.stencil ? 2 : 1);
  return target.width * target.height * perPixel;
}

const keyOf = (spec: TargetSpec): string =>
  `${spec.width}x${spec.height}:s${Math.max(0, Math.floor(spec.samples ?? 0))}:${spec.stencil === true ? 'st' : '-'}`;

/**
 * Reuses targets by exact size and kind. Targets are either in use (handed out by `acquire`)
 * or free; free ones beyond `maxFreeBytes` are deleted oldest first, so a session that
 * switches output sizes does not keep every size alive.
 */
export class TargetPool {
  private readonly free = new Map<string, RenderTarget[]>();
  /** Free targets in release order, oldest first, for eviction. */
  private readonly freeOrder: RenderTarget[] = [];
  private readonly inUse = new Set<RenderTarget>();
  private freeBytes = 0;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly maxFreeBytes = 256 * 1024 * 1024,
  ) {}

  acquire(spec: TargetSpec): RenderTarget {
    const list = this.free.get(keyOf(spec));
    const target = list?.pop() ?? createRenderTarget(this.gl, spec);
    const at = this.freeOrder.indexOf(target);
    if (at >= 0) {
      this.freeOrder.splice(at, 1);
      this.freeBytes -= bytesOf(target);
    }
    this.inUse.add(target);
    return target;
  }

  release(target: RenderTarget): void {
    if (!this.inUse.delete(target)) return;
    const key = keyOf({ width: target.width, height: target.height, samples: target.samples, stencil: target.stencil });
    const list = this.free.get(key) ?? [];
    list.push(target);
    this.free.set(key, list);
    this.freeOrder.push(target);
    this.freeBytes += bytesOf(target);
    while (this.freeBytes > this.maxFreeBytes) {
      const oldest = this.freeOrder.shift();
      if (!oldest) break;
      this.freeBytes -= bytesOf(oldest);
      const k = keyOf({ width: oldest.width, height: oldest.height, samples: oldest.samples, stencil: oldest.stencil });
      const l = this.free.get(k);
      if (l) l.splice(l.indexOf(oldest), 1);
      deleteRenderTarget(this.gl, oldest);
    }
  }

  /** Deletes the free targets (in-use ones stay valid until released, then are kept). */
  trim(): void {
    for (const t of this.freeOrder) deleteRenderTarget(this.gl, t);
    this.freeOrder.length = 0;
    this.free.clear();
    this.freeBytes = 0;
  }

  /** Deletes every target, in use or not. The pool can still be used afterwards. */
  dispose(): void {
    this.trim();
    for (const t of this.inUse) deleteRenderTarget(this.gl, t);
    this.inUse.clear();
  }

  get stats(): { free: number; inUse: number; freeBytes: number } {
    return { free: this.freeOrder.length, inUse: this.inUse.size, freeBytes: this.freeBytes };
  }
}
