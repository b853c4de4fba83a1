/** engine/gl helpers: context, premultiplied uploads, targets and their pool, readback. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  CONTEXT_ATTRIBUTES,
  SourceCache,
  TargetPool,
  createGLContext,
  createMesh,
  createProgram,
  deleteMesh,
  createRenderTarget,
  deleteRenderTarget,
  fitToTextureLimit,
  glLimits,
  maxTextureSize,
  readImageData,
  readPixels,
  sourceSize,
  uploadTexture,
  type RenderTarget,
} from '../../../engine/gl/index.ts';
import { bitmap, canvas } from './helpers.ts';

let gl: WebGL2RenderingContext;

beforeAll(() => {
  gl = createGLContext(new OffscreenCanvas(4, 4));
});

afterAll(() => {
  gl.getExtension('WEBGL_lose_context')?.loseContext();
});

/** Reads a texture's texel (0, 0) by attaching it to a framebuffer. */
function texel(texture: WebGLTexture): number[] {
  const fb = gl.createFramebuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
  const out = new Uint8Array(4);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.deleteFramebuffer(fb);
  return [...out];
}

const halfRed = () =>
  canvas(2, 2, (ctx) => {
    ctx.fillStyle = 'rgba(255,0,0,0.5)';
    ctx.fillRect(0, 0, 2, 2);
  });

test('the context has the attributes the engine relies on', () => {
  const attrs = gl.getContextAttributes();
  expect(attrs?.premultipliedAlpha).toBe(true);
  expect(attrs?.preserveDrawingBuffer).toBe(true);
  expect(attrs?.antialias).toBe(false);
  expect(CONTEXT_ATTRIBUTES.premultipliedAlpha).toBe(true);
});

test('limits: MAX_TEXTURE_SIZE and a target size within every limit', () => {
  const l = glLimits(gl);
  expect(maxTextureSize(gl)).toBe(l.maxTextureSize);
  expect(l.maxTextureSize).toBeGreaterThanOrEqual(2048);
  expect(l.maxTargetSize).toBeLessThanOrEqual(Math.min(l.maxTextureSize, l.maxRenderbufferSize));
  expect(l.maxSamples).toBeGreaterThanOrEqual(0);
});

test('uploads are premultiplied for canvases, ImageData and premultiplied bitmaps', async () => {
  const c = halfRed();
  const ctx = c.getContext('2d');
  const data = ctx?.getImageData(0, 0, 2, 2) as ImageData;
  const sources: [string, TexImageSource][] = [
    ['canvas', c],
    ['ImageData', data],
    ['bitmap', await bitmap(c)],
  ];
  for (const [name, source] of sources) {
    const t = uploadTexture(gl, source);
    expect(texel(t.texture), name).toEqual([128, 0, 0, 128]);
    expect([t.width, t.height]).toEqual([2, 2]);
    gl.deleteTexture(t.texture);
  }
});

test('uploads can build mipmaps and refuse sources past the texture limit', () => {
  const t = uploadTexture(gl, halfRed(), { mipmaps: true });
  expect(t.mipmapped).toBe(true);
  gl.deleteTexture(t.texture);
  const fake = { width: maxTextureSize(gl) + 1, height: 1 } as unknown as TexImageSource;
  expect(() => uploadTexture(gl, fake)).toThrow('MAX_TEXTURE_SIZE');
});

test('fitToTextureLimit scales oversized sources down, keeping aspect', async () => {
  const big = canvas(300, 150, () => undefined);
  const fitted = await fitToTextureLimit(big, 100);
  expect(sourceSize(fitted)).toEqual({ width: 100, height: 50 });
  const small = canvas(50, 50, () => undefined);
  expect(await fitToTextureLimit(small, 100)).toBe(small);
});

test('render targets: clear and read back in image row order, straight or premultiplied', () => {
  const t = createRenderTarget(gl, { width: 3, height: 2 });
  gl.bindFramebuffer(gl.FRAMEBUFFER, t.framebuffer);
  gl.clearColor(0.5, 0, 0, 0.5);
  gl.clear(gl.COLOR_BUFFER_BIT);
  // Row 0 (the top image row, by the engine's convention) made opaque blue with a scissored clear.
  gl.enable(gl.SCISSOR_TEST);
  gl.scissor(0, 0, 3, 1);
  gl.clearColor(0, 0, 1, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.disable(gl.SCISSOR_TEST);
  const raw = readPixels(gl, t);
  expect([...raw.slice(0, 4)]).toEqual([0, 0, 255, 255]);
  expect([...raw.slice(12, 16)]).toEqual([128, 0, 0, 128]);
  const straight = readImageData(gl, t, { x: 0, y: 1, width: 1, height: 1 }, { unpremultiply: true });
  expect([...straight.data]).toEqual([255, 0, 0, 128]);
  deleteRenderTarget(gl, t);
});

test('multisampled stencil targets are complete and cannot be read directly', () => {
  const samples = Math.min(4, glLimits(gl).maxSamples);
  const t = createRenderTarget(gl, { width: 8, height: 8, samples, stencil: true });
  expect(t.texture).toBeNull();
  expect(() => readPixels(gl, t)).toThrow('resolve');
  deleteRenderTarget(gl, t);
});

test('the pool reuses targets by size and evicts free ones past its budget', () => {
  const pool = new TargetPool(gl, 16 * 16 * 4 * 2);
  const a = pool.acquire({ width: 16, height: 16 });
  pool.release(a);
  const b = pool.acquire({ width: 16, height: 16 });
  expect(b).toBe(a);
  const c = pool.acquire({ width: 16, height: 16 });
  expect(c).not.toBe(a);
  const d = pool.acquire({ width: 8, height: 8 });
  for (const t of [b, c, d]) pool.release(t);
  // Budget is two 16x16 targets: the oldest free one was deleted.
  expect(pool.stats.freeBytes).toBeLessThanOrEqual(16 * 16 * 4 * 2);
  expect(gl.isFramebuffer(a.framebuffer)).toBe(false);
  pool.dispose();
  expect(pool.stats).toEqual({ free: 0, inUse: 0, freeBytes: 0 });
  for (const t of [c, d] as RenderTarget[]) expect(gl.isFramebuffer(t.framebuffer)).toBe(false);
});

test('SourceCache evicts least recently used and replace keeps the resource', () => {
  const freed: string[] = [];
  const cache = new SourceCache<object, string>(2, (v) => freed.push(v));
  const k1 = {};
  const k2 = {};
  const k3 = {};
  cache.set(k1, 'one', 1);
  cache.set(k2, 'two', 1);
  cache.get(k1);
  cache.set(k3, 'three', 1);
  expect(freed).toEqual(['two']);
  expect(cache.replace(k1, 'one+', 1)).toBe(true);
  expect(freed).toEqual(['two']);
  cache.clear();
  expect(freed.sort()).toEqual(['one+', 'three', 'two']);
});

test('SourceCache prunes the entries whose keys are gone, and only those', () => {
  const freed: string[] = [];
  const cache = new SourceCache<{ closed: boolean }, string>(10, (v) => freed.push(v));
  const open = { closed: false };
  const closed = { closed: true };
  cache.set(open, 'open', 3);
  cache.set(closed, 'closed', 3);
  cache.prune((k) => k.closed);
  expect(freed).toEqual(['closed']);
  expect(cache.size).toBe(1);
  expect(cache.get(open)).toBe('open');
  // The freed bytes count again: two more entries of 3 fit under 10 without evicting `open`.
  cache.set({ closed: false }, 'a', 3);
  cache.set({ closed: false }, 'b', 3);
  expect(freed).toEqual(['closed']);
});

test('creating a mesh never rebinds the indices of a mesh whose VAO is bound', () => {
  const program = createProgram(
    gl,
    '#version 300 es\nin vec2 a_p; void main() { gl_Position = vec4(a_p, 0.0, 1.0); }',
    '#version 300 es\nprecision highp float; out vec4 o; void main() { o = vec4(1.0); }',
    'test',
  );
  const a = createMesh(gl, program, {
    a_p: { numComponents: 2, data: new Float32Array(8) },
    indices: { numComponents: 3, data: new Uint32Array([0, 1, 2, 0, 2, 3]) },
  });
  gl.bindVertexArray(a.vao.vertexArrayObject ?? null);
  const before = gl.getParameter(gl.ELEMENT_ARRAY_BUFFER_BINDING) as WebGLBuffer;
  const b = createMesh(gl, program, {
    a_p: { numComponents: 2, data: new Float32Array(6) },
    indices: { numComponents: 3, data: new Uint16Array([0, 1, 2]) },
  });
  gl.bindVertexArray(a.vao.vertexArrayObject ?? null);
  expect(gl.getParameter(gl.ELEMENT_ARRAY_BUFFER_BINDING)).toBe(before);
  gl.bindVertexArray(null);
  deleteMesh(gl, a);
  deleteMesh(gl, b);
  gl.deleteProgram(program.program);
});
