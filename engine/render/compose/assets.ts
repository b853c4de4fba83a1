/**
 * Everything a flat needs before it can be drawn: each distinct image once, each distinct font
 * once, all in parallel. A font that cannot be loaded fails the whole composition with
 * 'Error loading font' rather than letting text fall back to another face.
 */
import type { DesignElement } from '../../model/index.ts';
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
  const urls = new Set<string>();
  const families = new Set<string>();
  for (const el of designList) {
    if (el.type === 'image') urls.add(el.url);
    else if (hasText(el)) families.add(el.fontFamily);
  }
  const imageList = [...urls];
  const familyList = [...families];
  const [bitmaps, fonts] = await Promise.all([
    Promise.all(imageList.map((url) => loader(url))),
    Promise.all(familyList.map((family) => loadFont(family))),
  ]);
  checkpoint(guard);
  return {
    images: new Map(imageList.map((url, i) => [url, bitmaps[i]!])),
    fonts: new Map(familyList.map((family, i) => [family, fonts[i]!])),
  };
}
