/**
 * Which way this realm composes flats: through pixi.js on WebGL, or on a 2D canvas. Both draw
 * the same plan (plan.ts) to the same pixels within a small tolerance (edge antialiasing and
 * mipmap filtering differ by a level or two). A GPU draws the plan fastest through WebGL; where
 * WebGL is emulated on the CPU (SwiftShader on render machines without a GPU), the 2D canvas's
 * CPU raster is several times faster and needs no readback. Chosen once per realm by probing the
 * WebGL renderer; `setComposeBackend` pins one (tests render every scene through both).
 */
import { webglIsSoftware } from '../../gl/context.ts';

export type ComposeBackend = 'webgl' | 'canvas2d';

let pinned: ComposeBackend | null = null;

/** Pins the backend for this realm ('auto' returns to the probe's choice). */
export function setComposeBackend(backend: ComposeBackend | 'auto'): void {
  pinned = backend === 'auto' ? null : backend;
}

/** The backend compositions in this realm use. */
export function composeBackend(): ComposeBackend {
  return pinned ?? (webglIsSoftware() ? 'canvas2d' : 'webgl');
}
