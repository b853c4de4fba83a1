/**
 * The design tool's material library: platform clip-art by tag and
 * keyword, background images by type, and the merchant's collection (collect / uncollect,
 * login required, idempotent). Lists answer `{ code, msg, rows, total }`; the collect calls
 * answer `data`. Pictures are served by the catalogue's file route (server/materials/paths.ts).
 * Wire types: contract/materials.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { AppError, okData, page } from '../platform/envelope';
import type { Query } from '../catalog/catalog-query';
import {
  MaterialMessages,
  parseBackgroundType,
  parseKeyword,
  parseMaterialPaging,
  parsePlatformMaterialId,
  parseTag,
} from './material-query';
import { collect, listBackgrounds, listCollected, listMaterials, listTags, materialExists, uncollect } from './queries';
import { DEFAULT_BACKGROUND_PAGE_SIZE, DEFAULT_MATERIAL_PAGE_SIZE, type CollectResult } from '../../contract/materials';

const queryOf = (request: FastifyRequest): Query => (request.query ?? {}) as Query;

export function materialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/platformMaterialTag/getMaterialPictureTagList', async () => {
    const rows = await listTags(db);
    return page(rows, rows.length);
  });

  app.get('/api/platformMaterialImages/getPlatformMaterialImagesList', async (request) => {
    const q = queryOf(request);
    const paging = parseMaterialPaging(q, DEFAULT_MATERIAL_PAGE_SIZE);
    const { rows, total } = await listMaterials(db, { tagId: parseTag(q), words: parseKeyword(q) }, request.userId, paging);
    return page(rows, total);
  });

  app.get('/api/platformBackgroundImages/getPlatformBackgroundImagesList', async (request) => {
    const q = queryOf(request);
    const { rows, total } = await listBackgrounds(db, parseBackgroundType(q), parseMaterialPaging(q, DEFAULT_BACKGROUND_PAGE_SIZE));
    return page(rows, total);
  });

  app.get('/api/shopCollectMaterialImages/getShopCollectMaterialImagesList', async (request) => {
    const userId = await requireUser(request);
    const q = queryOf(request);
    const paging = parseMaterialPaging(q, DEFAULT_MATERIAL_PAGE_SIZE);
    const { rows, total } = await listCollected(db, userId, { tagId: parseTag(q), words: parseKeyword(q) }, paging);
    return page(rows, total);
  });

  app.post('/api/shopCollectMaterialImages/addShopCollectMaterialImages', async (request) => {
    const userId = await requireUser(request);
    const id = parsePlatformMaterialId(request.body, queryOf(request));
    if (!(await materialExists(db, id))) throw new AppError(`${MaterialMessages.materialNotFound}: ${id}`);
    const changed = await collect(db, userId, id);
    const result: CollectResult = { platformMaterialId: id, collected: true, changed };
    return okData(result, changed ? MaterialMessages.collected : MaterialMessages.alreadyCollected);
  });

  app.post('/api/shopCollectMaterialImages/removeShopCollectMaterialImages', async (request) => {
    const userId = await requireUser(request);
    const id = parsePlatformMaterialId(request.body, queryOf(request));
    // A collected material that has since left the library can still be removed.
    const changed = await uncollect(db, userId, id);
    if (!changed && !(await materialExists(db, id))) throw new AppError(`${MaterialMessages.materialNotFound}: ${id}`);
    const result: CollectResult = { platformMaterialId: id, collected: false, changed };
    return okData(result, changed ? MaterialMessages.removed : MaterialMessages.notCollected);
  });
}
