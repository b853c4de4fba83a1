/**
 * Pure helpers of the images panel: placing a new image on a flat, the DPI indicator, and the
 * tiling check (at most 150 tiles on a flat).
 */
// The engine's model and layout entry points, not its root: these helpers run in Node tests, where pixi cannot load.
import {
  createImageElement,
  dpiQuality,
  DPI_QUALITY_LABELS,
  effectiveDpi,
  MAX_TILES_MSG,
  type DpiQuality,
  type FlatData,
  type ImageElement,
  type TilingPatternType,
} from '@pod-studio/engine/model';
// The compositor's own tile layout, so the check refuses exactly what rendering would refuse.
import { TilingLimitError, tileElementMatrices } from '@pod-studio/engine/layout';

/** Share of the flat a newly placed image may cover at most. */
const PLACE_FILL = 0.6;

export interface PlaceImage {
  url: string;
  width: number;
  height: number;
  fileName?: string;
  designId?: string | null;
}

/** A new image element centred on the flat, scaled down to fit (never up: that would blur it). */
export function placeImage(flatId: string, flat: Pick<FlatData, 'width' | 'height'>, img: PlaceImage): ImageElement {
  const w = Math.max(1, img.width);
  const h = Math.max(1, img.height);
  const scale = Math.min(1, (PLACE_FILL * flat.width) / w, (PLACE_FILL * flat.height) / h);
  return createImageElement({
    flatId,
    url: img.url,
    originalWidth: w,
    originalHeight: h,
    fileName: img.fileName ?? '',
    designId: img.designId ?? null,
    originX: 'center',
    originY: 'center',
    left: flat.width / 2,
    top: flat.height / 2,
    scaleX: scale,
    scaleY: scale,
  });
}

/**
 * Where a new picture goes in a print area's stack: just below the lowest text, so a photo or a
 * logo added after the words never covers them (it lands on top when the area has no text).
 */
export function imageInsertIndex(designList: readonly { type: string }[]): number {
  const firstText = designList.findIndex((el) => el.type === 'text');
  return firstText === -1 ? designList.length : firstText;
}

export interface DpiReading {
  dpi: number;
  quality: DpiQuality;
  label: string;
}

/** Good at 120 dpi or more, medium from 72, bad (low resolution) below. */
export function dpiReading(el: ImageElement, flat: FlatData): DpiReading {
  const dpi = effectiveDpi(el, flat);
  const quality = dpiQuality(dpi);
  return { dpi: Number.isFinite(dpi) ? Math.round(dpi) : 0, quality, label: DPI_QUALITY_LABELS[quality] };
}

export const TILING_NAMES: Readonly<Record<TilingPatternType, string>> = {
  0: 'Grid',
  1: 'Half drop',
  2: 'Brick',
  3: 'Mirror',
  4: 'Random',
  5: 'Hexagon',
};

/** 'Maximum 150 tiling' when the element tiled with `type` would need more than 150 tiles, else null. */
export function tilingError(el: ImageElement, flat: Pick<FlatData, 'width' | 'height'>, tiling: ImageElement['tiling']): string | null {
  if (tiling === null) return null;
  try {
    tileElementMatrices({ ...el, tiling }, { width: flat.width, height: flat.height });
    return null;
  } catch (err) {
    if (err instanceof TilingLimitError) return MAX_TILES_MSG;
    throw err;
  }
}
