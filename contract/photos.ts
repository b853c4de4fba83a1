/**
 * Photo products (custom types 8 and 9) and the merchant's photo library (editImages
 * addImagesPhoto, getImagesPhotoList, updateSImagesPhoto): shapes, limits, messages and the pure
 * crop rule shared by the designer's Photo panel and the server.
 *
 * A library photo keeps its edit state (`editObj`): the crop, as fractions of the photo so it
 * survives any resize, and the adjustment the engine applies (brightness, contrast, saturation
 * from -100 to 100 and a filter; engine/model/adjust.ts does the maths).
 */

/** Custom types that are photo products: their design is one photo filling the print area. */
export const PHOTO_CUSTOM_TYPES: readonly number[] = [8, 9];

export const isPhotoCustomType = (customType: number | null | undefined): boolean =>
  customType !== null && customType !== undefined && PHOTO_CUSTOM_TYPES.includes(customType);

export const PHOTO_PAGE_SIZE_DEFAULT = 24;
export const PHOTO_FILE_NAME_MAX = 200;

export const PhotoMessages = {
  notFound: 'The photo does not exist',
  notYours: 'This image does not belong to your account',
  missing: 'The image does not exist',
  notPicture: 'This file is not a picture(jpeg,png)',
  badCrop: 'The crop must lie inside the photo',
  notPhotoProduct: 'This product is not a photo product',
  added: 'Added to your photos',
  saved: 'Saved successfully',
} as const;

export const PHOTO_FILTERS = ['none', 'greyscale', 'sepia', 'warm', 'cool'] as const;
export type PhotoFilter = (typeof PHOTO_FILTERS)[number];

/** The names the Photo panel shows for each filter. */
export const PHOTO_FILTER_NAMES: Readonly<Record<PhotoFilter, string>> = {
  none: 'None',
  greyscale: 'Greyscale',
  sepia: 'Sepia',
  warm: 'Warm',
  cool: 'Cool',
};

/** The part of the photo printed: fractions (0-1) of its width and height from its top left. */
export interface PhotoCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PhotoAdjust {
  brightness: number;
  contrast: number;
  saturation: number;
  filter: PhotoFilter;
}

/** What the merchant last did to a library photo. */
export interface PhotoEdit {
  crop: PhotoCrop | null;
  adjust: PhotoAdjust | null;
}

/** A photo in the merchant's library. */
export interface LibraryPhoto {
  id: number;
  url: string;
  thumbnailUrl: string | null;
  /** Pixels of the stored file, read by the server from the file itself. */
  width: number;
  height: number;
  fileName: string;
  editObj: PhotoEdit | null;
  createTime: string;
  updateTime: string;
}

/** Rounding slack of a crop computed in floating point (a thousandth of a per cent). */
const CROP_SLACK = 1e-5;

/** PhotoMessages.badCrop when the crop is empty or leaves the photo, else null. */
export function cropError(c: PhotoCrop): string | null {
  const fine =
    [c.x, c.y, c.width, c.height].every(Number.isFinite) &&
    c.x >= 0 &&
    c.y >= 0 &&
    c.width > 0 &&
    c.height > 0 &&
    c.x + c.width <= 1 + CROP_SLACK &&
    c.y + c.height <= 1 + CROP_SLACK;
  return fine ? null : PhotoMessages.badCrop;
}
