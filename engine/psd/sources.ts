/**
 * A smart object's content as pixels when it is itself a PSD/PSB: its stored composite when that
 * is Photoshop's real render, else (a placeholder written without "maximize compatibility", or
 * none) its own layers through the same whole-document compositor.
 */
import type { Psd } from 'ag-psd';
import { readPsdBytes } from './read';
import { compositeDocument, storedCompositeStatus } from './composite';
import type { Raster } from './pixels/raster';

/** The pixels of an embedded PSD/PSB, or null when it holds none. */
export function embeddedPsdPixels(data: Uint8Array, warn: (message: string) => void): Raster | null {
  const psd: Psd = readPsdBytes(data, { pixels: true });
  const stored = storedCompositeStatus(psd);
  if (stored.status === 'real') return stored.raster;
  if (!(psd.children ?? []).some((l) => !l.hidden)) return stored.raster;
  return compositeDocument(psd, { warn });
}
