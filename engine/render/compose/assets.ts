/**
 * Everything a flat needs before it can be drawn: each distinct image once (with each element's
 * photo adjustment applied), each distinct font once, all in parallel. A font that cannot be loaded fails the whole composition with
 * 'Error loading font' rather than letting text fall back to another face.
 */
import { imageAssetKey, type DesignElement, type ImageElement } from '../../model/index.ts';
import { adjustedBitmap } from './adjusted.ts';
import { loadFont, type LoadedFont } from '../../text/index.ts';
import { checkpoint, type RenderGuard } from './errors.ts';
import { hasText } from './plan.ts';
import type { ImageLoader } from './types.ts';

export interface FlatAssets {
  readonly images: ReadonlyMap<string, ImageBitmap>;
  /** Keyed by the fontFamily the elements use. */
  readonly fonts: ReadonlyMap<string, LoadedFont>;
}

export async function loadFlatAssets(designList: readonly DesignElement[], loader: ImageLoader, guard: RenderGuard): Promise<FlatAssets> {
  // Keyed by URL and adjustment: one picture in two adjustments is two bitmaps (one load).
  const pictures = new Map<string, ImageElement>();
  const families = new Set<string>();
  for (const el of designList) {
    if (el.type === 'image') pictures.set(imageAssetKey(el), el);
    else if (hasText(el)) families.add(el.fontFamily);
  }
  const imageList = [...pictures.values()];
  const familyList = [...families];
  const loads = new Map<string, Promise<ImageBitmap>>();
  const load = (url: string) => {
    let p = loads.get(url);
    if (!p) loads.set(url, (p = loader(url)));
    return p;
  };
  const [bitmaps, fonts] = await Promise.all([
    Promise.all(imageList.map(async (el) => adjustedBitmap(await load(el.url), el.adjust))),
    Promise.all(familyList.map((family) => loadFont(family))),
  ]);
  checkpoint(guard);
  return {
    images: new Map(imageList.map((el, i) => [imageAssetKey(el), bitmaps[i]!])),
    fonts: new Map(familyList.map((family, i) => [family, fonts[i]!])),
  };
}
