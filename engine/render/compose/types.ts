import type { FlatDesign } from '../../model/index.ts';

/** Size of the flat (print area) in design pixels: the space element coordinates live in. */
export interface FlatSize {
  readonly width: number;
  readonly height: number;
}

export interface ComposeBackground {
  /** CSS colour filling the flat. */
  readonly color?: string | null;
  /** Drawn to cover the flat (scaled to fill it, centred, the overflow cut off), over the colour. */
  readonly image?: ImageBitmap | null;
  /** A hidden background draws nothing. */
  readonly visible: boolean;
}

/** Loads an element's image; injected so callers choose caching, auth and workers' fetch. */
export type ImageLoader = (url: string) => Promise<ImageBitmap>;

export interface ComposeFlatOptions {
  readonly flat: FlatSize;
  /** Elements are drawn in designList order (first at the back). */
  readonly design: Pick<FlatDesign, 'designList'>;
  readonly background?: ComposeBackground | null;
  readonly images: ImageLoader;
  /**
   * Output pixels per flat pixel (default 1): the only difference between an editor preview,
   * a mockup source and a print file.
   */
  readonly scale?: number;
  /** Aborts the render; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /**
   * Render-id hook: called between steps; returning false abandons the render with
   * StopRenderError ('stop render') because a newer render of the same target exists.
   */
  readonly isCurrent?: () => boolean;
  /**
   * Largest side rendered in one GPU pass; bigger outputs are rendered in tiles and stitched.
   * Default 2048 (DEFAULT_TILE_SIZE), never above the GPU's texture limit (8192 here).
   */
  readonly tileSize?: number;
}

export interface ComposePngOptions extends ComposeFlatOptions {
  /** Written into the PNG (pHYs chunk) so print software sizes the file right. */
  readonly dpi?: number;
}
