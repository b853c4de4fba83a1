/** Whether an image is fully opaque, so the pipeline can skip its flattening pass. */
import { sourceSize } from '../../gl/textures.ts';

/**
 * True when every pixel of `source` has alpha 255. Reads the pixels on the CPU (a few ms for a
 * 1200 px photo), so callers cache the answer per immutable source.
 */
export function isFullyOpaque(source: TexImageSource): boolean {
  let data: Uint8ClampedArray;
  if (typeof ImageData !== 'undefined' && source instanceof ImageData) {
    data = source.data;
  } else {
    const { width, height } = sourceSize(source);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('2D canvas unavailable');
    ctx.drawImage(source as CanvasImageSource, 0, 0);
    data = ctx.getImageData(0, 0, width, height).data;
  }
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}
