/**
 * Colour management of placed files, Photoshop's way: a smart object's pixels are converted from
 * the file's own ICC profile into the document's profile (relative colorimetric, black point
 * compensation on: Photoshop's defaults). An untagged document, or an untagged file, keeps the
 * numbers as they are.
 */
import type { Raster } from '../pixels/raster';
import { convertRaster } from './convert';
import { isJpeg, isPng, isPsd, inflateZlib, jpegIcc, pngColorChunk, psdColorResources } from './embedded';
import { readIccProfile, SRGB, type IccProfile } from './icc';

export { colorTransform, convertRaster, sameProfile, type ColorTransform } from './convert';
export { isPsd, inflateZlib, jpegIcc, pngColorChunk, psdColorResources, type PngColorChunk, type PsdColorResources } from './embedded';
export { D50, evalCurve, parseIccProfile, readIccProfile, SRGB, type IccProfile, type IccReadResult, type ToneCurve } from './icc';

export interface ColorContext {
  /** The document's profile (resource 1039), when it has one this module can convert into. */
  documentProfile: IccProfile | null;
  /** Saved with "Don't color manage" (resource 1041): placed files keep their numbers. */
  documentUntagged: boolean;
  /** Why a profile the document does carry is not used (CMYK, LUT-based, malformed); null otherwise. */
  documentProfileNote: string | null;
}

export function documentColorContext(psdBytes: Uint8Array): ColorContext {
  const res = psdColorResources(psdBytes);
  if (res.untagged || !res.icc) return { documentProfile: null, documentUntagged: res.untagged, documentProfileNote: null };
  const r = readIccProfile(res.icc);
  return r.ok
    ? { documentProfile: r.profile, documentUntagged: false, documentProfileNote: null }
    : { documentProfile: null, documentUntagged: false, documentProfileNote: `document profile not used: ${r.reason}` };
}

export interface EmbeddedColor {
  /** The file's profile; null when it has none, says it is untagged, or has one this module cannot use. */
  profile: IccProfile | null;
  /** Why an embedded profile is not used; null when there is none or it is used. */
  note: string | null;
}

/** The file's own profile (PNG iCCP or sRGB chunk, JPEG APP2, PSD/PSB resource 1039) with a note when one is present but unusable. */
export async function embeddedColor(fileBytes: Uint8Array): Promise<EmbeddedColor> {
  let icc: Uint8Array | null = null;
  if (isPng(fileBytes)) {
    const chunk = pngColorChunk(fileBytes);
    if (chunk.kind === 'srgb') return { profile: SRGB, note: null };
    if (chunk.kind === 'iccp') {
      try {
        icc = await inflateZlib(chunk.compressed);
      } catch {
        return { profile: null, note: 'PNG iCCP profile does not inflate; used unconverted' };
      }
    }
  } else if (isJpeg(fileBytes)) {
    icc = jpegIcc(fileBytes);
  } else if (isPsd(fileBytes)) {
    const res = psdColorResources(fileBytes);
    icc = res.untagged ? null : res.icc;
  }
  if (!icc) return { profile: null, note: null };
  const r = readIccProfile(icc);
  return r.ok ? { profile: r.profile, note: null } : { profile: null, note: `embedded profile not used: ${r.reason}` };
}

/** The file's own profile (PNG, JPEG, PSD/PSB), or null when it has none or one this parser does not handle. */
export async function embeddedProfile(fileBytes: Uint8Array): Promise<IccProfile | null> {
  return (await embeddedColor(fileBytes)).profile;
}

/**
 * Photoshop's rule, applied in place: convert from the file's profile into the document's when both
 * are known and differ; untagged documents and untagged files are left as they are. Returns what
 * was done, for notes.
 */
export function toDocumentColor(img: Raster, file: IccProfile | null, ctx: ColorContext): 'converted' | 'unchanged' {
  if (ctx.documentUntagged || !ctx.documentProfile || !file) return 'unchanged';
  return convertRaster(img, file, ctx.documentProfile) ? 'converted' : 'unchanged';
}
