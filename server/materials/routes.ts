/**
 * The design tool's material library: platform clip-art by tag and
 * keyword, background images by type, and the merchant's collection (collect / uncollect,
 * login required, idempotent). Lists answer `{ code, msg, rows, total }`; the collect calls
 * answer `data`. Pictures are served by the catalogue's file route (server/materials/paths.ts).
 * Wire types: contract/materials.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { AppError, okData, page } from '../platform/envelope';
import { offsetOf } from '../platform/http-schema/fields';
import { dataReply, pageReply } from '../platform/http-schema/replies';
import { catalogId } from '../catalog/fields';
import { MaterialMessages } from './messages';
import { backgroundType, keywordWords, materialFilterFields, materialPaging } from './fields';
import { backgroundImage, collectResult, collectedMaterialImage, materialImage, materialTagItem } from './replies';
import { collect, listBackgrounds, listCollected, listMaterials, listTags, materialExists, uncollect } from './queries';
import { DEFAULT_BACKGROUND_PAGE_SIZE, DEFAULT_MATERIAL_PAGE_SIZE, type CollectResult } from '../../contract/materials';
import { sessionSecurity as security } from '../accounts/signed-in';

const tags = ['materials'];

const materialQuery = z.object({ ...materialPaging(DEFAULT_MATERIAL_PAGE_SIZE), ...materialFilterFields });
/** platformMaterialId from a JSON body or the query string (the client may send either). */
const collectBody = z.object({ platformMaterialId: catalogId('platformMaterialId') });

export function materialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/platformMaterialTag/getMaterialPictureTagList',
    { schema: { tags, summary: 'Every material tag with its number of materials', response: { 200: pageReply(materialTagItem) } } },
    async () => {
      const rows = await listTags(db);
      return page(rows, rows.length);
    },
  );

  api.get(
    '/api/platformMaterialImages/getPlatformMaterialImagesList',
    {
      schema: {
        tags,
        summary: "Platform clip-art by tag and keyword, paged, flagged when in the caller's collection",
        querystring: materialQuery,
        response: { 200: pageReply(materialImage) },
      },
    },
    async (request) => {
      const q = request.query;
      const filter = { tagId: q.tagId, words: keywordWords(q.keyword) };
      const { rows, total } = await listMaterials(db, filter, request.userId, { pageSize: q.pageSize, offset: offsetOf(q) });
      return page(rows, total);
    },
  );

  api.get(
    '/api/platformBackgroundImages/getPlatformBackgroundImagesList',
    {
      schema: {
        tags,
        summary: 'Background images, all or of one type, paged',
        querystring: z.object({ type: backgroundType, ...materialPaging(DEFAULT_BACKGROUND_PAGE_SIZE) }),
        response: { 200: pageReply(backgroundImage) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listBackgrounds(db, q.type, { pageSize: q.pageSize, offset: offsetOf(q) });
      return page(rows, total);
    },
  );

  api.get(
    '/api/shopCollectMaterialImages/getShopCollectMaterialImagesList',
    {
      schema: {
        tags,
        security,
        summary: "The merchant's collection, newest first, with the platform list's filters",
        querystring: materialQuery,
        response: { 200: pageReply(collectedMaterialImage) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const q = request.query;
      const filter = { tagId: q.tagId, words: keywordWords(q.keyword) };
      const { rows, total } = await listCollected(db, userId, filter, { pageSize: q.pageSize, offset: offsetOf(q) });
      return page(rows, total);
    },
  );

  api.post(
    '/api/shopCollectMaterialImages/addShopCollectMaterialImages',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'Collect a platform material (idempotent)',
        body: collectBody,
        response: { 200: dataReply(collectResult) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const id = request.body.platformMaterialId;
      if (!(await materialExists(db, id))) throw new AppError(`${MaterialMessages.materialNotFound}: ${id}`);
      const changed = await collect(db, userId, id);
      const result: CollectResult = { platformMaterialId: id, collected: true, changed };
      return okData(result, changed ? MaterialMessages.collected : MaterialMessages.alreadyCollected);
    },
  );

  api.post(
    '/api/shopCollectMaterialImages/removeShopCollectMaterialImages',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'Remove a material from the collection (idempotent)',
        body: collectBody,
        response: { 200: dataReply(collectResult) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const id = request.body.platformMaterialId;
      // A collected material that has since left the library can still be removed.
      const changed = await uncollect(db, userId, id);
      if (!changed && !(await materialExists(db, id))) throw new AppError(`${MaterialMessages.materialNotFound}: ${id}`);
      const result: CollectResult = { platformMaterialId: id, collected: false, changed };
      return okData(result, changed ? MaterialMessages.removed : MaterialMessages.notCollected);
    },
  );
}
