/**
 * Request and reply schemas of the upload calls. The library's paging and the upload place are
 * lenient, as they always were: a value that makes no sense falls back to the default instead of
 * being refused.
 */
import { z } from 'zod';
import { refuse } from '../platform/http-schema/fields';
import { PAGE_SIZES } from '../../contract/constants';

/** What an image upload answers and the library lists. */
export const uploadedImage = z.looseObject({
  id: z.int(),
  url: z.string().meta({ description: 'The editor copy (at most 1200 px), else the original' }),
  originalUrl: z.string(),
  thumbnailUrl: z.string().nullable().meta({ description: 'Null for branded photo users' }),
  width: z.int().nullable(),
  height: z.int().nullable(),
  fileName: z.string(),
  createTime: z.string(),
});

const LIBRARY_PAGE_SIZE = 20;
const librarySizes: readonly number[] = [...PAGE_SIZES, LIBRARY_PAGE_SIZE];

/** A query value as text: a repeated parameter gives its last value. */
const lastText = z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), z.string().optional());

/** Where an upload is stored, when the form does not say: pathType 1 is the template folder; dateType 1 names the day YYYYMMDD. */
export const uploadPlace = z.object({ pathType: lastText, dateType: lastText });

export const libraryQuery = z.object({
  pageNum: z.preprocess((v) => Math.max(1, Number(v ?? 1) | 0), z.int()).meta({ description: 'From 1; anything else is page 1' }),
  pageSize: z
    .preprocess((v) => (librarySizes.includes(Number(v)) ? Number(v) : LIBRARY_PAGE_SIZE), z.int())
    .meta({ description: `One of ${librarySizes.join(', ')}; anything else is ${LIBRARY_PAGE_SIZE}` }),
});

/** The library image to remove: any number that is a positive whole number. */
export const libraryImageId = z.preprocess((v, ctx) => {
  const n = Number(v);
  if (Number.isSafeInteger(n) && n > 0) return n;
  return refuse(ctx, 'Please choose an image to remove', v);
}, z.int().positive());
