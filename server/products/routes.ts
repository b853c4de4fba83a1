/**
 * My products and My templates: saved products, their images and variants, and the account's
 * pricing rule. Every call needs a merchant and acts on their own rows only;
 * another merchant's id answers as not found.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { AppError, ok, okData, page } from '../platform/envelope';
import { bodyOf, idListOf, idOf, pagingOf, paramsOf, pick, queryOf } from '../platform/request-fields';
import { readSaveInput, readBodyHtml, readTitle, type SaveInput } from './input';
import {
  applyPriceToProducts,
  copyProduct,
  createProduct,
  deleteProducts,
  listProducts,
  markPhotoProduct,
  productDetail,
  updateProduct,
} from './service';
import { addImage, readImageInput, replaceImages, setVariantImage } from './images';
import { getPriceRule, setPriceRule } from './price-rules';
import { BATCH_IDS_MAX, PRODUCT_PAGE_SIZE_DEFAULT, ProductMessages, priceRuleError, type PriceRule } from '../../contract/products';

/** Title words for the list search, lower-cased. */
function keywordsOf(raw: unknown): string[] {
  if (raw === undefined) return [];
  const s = String(Array.isArray(raw) ? raw[raw.length - 1] : raw)
    .trim()
    .toLowerCase();
  if (s.length > 200) throw new AppError('keyword must be at most 200 characters');
  return s.split(/\s+/).filter(Boolean).slice(0, 10);
}

function idsOf(raw: unknown): number[] {
  const ids = idListOf(raw, 'ids');
  if (ids.length === 0) throw new AppError(ProductMessages.nothingSelected);
  if (ids.length > BATCH_IDS_MAX) throw new AppError(`At most ${BATCH_IDS_MAX} products at once`);
  return ids;
}

export function productRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const deps = { db, blobs: ctx.blobs };

  app.post('/api/Myexclusive/add', async (request) => {
    const userId = await requireUser(request);
    const id = await createProduct(deps, userId, readSaveInput(bodyOf(request)));
    request.log.info({ userId, myProductId: id }, 'my product saved');
    return okData({ id }, ProductMessages.saved);
  });

  app.put('/api/Myexclusive/update', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const id = idOf(pick(b, 'id'), 'id');
    await updateProduct(deps, userId, id, readSaveInput(b));
    return okData({ id }, ProductMessages.saved);
  });

  app.put('/api/Myexclusive/updateTitleBodyHtml', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const id = idOf(pick(b, 'id'), 'id');
    const input: SaveInput = {};
    if ('title' in b) input.title = readTitle(b.title);
    if ('bodyHtml' in b || 'body_html' in b) input.bodyHtml = readBodyHtml(b.bodyHtml ?? b.body_html);
    await updateProduct(deps, userId, id, input);
    return okData({ id }, ProductMessages.saved);
  });

  /** The Price & Details step: title, description and the variants with their prices. */
  app.put('/api/Myexclusive/updateMyProductInfo', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const id = idOf(pick(b, 'id'), 'id');
    const { title, bodyHtml, variants } = readSaveInput({
      ...(b.title !== undefined ? { title: b.title } : {}),
      ...(b.bodyHtml !== undefined ? { bodyHtml: b.bodyHtml } : {}),
      variants: b.variants,
    });
    await updateProduct(deps, userId, id, { title, bodyHtml, variants });
    return okData({ id }, ProductMessages.saved);
  });

  app.get('/api/Myexclusive/getInfo/:id', async (request) => {
    const userId = await requireUser(request);
    return okData(await productDetail(db, userId, idOf(paramsOf(request).id, 'id')));
  });

  app.get('/api/Myexclusive/list', async (request) => {
    const userId = await requireUser(request);
    const q = queryOf(request);
    const { pageSize, offset } = pagingOf(q, PRODUCT_PAGE_SIZE_DEFAULT);
    const flag = pick(q, 'isTemplate');
    if (flag !== undefined && flag !== '0' && flag !== '1') throw new AppError('isTemplate must be 0 or 1');
    const { rows, total } = await listProducts(db, userId, {
      isTemplate: flag === '1',
      words: keywordsOf(pick(q, 'keyword', 'title')),
      pageSize,
      offset,
    });
    return page(rows, total);
  });

  app.delete('/api/Myexclusive/delete/:ids', async (request) => {
    const userId = await requireUser(request);
    const ids = idsOf(paramsOf(request).ids);
    const deleted = await deleteProducts(db, userId, ids);
    request.log.info({ userId, deleted }, 'my products deleted');
    return okData({ deleted }, ProductMessages.deleted);
  });

  /** A copy of a product or template; isTemplate 1 saves the copy to My templates, 0 to My products. */
  app.post('/api/Myexclusive/copyProduct', async (request) => {
    const userId = await requireUser(request);
    const b = { ...queryOf(request), ...bodyOf(request) };
    const flag = pick(b, 'isTemplate');
    const id = await copyProduct(
      db,
      userId,
      idOf(pick(b, 'id', 'productId'), 'id'),
      flag === undefined ? {} : { isTemplate: flag === 1 || flag === '1' || flag === true },
    );
    return okData({ id }, ProductMessages.copied);
  });

  /** Marks a saved product as a photo product (custom types 8, 9); the designer calls it after the save. */
  app.post('/api/Myexclusive/addPhotoProduct/:id', async (request) => {
    const userId = await requireUser(request);
    const id = await markPhotoProduct(db, userId, idOf(paramsOf(request).id, 'id'));
    return okData({ id }, ProductMessages.saved);
  });

  // ------------------------------------------------------------------------------------------
  // Images and variants
  // ------------------------------------------------------------------------------------------

  app.post('/api/editImages/addImagesEditList', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const productId = idOf(pick(b, 'productId', 'id', 'myProductId'), 'productId');
    const raw = pick(b, 'list', 'images');
    if (raw !== undefined && !Array.isArray(raw)) throw new AppError('list must be a list of images');
    const ids = await replaceImages(deps, userId, productId, ((raw as unknown[] | undefined) ?? []).map(readImageInput));
    return okData({ ids });
  });

  app.post('/api/editImages/add', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const productId = idOf(pick(b, 'productId', 'myProductId'), 'productId');
    const id = await addImage(deps, userId, productId, readImageInput(b));
    return okData({ id });
  });

  /** The saved product's variants with cost, price and profit. */
  app.get('/api/variants/productListDetails', async (request) => {
    const userId = await requireUser(request);
    const detail = await productDetail(db, userId, idOf(pick(queryOf(request), 'id', 'productId'), 'id'));
    return ok({ rows: detail.variants, total: detail.variants.length });
  });

  app.put('/api/variants/updateImagesid', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const imageRaw = pick(b, 'imagesId', 'imageId');
    await setVariantImage(
      db,
      userId,
      idOf(pick(b, 'productId', 'id'), 'productId'),
      idsOf(pick(b, 'variantIds', 'variantsid', 'variantId')),
      imageRaw === undefined ? null : idOf(imageRaw, 'imagesId'),
    );
    return ok();
  });

  // ------------------------------------------------------------------------------------------
  // Pricing rule
  // ------------------------------------------------------------------------------------------

  const readRule = async (request: FastifyRequest) => okData(await getPriceRule(db, await requireUser(request)));
  // PUT priceRule sets it (spec); GET on the same path reads it. getPriceRule is the name the
  // account page was written against.
  app.get('/api/shops/priceRule', readRule);
  app.get('/api/shops/getPriceRule', readRule);

  app.put('/api/shops/priceRule', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const current = await getPriceRule(db, userId);
    // A field left out keeps its saved value, so the form may send only the mode it edits.
    const rule = {
      mode: b.mode ?? current.mode,
      multiplierPct: b.multiplierPct ?? current.multiplierPct,
      markupCents: b.markupCents ?? current.markupCents,
    };
    const error = priceRuleError(rule);
    if (error) throw new AppError(error);
    await setPriceRule(db, userId, rule as PriceRule);
    return okData(rule, ProductMessages.saved);
  });

  /** Re-prices the merchant's products (or `ids`) by the saved rule from today's catalogue cost. */
  app.put('/api/shops/applyPrice', async (request) => {
    const userId = await requireUser(request);
    const raw = pick(bodyOf(request), 'ids');
    const ids = raw === undefined ? undefined : idsOf(raw);
    const result = await applyPriceToProducts(db, userId, await getPriceRule(db, userId), ids);
    return okData(result, ProductMessages.priceApplied);
  });
}
