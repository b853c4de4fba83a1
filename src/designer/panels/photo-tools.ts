/**
 * Pure helpers of the Photo panel (photo products, custom types 8 and 9): the crop frame locked
 * to the print area's shape, the image element that prints exactly the cropped part edge to edge,
 * reading the crop back from a placed element, and the print DPI a crop gives (the engine's DPI
 * bands). A crop is kept as fractions of the photo (contract/photos.ts), so it survives resizes.
 */
import { createImageElement, effectiveDpi, type FlatData, type ImageAdjust, type ImageElement } from '@pod-studio/engine/model';
import type { PhotoAdjust, PhotoCrop } from '../../../contract/photos';
import { dpiReading, type DpiReading } from './image-tools';

export interface PhotoSize {
  width: number;
  height: number;
}

type FlatBox = Pick<FlatData, 'width' | 'height' | 'flatWidth' | 'flatHeight'>;

/** Width over height of the print area: the shape every crop of this print takes. */
export const printAspect = (flat: Pick<FlatData, 'width' | 'height'>): number => flat.width / flat.height;

/** The smallest crop allowed, as a share of the photo's shorter fitting side: zooming stops there. */
export const MIN_CROP_SHARE = 0.05;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The largest crop of `aspect` inside the photo (in fractions), `zoom` 1 or more shrinking it about `centre`. */
export function cropAt(photo: PhotoSize, aspect: number, zoom = 1, centre: { x: number; y: number } = { x: 0.5, y: 0.5 }): PhotoCrop {
  // In photo pixels: the widest box of the print's shape that fits, then zoomed.
  const fitW = Math.min(photo.width, photo.height * aspect);
  const z = clamp(zoom, 1, 1 / MIN_CROP_SHARE);
  const w = fitW / z;
  const h = w / aspect;
  const width = w / photo.width;
  const height = h / photo.height;
  return {
    x: clamp(centre.x - width / 2, 0, 1 - width),
    y: clamp(centre.y - height / 2, 0, 1 - height),
    width,
    height,
  };
}

/** How far a crop is zoomed in from the largest crop of its shape (1: not at all). */
export function cropZoom(photo: PhotoSize, aspect: number, crop: PhotoCrop): number {
  const fitW = Math.min(photo.width, photo.height * aspect);
  return fitW / (crop.width * photo.width);
}

/** The crop moved by (dx, dy) fractions of the photo, kept inside it. */
export function moveCrop(crop: PhotoCrop, dx: number, dy: number): PhotoCrop {
  return { ...crop, x: clamp(crop.x + dx, 0, 1 - crop.width), y: clamp(crop.y + dy, 0, 1 - crop.height) };
}

/** The crop at another zoom, about its own centre. */
export function zoomCrop(photo: PhotoSize, aspect: number, crop: PhotoCrop, zoom: number): PhotoCrop {
  return cropAt(photo, aspect, zoom, { x: crop.x + crop.width / 2, y: crop.y + crop.height / 2 });
}

export interface CroppedPhoto {
  url: string;
  /** Pixels of the file at `url`. */
  width: number;
  height: number;
  fileName?: string;
  /** The library photo's id (designId of the element). */
  photoId: number;
}

/**
 * An image element showing exactly `crop` of the photo across the whole print area: the photo at
 * its own pixel size, scaled so the crop's width is the flat's, moved so the crop's corner is the
 * flat's. What lies outside the crop falls outside the flat, which no render draws.
 */
export function placeCroppedPhoto(
  flatId: string,
  flat: Pick<FlatData, 'width' | 'height'>,
  photo: CroppedPhoto,
  crop: PhotoCrop,
  adjust: ImageAdjust | null,
): ImageElement {
  const scaleX = flat.width / (crop.width * photo.width);
  const scaleY = flat.height / (crop.height * photo.height);
  return createImageElement({
    flatId,
    url: photo.url,
    originalWidth: photo.width,
    originalHeight: photo.height,
    fileName: photo.fileName ?? '',
    designId: `photo-${photo.photoId}`,
    originX: 'left',
    originY: 'top',
    left: -crop.x * photo.width * scaleX,
    top: -crop.y * photo.height * scaleY,
    scaleX,
    scaleY,
    ...(adjust ? { adjust } : {}),
  });
}

/** The library photo id behind an element placed by placeCroppedPhoto, else null. */
export function photoIdOf(el: Pick<ImageElement, 'designId'>): number | null {
  const m = /^photo-(\d+)$/.exec(el.designId ?? '');
  return m ? Number(m[1]) : null;
}

/** The crop an element placed by placeCroppedPhoto shows (its visible part of the photo). */
export function cropOfElement(el: ImageElement, flat: Pick<FlatData, 'width' | 'height'>): PhotoCrop {
  const w = el.width * el.scaleX;
  const h = el.height * el.scaleY;
  return { x: -el.left / w, y: -el.top / h, width: flat.width / w, height: flat.height / h };
}

/** The print DPI of a crop filling the print area, with its band (good, medium, low). */
export function cropDpi(photo: PhotoSize, crop: PhotoCrop, flat: FlatBox): DpiReading {
  const el = placeCroppedPhoto('', flat, { url: 'x', width: photo.width, height: photo.height, photoId: 0 }, crop, null);
  return dpiReading(el, flat as FlatData);
}

/** The raw DPI number (Infinity when nothing prints), for tests and the warning's wording. */
export const rawCropDpi = (photo: PhotoSize, crop: PhotoCrop, flat: FlatBox): number =>
  effectiveDpi(placeCroppedPhoto('', flat, { url: 'x', width: photo.width, height: photo.height, photoId: 0 }, crop, null), flat);

/** What the merchant reads under the DPI figure, per band. */
export const DPI_ADVICE: Readonly<Record<DpiReading['quality'], string>> = {
  good: 'Sharp at this size.',
  medium: 'May look slightly soft at this size. A larger photo or a wider crop prints sharper.',
  bad: 'Low resolution: the print may look blurry. Use a larger photo or crop less.',
};

/** An adjustment from the editor's element for the library (the contract's shape). */
export const toPhotoAdjust = (a: ImageAdjust | undefined): PhotoAdjust | null => (a ? { ...a } : null);
