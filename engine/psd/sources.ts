/**
 * A smart object's content as pixels. Embedded (or linked) raster files are decoded by the
 * platform; an embedded PSD/PSB shows its stored composite, and when that composite is missing
 * or blank (Photoshop writes a flat one when "maximize compatibility" is off) its own layers are
 * composited instead, through the same whole-document compositor.
 */
import type { Psd } from 'ag-psd';
import { readPsdBytes } from './read';
import { compositeDocument } from './composite';
import type { Raster } from './pixels/raster';

export const isPsdFile = (data: Uint8Array): boolean =>
  data.length > 6 && data[0] === 0x38 && data[1] === 0x42 && data[2] === 0x50 && data[3] === 0x53; // '8BPS'

/** The pixels of an embedded PSD/PSB, or null when it holds none. */
export function embeddedPsdPixels(data: Uint8Array, warn: (message: string) => void): Raster | null {
  const psd = readPsdBytes(data, { pixels: true });
  const composite = psd.imageData as unknown as Raster | undefined;
  const hasLayers = (psd.children ?? []).some((l) => !l.hidden);
  if (composite && composite.width > 0 && !(hasLayers && isUniform(composite))) return composite;
  if (!hasLayers) return composite ?? null;
  return compositeDocument(psd as Psd, { warn });
}

/** True when every pixel is the same: a placeholder composite, not the document's picture. */
function isUniform(r: Raster): boolean {
  const d = r.data;
  for (let i = 4; i < d.length; i += 4) {
    if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2] || d[i + 3] !== d[3]) return false;
  }
  return true;
}
