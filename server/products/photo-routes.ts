/**
 * The merchant's photo library (editImages addImagesPhoto, getImagesPhotoList, updateSImagesPhoto):
 * photos for photo products with their crop and adjustment. Every call needs a merchant and acts
 * on their own photos only; another merchant's photo id answers as not found.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { okData, page } from '../platform/envelope';
import { aka, id, int, offsetOf, paging, requiredText, text } from '../platform/http-schema/fields';
import { dataReply, pageReply } from '../platform/http-schema/replies';
import { sessionSecurity as security } from '../accounts/signed-in';
import {
  cropError,
  PHOTO_FILE_NAME_MAX,
  PHOTO_FILTERS,
  PHOTO_PAGE_SIZE_DEFAULT,
  PhotoMessages,
  type PhotoEdit,
} from '../../contract/photos';
import { addPhoto, listPhotos, updatePhotoEdit } from './photos';

const tags = ['products'];

const fraction = (what: string) =>
  z
    .number({ error: `crop.${what} must be a number from 0 to 1` })
    .min(0, `crop.${what} must be a number from 0 to 1`)
    .max(1, `crop.${what} must be a number from 0 to 1`);

const cropSchema = z
  .object({ x: fraction('x'), y: fraction('y'), width: fraction('width'), height: fraction('height') }, { error: 'crop must be an object' })
  .superRefine((c, ctx) => {
    const bad = cropError(c);
    if (bad) ctx.addIssue({ code: 'custom', message: bad });
  })
  .meta({ description: 'The printed part of the photo, as fractions of its width and height from its top left' });

const FILTER_MSG = `adjust.filter must be one of ${PHOTO_FILTERS.join(', ')}`;
const adjustSchema = z
  .object(
    {
      brightness: int('adjust.brightness', -100, 100).default(0),
      contrast: int('adjust.contrast', -100, 100).default(0),
      saturation: int('adjust.saturation', -100, 100).default(0),
      filter: z.enum(PHOTO_FILTERS, { error: FILTER_MSG }).default('none'),
    },
    { error: 'adjust must be an object' },
  )
  .meta({ description: 'Brightness, contrast and saturation from -100 to 100 (0: unchanged) and a filter, applied by the engine' });

/** The edit state: an object, or the same as JSON text (editObj travels as text elsewhere in the API). */
const editObjSchema = z
  .preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.object(
      { crop: cropSchema.nullable().default(null), adjust: adjustSchema.nullable().default(null) },
      { error: 'editObj must be an object with crop and adjust' },
    ),
  )
  .meta({ description: 'What the merchant did to the photo: { crop, adjust }' });

const photoReply = z.looseObject({
  id: z.int(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  width: z.int(),
  height: z.int(),
  fileName: z.string(),
  editObj: z.unknown().meta({ description: '{ crop, adjust } or null before the first edit' }),
  createTime: z.string(),
  updateTime: z.string(),
});

export function photoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const deps = { db, blobs: ctx.blobs };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/editImages/addImagesPhoto',
    {
      schema: {
        tags,
        security,
        summary: 'Add one of your uploads to your photos (for photo products); its size is read from the file',
        body: z.object({
          url: aka(requiredText('url', 2000), 'originalUrl', 'src'),
          fileName: aka(text('fileName', PHOTO_FILE_NAME_MAX), 'imgName'),
        }),
        response: { 200: dataReply(photoReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await addPhoto(deps, userId, request.body), PhotoMessages.added);
    },
  );

  api.get(
    '/api/editImages/getImagesPhotoList',
    {
      schema: {
        tags,
        security,
        summary: 'Your photos, the most recently used first',
        querystring: z.object(paging(PHOTO_PAGE_SIZE_DEFAULT, { sizes: [5, 10, 15, 24, 25, 48] })),
        response: { 200: pageReply(photoReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { rows, total } = await listPhotos(db, userId, { offset: offsetOf(request.query), limit: request.query.pageSize });
      return page(rows, total);
    },
  );

  api.put(
    '/api/editImages/updateSImagesPhoto',
    {
      schema: {
        tags,
        security,
        summary: "Keep a photo's crop and adjustment",
        body: z.object({ id: id('id'), editObj: editObjSchema }),
        response: { 200: dataReply(photoReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const edit: PhotoEdit = request.body.editObj;
      return okData(await updatePhotoEdit(db, userId, request.body.id, edit), PhotoMessages.saved);
    },
  );
}
