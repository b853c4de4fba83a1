/**
 * The pixi.js WebGL renderer flat composition draws with: one per realm (page or worker),
 * created on first use and kept, because creating a WebGL context costs far more than a render.
 *
 * It renders into its own OffscreenCanvas, whose drawing buffer is handed out with
 * transferToImageBitmap (no readback, no copy). Every render through it is synchronous from
 * resize to transfer, so concurrent compositions cannot interleave on it.
 */
// pixi.js compiles its uniform and shader sync functions with `new Function` unless these
// eval-free versions are installed. Installed here, where the engine creates its pixi renderers,
// so every host (the app's workers, an embedding page, the built package, which bundles its own
// pixi.js) runs under a Content-Security-Policy without 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { DOMAdapter, WebGLRenderer, WebWorkerAdapter, autoDetectRenderer } from 'pixi.js';
import { BitmapTextureCache } from './textures.ts';

export interface ComposeRenderer {
  readonly renderer: WebGLRenderer;
  readonly canvas: OffscreenCanvas;
  /** GL_MAX_TEXTURE_SIZE: the largest texture and the largest single-pass output side. */
  readonly maxTextureSize: number;
  /** Textures of image bitmaps, reused across compositions. */
  readonly textures: BitmapTextureCache;
}

// pixi's default adapter touches `document`; workers have none. Its worker adapter creates
// OffscreenCanvases, which is all composition needs (images arrive as ImageBitmaps).
if (typeof window === 'undefined') DOMAdapter.set(WebWorkerAdapter);

let shared: Promise<ComposeRenderer> | null = null;
/** The settled value of `shared`, for the synchronous lost-context check. */
let sharedLive: ComposeRenderer | null = null;

async function createRenderer(): Promise<ComposeRenderer> {
  const canvas = new OffscreenCanvas(1, 1);
  const renderer = await autoDetectRenderer({
    // Only WebGL: pixi would otherwise fall back to its canvas renderer, which draws
    // differently, and the mockup passes share WebGL.
    preference: ['webgl'],
    canvas,
    width: 1,
    height: 1,
    resolution: 1,
    autoDensity: false,
    backgroundAlpha: 0,
    premultipliedAlpha: true,
    preserveDrawingBuffer: false,
    // Edges of rotated images are smoothed by MSAA; compositions stay equal across tile seams
    // because every tile samples the same pixel grid.
    antialias: true,
    failIfMajorPerformanceCaveat: false,
    powerPreference: 'high-performance',
  });
  if (!(renderer instanceof WebGLRenderer)) {
    renderer.destroy();
    throw new Error('flat composition needs WebGL');
  }
  const gl = renderer.gl;
  const maxTextureSize = Math.min(
    gl.getParameter(gl.MAX_TEXTURE_SIZE) as number,
    gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number,
    ...(gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array),
  );
  const result: ComposeRenderer = { renderer, canvas, maxTextureSize, textures: new BitmapTextureCache() };
  canvas.addEventListener('webglcontextlost', () => {
    // The next composition builds a fresh renderer instead of drawing into a dead context.
    if (shared !== null) void shared.then((cr) => cr === result && (shared = null));
  });
  return result;
}

/** The realm's composition renderer (created on first call). */
export function acquireComposeRenderer(): Promise<ComposeRenderer> {
  // The lost event arrives asynchronously; a synchronous check keeps the very next composition
  // from drawing into a context that is already gone.
  if (shared !== null && sharedLive !== null && sharedLive.renderer.gl.isContextLost()) {
    shared = null;
    sharedLive = null;
  }
  if (shared === null) {
    const pending = createRenderer();
    shared = pending;
    void pending.then(
      (cr) => {
        if (shared === pending) sharedLive = cr;
      },
      () => {},
    );
    pending.catch(() => {
      if (shared === pending) shared = null;
    });
  }
  return shared;
}

/** Frees the renderer and its GL context (a later composition creates a new one). */
export async function disposeComposeRenderer(): Promise<void> {
  const pending = shared;
  shared = null;
  sharedLive = null;
  if (pending === null) return;
  try {
    const cr = await pending;
    cr.textures.clear();
    cr.renderer.destroy();
  } catch {
    // It never started: nothing to free.
  }
}
