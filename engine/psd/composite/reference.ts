/**
 * Photoshop's own composite as stored in the file (the image that "maximize compatibility" keeps),
 * and whether it is a real render: without that option Photoshop writes a placeholder (plain
 * white) and says so in the version-info resource.
 */
import type { Psd } from 'ag-psd';
import type { Raster } from '../pixels/raster';
import { rgba8 } from './pixel-data';

export interface StoredComposite {
  /** 'real': Photoshop's render; 'placeholder': written without one; 'missing': no image at all. */
  status: 'real' | 'placeholder' | 'missing';
  /** The stored image (straight RGBA 8-bit), also for placeholders; null when missing. */
  raster: Raster | null;
  /** True when the stored image has no alpha channel, so transparency in it is flattened. */
  opaque: boolean;
  /** Why it is not 'real'. */
  reason?: string;
}

function isUniform(d: Uint8ClampedArray): boolean {
  const r = d[0];
  const g = d[1];
  const b = d[2];
  const a = d[3];
  for (let i = 4; i < d.length; i += 4) {
    if (d[i] !== r || d[i + 1] !== g || d[i + 2] !== b || d[i + 3] !== a) return false;
  }
  return true;
}

export function storedCompositeStatus(psd: Psd): StoredComposite {
  const img = psd.imageData;
  // ag-psd sets alpha to opaque when the merged image has no alpha channel (3 channels for RGB).
  const colorChannels = psd.colorMode === 4 ? 4 : psd.colorMode === 1 || psd.colorMode === 8 ? 1 : 3;
  const opaque = (psd.channels ?? colorChannels) <= colorChannels;
  if (!img || img.width !== psd.width || img.height !== psd.height) {
    return { status: 'missing', raster: null, opaque, reason: 'the file holds no composite image' };
  }
  const raster: Raster = { width: img.width, height: img.height, data: rgba8(img) };
  const info = psd.imageResources?.versionInfo;
  if (info && info.hasRealMergedData === false) {
    const what = isUniform(raster.data) ? `a uniform ${Array.from(raster.data.subarray(0, 4)).join(',')} image` : 'an image';
    return {
      status: 'placeholder',
      raster,
      opaque,
      reason: `saved without "maximize compatibility": hasRealMergedData is false and the composite is ${what}`,
    };
  }
  return { status: 'real', raster, opaque };
}

/** A straight-alpha raster composited over an opaque colour, as an image without alpha shows it. */
export function flattenOver(r: Raster, rgb: readonly [number, number, number]): Raster {
  const out = new Uint8ClampedArray(r.data.length);
  const d = r.data;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]! / 255;
    out[i] = rgb[0] + a * (d[i]! - rgb[0]);
    out[i + 1] = rgb[1] + a * (d[i + 1]! - rgb[1]);
    out[i + 2] = rgb[2] + a * (d[i + 2]! - rgb[2]);
    out[i + 3] = 255;
  }
  return { width: r.width, height: r.height, data: out };
}
