/**
 * Reads PSD bytes with ag-psd without a DOM canvas: pixel data comes back as plain ImageData-like
 * objects, so this runs in Node, in workers and in pages alike.
 */
import { initializeCanvas, readPsd, type Psd } from 'ag-psd';

let initialized = false;
function ensureCanvasShim(): void {
  if (initialized) return;
  initialized = true;
  const makeImageData = (width: number, height: number) =>
    (typeof ImageData !== 'undefined'
      ? new ImageData(width, height)
      : { width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as ImageData;
  initializeCanvas(() => {
    throw new Error('PSD import works on image data, not canvases');
  }, makeImageData);
}

export function readPsdBytes(bytes: ArrayBuffer | Uint8Array, opts: { pixels?: boolean } = {}): Psd {
  ensureCanvasShim();
  const buffer = bytes instanceof Uint8Array ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) : bytes;
  return readPsd(buffer as ArrayBuffer, {
    useImageData: true,
    skipLayerImageData: !opts.pixels,
    skipCompositeImageData: !opts.pixels,
    skipThumbnail: true,
  });
}
