/**
 * Everything a view render needs before GL work starts: the photo, shading and highlight maps,
 * part images, image-layer files (through the injectable loader) and the flats, each fitted to
 * the texture limit. Loading happens outside the renderer's queue, so renders overlap here.
 */
import { fitToTextureLimit } from '../../gl/textures.ts';
import type { TemplateView } from '../../model/index.ts';
import type { ImageLoader } from './image-loader.ts';
import type { OutputSize } from './output.ts';
import { planViewLayers, planViewParts } from './view-plan.ts';

export interface ViewAssets {
  readonly photo: TexImageSource | null;
  readonly shading: TexImageSource | null;
  /** The view's displacement map (model `displacement`), when it has one. */
  readonly displacement: TexImageSource | null;
  readonly highlight: TexImageSource | null;
  readonly parts: readonly { readonly source: TexImageSource; readonly mode: 'multiply' | 'normal' }[];
  /** Flats by id, and image-layer files, layer masks and colour tables by url. */
  readonly flats: ReadonlyMap<string, TexImageSource>;
  readonly files: ReadonlyMap<string, TexImageSource>;
  /** Downscaled copies made for this render (closed by `releaseAssets`); never cached. */
  readonly transient: ReadonlySet<ImageBitmap>;
}

export const isBitmap = (s: TexImageSource): s is ImageBitmap => typeof ImageBitmap !== 'undefined' && s instanceof ImageBitmap;

export interface LoadAssetsInput {
  readonly loader: ImageLoader;
  readonly view: TemplateView;
  readonly output: OutputSize;
  readonly flats: Readonly<Record<string, TexImageSource>>;
  /** false: only what the layers need (renderLayers draws no photo, maps or parts). */
  readonly withPhoto: boolean;
  readonly maxTextureSize: number;
}

export async function loadViewAssets(input: LoadAssetsInput): Promise<ViewAssets> {
  const { loader, view, output, flats, withPhoto, maxTextureSize } = input;
  const data = view.viewData;
  const transient = new Set<ImageBitmap>();
  const fit = async (source: TexImageSource): Promise<TexImageSource> => {
    const fitted = await fitToTextureLimit(source, maxTextureSize);
    if (fitted !== source && isBitmap(fitted)) transient.add(fitted);
    return fitted;
  };
  const load = async (url: string): Promise<TexImageSource> => fit(await loader.load(url));
  const loadOptional = async (url: string | null): Promise<TexImageSource | null> => (url ? load(url) : null);

  const flatIds = new Set<string>();
  const fileUrls = new Set<string>();
  for (const { layer } of planViewLayers(data.layers)) {
    if (layer.F.kind === 'flat') flatIds.add(layer.F.flatId);
    else fileUrls.add(layer.F.url);
    if (layer.maskUrl) fileUrls.add(layer.maskUrl);
    if (layer.colorLutUrl) fileUrls.add(layer.colorLutUrl);
  }
  const parts = withPhoto ? planViewParts(view, output.width > data.width || output.height > data.height) : [];
  try {
    const [photo, shading, highlight, displacement, partSources, flatEntries, fileEntries] = await Promise.all([
      withPhoto ? loadOptional(data.imageUrl) : null,
      withPhoto ? loadOptional(data.shadingUrl) : null,
      withPhoto ? loadOptional(data.highlightUrl) : null,
      withPhoto ? loadOptional(data.displacement?.url ?? null) : null,
      Promise.all(parts.map(async (p) => ({ source: await load(p.url), mode: p.mode }))),
      Promise.all(
        [...flatIds].map(async (id): Promise<[string, TexImageSource] | null> => {
          const flat = flats[id];
          return flat ? [id, await fit(flat)] : null;
        }),
      ),
      Promise.all([...fileUrls].map(async (url): Promise<[string, TexImageSource]> => [url, await load(url)])),
    ]);
    return {
      photo,
      shading,
      highlight,
      displacement,
      parts: partSources,
      flats: new Map(flatEntries.filter((e): e is [string, TexImageSource] => e !== null)),
      files: new Map(fileEntries),
      transient,
    };
  } catch (e) {
    for (const b of transient) b.close();
    throw e;
  }
}

export function releaseAssets(assets: ViewAssets): void {
  for (const b of assets.transient) b.close();
}
