/**
 * Reading pixels back from a render target. Targets hold their top image row first (see
 * targets.ts), so the bytes come back in ImageData order without a flip.
 */
import type { PixelRect, RenderTarget } from './targets.ts';

/** RGBA8 bytes of `rect` (the whole target by default), exactly as stored (premultiplied unless a pass wrote straight alpha). */
export function readPixels(gl: WebGL2RenderingContext, target: RenderTarget, rect?: PixelRect): Uint8Array<ArrayBuffer> {
  if (target.samples > 0) throw new Error('cannot read a multisampled target; resolve it first');
  const r = rect ?? { x: 0, y: 0, width: target.width, height: target.height };
  const out = new Uint8Array(r.width * r.height * 4);
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, target.framebuffer);
  gl.pixelStorei(gl.PACK_ALIGNMENT, 1);
  gl.readPixels(r.x, r.y, r.width, r.height, gl.RGBA, gl.UNSIGNED_BYTE, out);
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
  return out;
}

/**
 * ImageData of `rect`. ImageData means straight (unpremultiplied) alpha: read targets whose last
 * pass wrote straight alpha or opaque pixels, or pass `unpremultiply` to convert on the CPU.
 */
export function readImageData(
  gl: WebGL2RenderingContext,
  target: RenderTarget,
  rect?: PixelRect,
  options: { unpremultiply?: boolean } = {},
): ImageData {
  const r = rect ?? { x: 0, y: 0, width: target.width, height: target.height };
  const bytes = readPixels(gl, target, r);
  if (options.unpremultiply) unpremultiplyInPlace(bytes);
  return new ImageData(new Uint8ClampedArray(bytes.buffer), r.width, r.height);
}

export function unpremultiplyInPlace(rgba: Uint8Array): void {
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3] as number;
    if (a === 0 || a === 255) continue;
    const k = 255 / a;
    rgba[i] = Math.min(255, Math.round((rgba[i] as number) * k));
    rgba[i + 1] = Math.min(255, Math.round((rgba[i + 1] as number) * k));
    rgba[i + 2] = Math.min(255, Math.round((rgba[i + 2] as number) * k));
  }
}
