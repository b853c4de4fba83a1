/**
 * WebGL2 context creation and limits. The engine runs in workers on OffscreenCanvas and on the
 * main thread, so nothing here touches the DOM.
 */

/**
 * premultipliedAlpha: every texture and target in the engine holds premultiplied colour, so the
 * canvas does too. preserveDrawingBuffer: a transferred OffscreenCanvas needs it before
 * convertToBlob (STACK.md). antialias off: the default framebuffer is never drawn into by the
 * mockup passes (they use their own multisampled targets), so its MSAA would only cost memory.
 */
export const CONTEXT_ATTRIBUTES: Readonly<WebGLContextAttributes> = {
  alpha: true,
  premultipliedAlpha: true,
  preserveDrawingBuffer: true,
  antialias: false,
  depth: false,
  stencil: false,
  powerPreference: 'high-performance',
};

export type GLCanvas = OffscreenCanvas | HTMLCanvasElement;

/** Creates a WebGL2 context on `canvas` (a fresh 1x1 OffscreenCanvas when none is given). */
export function createGLContext(
  canvas: GLCanvas = new OffscreenCanvas(1, 1),
  attributes: WebGLContextAttributes = {},
): WebGL2RenderingContext {
  // The overloads of getContext differ between the two canvas types; the cast picks the common one.
  const gl = (canvas as OffscreenCanvas).getContext('webgl2', { ...CONTEXT_ATTRIBUTES, ...attributes });
  if (!gl) throw new Error('WebGL2 is not available (getContext("webgl2") returned null)');
  return gl;
}

export interface GLLimits {
  readonly maxTextureSize: number;
  readonly maxRenderbufferSize: number;
  /** Largest viewport width and height. */
  readonly maxViewportWidth: number;
  readonly maxViewportHeight: number;
  /** Largest MSAA sample count for RGBA8 renderbuffers (0 when multisampling is unsupported). */
  readonly maxSamples: number;
  /** Largest square a render target can be: the smallest of the texture, renderbuffer and viewport limits. */
  readonly maxTargetSize: number;
}

const limitsCache = new WeakMap<WebGL2RenderingContext, GLLimits>();

/** Queried once per context: getParameter is a synchronous round trip to the GPU process. */
export function glLimits(gl: WebGL2RenderingContext): GLLimits {
  const cached = limitsCache.get(gl);
  if (cached) return cached;
  const maxTextureSize = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  const maxRenderbufferSize = gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number;
  const viewport = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array;
  const maxViewportWidth = viewport[0] ?? maxTextureSize;
  const maxViewportHeight = viewport[1] ?? maxTextureSize;
  const maxSamples = gl.getParameter(gl.MAX_SAMPLES) as number;
  const limits: GLLimits = {
    maxTextureSize,
    maxRenderbufferSize,
    maxViewportWidth,
    maxViewportHeight,
    maxSamples,
    maxTargetSize: Math.min(maxTextureSize, maxRenderbufferSize, maxViewportWidth, maxViewportHeight),
  };
  limitsCache.set(gl, limits);
  return limits;
}

export function maxTextureSize(gl: WebGL2RenderingContext): number {
  return glLimits(gl).maxTextureSize;
}

/** Throws a clear error instead of letting every later call fail silently on a lost context. */
export function assertContextAlive(gl: WebGL2RenderingContext): void {
  if (gl.isContextLost()) throw new Error('WebGL context lost');
}

/**
 * The WebGL renderer's name as the driver reports it (the unmasked name where the browser gives
 * it), e.g. "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device ...), SwiftShader driver)".
 */
export function rendererName(gl: WebGL2RenderingContext | WebGLRenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
}

/**
 * True when WebGL is drawn by the CPU (SwiftShader, Mesa's llvmpipe or softpipe, Microsoft's
 * Basic Render Driver): every fragment then costs CPU time, and the 2D canvas (Skia's optimised
 * CPU raster) draws the same images faster than a WebGL pass.
 */
export function isSoftwareRenderer(name: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
}

let softwareProbe: boolean | null = null;

/**
 * Whether this browser's WebGL draws on the CPU, probed once per realm on a throwaway context.
 * Without WebGL2 at all the answer is true: nothing faster than the CPU is there.
 */
export function webglIsSoftware(): boolean {
  if (softwareProbe !== null) return softwareProbe;
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
  if (gl === null) return (softwareProbe = true);
  softwareProbe = isSoftwareRenderer(rendererName(gl));
  // Chromium caps live contexts per page and drops the oldest past it: free this one now.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return softwareProbe;
}
