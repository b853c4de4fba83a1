/** Whether an image is fully opaque, so the pipeline can skip its flattening pass. */
import { sourceSize } from '../../gl/textures.ts';

/** The RGBA pixels of `source` at its own size, read on the CPU (a few ms for a 1200 px photo). */
export function sourcePixels(source: TexImageSource): ImageData {
  if (typeof ImageData !== 'undefined' && source instanceof ImageData) return source;
  const { width, height } = sourceSize(source);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('2D canvas unavailable');
  ctx.drawImage(source as CanvasImageSource, 0, 0);
  return ctx.getImageData(0, 0, width, height);
}

/** True when every pixel of `source` has alpha 255; callers cache the answer per immutable source. */
export function isFullyOpaque(source: TexImageSource): boolean {
  const { data } = sourcePixels(source);
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}
