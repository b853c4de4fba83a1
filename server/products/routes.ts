/**
 * My products and My templates: saved products, their images and variants, and the account's
 * pricing rule. Every call needs a merchant and acts on their own rows only;
 * another merchant's id answers as not found.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { AppError, ok, okData, page } from '../platform/envelope';
import { aka, choice, id, idParams, isBlank, offsetOf, optionalId, paging, text } from '../platform/http-schema/fields';
import { dataReply, okReply, pageReply } from '../platform/http-schema/replies';
import { bodyHtmlField, saveFields, saveInput, titleField, variantsField, type SaveInput } from './input';
import { batchIds, keptText, worded } from './fields';
import { applyPriceToProducts, copyProduct, createProduct, deleteProducts, listProducts, productDetail, updateProduct } from './service';
import { addImage, needsUrlAndView, replaceImages, setVariantImage, viewImageFields, viewImageInput, viewImageList } from './images';
import { getPriceRule, setPriceRule } from './price-rules';
import { markPhotoProduct } from './photos';
import { photoRoutes } from './photo-routes';
import { addBatch, addWithImages, type BatchItem } from './batch';
import { BULK_SAVE_MAX, BulkMessages } from '../../contract/bulk';
import { myProductCard, myProductDetail, myProductVariant, priceRule } from './replies';
import {
  MULTIPLIER_PCT_MAX,
  MULTIPLIER_PCT_MIN,
  PRICE_MAX_CENTS,
  PRODUCT_PAGE_SIZE_DEFAULT,
  ProductMessages,
  priceRuleError,
  type PriceRule,
} from '../../contract/products';
import { sessionSecurity as security } from '../accounts/signed-in';

const tags = ['products'];

const savedReply = dataReply(z.looseObject({ id: z.int() }));

/** A product to create with its rendered view images, and the bulk job's key for it. */
const productWithImagesFields = {
  ...saveFields,
  images: aka(viewImageList, 'list', 'imageList'),
  requestKey: keptText('requestKey', 100).meta({
    description: 'Any text unique to this product of a bulk job: sending it again answers with the product it made',
  }),
};

function batchItem(b: z.output<z.ZodObject<typeof productWithImagesFields>>): BatchItem {
  const input = saveInput(b);
  if (b.requestKey) input.requestKey = b.requestKey;
  return { input, images: b.images };
}

/** 1 (or true) copies into My templates, anything else into My products; blank keeps where it was. */
const copyTemplateFlag = z
  .preprocess((v) => (isBlank(v) ? undefined : v === true || v === 1 || v === '1'), z.boolean().optional())
  .meta({ description: '1: copy into My templates; 0: into My products; left out: where the original is' });

export function productRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const deps = { db, blobs: ctx.blobs };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/Myexclusive/add',
    {
      schema: {
        tags,
        security,
        summary: 'Save a design as a product or template',
        body: z.object(saveFields),
        response: { 200: savedReply },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const id = await createProduct(deps, userId, saveInput(request.body));
      request.log.info({ userId, myProductId: id }, 'my product saved');
      return okData({ id }, ProductMessages.saved);
    },
  );

  /** add and addImagesEditList in one call: the product exists only with the images it was sent with. */
  api.post(
    '/api/Myexclusive/addExt',
    {
      schema: {
        tags,
        security,
        summary: 'Save a design as a product together with its rendered view images',
        body: z.object(productWithImagesFields),
        response: { 200: savedReply },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const id = await addWithImages(deps, userId, batchItem(request.body));
      request.log.info({ userId, myProductId: id }, 'my product saved with images');
      return okData({ id }, ProductMessages.saved);
    },
  );

  /**
   * The bulk save: many products, each with its images. Each item succeeds or fails on its own
   * and the answer lists both, in the order sent.
   */
  api.post(
    '/api/Myexclusive/batchAdd',
    {
      schema: {
        tags,
        security,
        summary: 'Save many products at once, each with its rendered view images',
        body: z.object({
          list: aka(
            z
              .array(z.object(productWithImagesFields), { error: 'list must be a list of products' })
              .min(1, BulkMessages.noProducts)
              .max(BULK_SAVE_MAX, BulkMessages.tooManyItems),
            'productList',
          ),
        }),
        response: {
          200: dataReply(
            z.looseObject({
              created: z.int(),
              results: z.array(z.looseObject({ index: z.int(), id: z.int().optional(), msg: z.string().optional() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const results = await addBatch(deps, userId, request.body.list.map(batchItem));
      const created = results.filter((r) => r.id !== undefined).length;
      request.log.info({ userId, created, failed: results.length - created }, 'bulk products saved');
      return okData({ created, results }, BulkMessages.created);
    },
  );

  api.put(
    '/api/Myexclusive/update',
    {
      schema: {
        tags,
        security,
        summary: 'Change the fields given of a saved product',
        body: z.object({ id: id('id'), ...saveFields }),
        response: { 200: savedReply },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { id } = request.body;
      await updateProduct(deps, userId, id, saveInput(request.body));
      return okData({ id }, ProductMessages.saved);
    },
  );

  api.put(
    '/api/Myexclusive/updateTitleBodyHtml',
    {
      schema: {
        tags,
        security,
        summary: 'Change the title and description',
        body: z.object({ id: id('id'), title: titleField, bodyHtml: aka(bodyHtmlField, 'body_html') }),
        response: { 200: savedReply },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { id, title, bodyHtml } = request.body;
      const input: SaveInput = {};
      if (title !== undefined) input.title = title;
      if (bodyHtml !== undefined) input.bodyHtml = bodyHtml;
      await updateProduct(deps, userId, id, input);
      return okData({ id }, ProductMessages.saved);
    },
  );

  /** The Price & Details step: title, description and the variants with their prices. */
  api.put(
    '/api/Myexclusive/updateMyProductInfo',
    {
      schema: {
        tags,
        security,
        summary: 'Price & Details: title, description and variant prices',
        body: z.object({ id: id('id'), title: titleField, bodyHtml: bodyHtmlField, variants: variantsField }),
        response: { 200: savedReply },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { id, title, bodyHtml, variants } = request.body;
      await updateProduct(deps, userId, id, { title, bodyHtml, variants });
      return okData({ id }, ProductMessages.saved);
    },
  );

  api.get(
    '/api/Myexclusive/getInfo/:id',
    { schema: { tags, security, summary: 'A saved product in full', params: idParams, response: { 200: dataReply(myProductDetail) } } },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await productDetail(db, userId, request.params.id));
    },
  );

  api.get(
    '/api/Myexclusive/list',
    {
      schema: {
        tags,
        security,
        summary: 'My products or My templates, newest first, searched by title words',
        querystring: z.object({
          ...paging(PRODUCT_PAGE_SIZE_DEFAULT),
          isTemplate: choice('isTemplate', { '0': '0', '1': '1' }, 'isTemplate must be 0 or 1').meta({
            description: '1: My templates; 0 (default): My products',
          }),
          keyword: aka(text('keyword', 200), 'title').meta({ description: 'Words that must all appear in the title' }),
        }),
        response: { 200: pageReply(myProductCard) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const q = request.query;
      const { rows, total } = await listProducts(db, userId, {
        isTemplate: q.isTemplate === '1',
        // Title words for the search, lower-cased.
        words: q.keyword.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10),
        pageSize: q.pageSize,
        offset: offsetOf(q),
      });
      return page(rows, total);
    },
  );

  api.delete(
    '/api/Myexclusive/delete/:ids',
    {
      schema: {
        tags,
        security,
        summary: "Delete several products at once (all or none: one that is not the merchant's refuses the lot)",
        params: z.object({ ids: batchIds('ids').meta({ description: 'Comma list of ids' }) }),
        response: { 200: dataReply(z.looseObject({ deleted: z.int() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const deleted = await deleteProducts(db, userId, request.params.ids);
      request.log.info({ userId, deleted }, 'my products deleted');
      return okData({ deleted }, ProductMessages.deleted);
    },
  );

  /** A copy of a product or template; isTemplate 1 saves the copy to My templates, 0 to My products. */
  api.post(
    '/api/Myexclusive/copyProduct',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'Copy a product with its variants, prices and images',
        body: z.object({ id: aka(id('id'), 'productId'), isTemplate: copyTemplateFlag }),
        response: { 200: savedReply },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { isTemplate } = request.body;
      const id = await copyProduct(db, userId, request.body.id, isTemplate === undefined ? {} : { isTemplate });
      return okData({ id }, ProductMessages.copied);
    },
  );

  /**
   * Marks a saved product as a photo product (its catalogue blank is of custom type 8 or 9); the
   * designer calls it after the save. The photo library's calls are in photo-routes.ts.
   */
  api.post(
    '/api/Myexclusive/addPhotoProduct/:id',
    { schema: { tags, security, summary: 'Mark a saved product as a photo product', params: idParams, response: { 200: savedReply } } },
    async (request) => {
      const userId = await requireUser(request);
      const id = await markPhotoProduct(db, userId, request.params.id);
      return okData({ id }, ProductMessages.saved);
    },
  );

  photoRoutes(app, ctx);

  // ------------------------------------------------------------------------------------------
  // Images and variants
  // ------------------------------------------------------------------------------------------

  api.post(
    '/api/editImages/addImagesEditList',
    {
      schema: {
        tags,
        security,
        summary: "Record the rendered view images (replaces the product's whole set)",
        body: z.object({ productId: aka(id('productId'), 'id', 'myProductId'), list: aka(viewImageList, 'images') }),
        response: { 200: dataReply(z.looseObject({ ids: z.array(z.int()) })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const ids = await replaceImages(deps, userId, request.body.productId, request.body.list);
      return okData({ ids });
    },
  );

  api.post(
    '/api/editImages/add',
    {
      schema: {
        tags,
        security,
        summary: 'Record one more view image',
        body: z.object({ productId: aka(id('productId'), 'myProductId'), ...viewImageFields }).superRefine(needsUrlAndView),
        response: { 200: dataReply(z.looseObject({ id: z.int() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const { productId, ...image } = request.body;
      const id = await addImage(deps, userId, productId, viewImageInput(image));
      return okData({ id });
    },
  );

  /** The saved product's variants with cost, price and profit. */
  api.get(
    '/api/variants/productListDetails',
    {
      schema: {
        tags,
        security,
        summary: "A saved product's variants with cost, price and profit",
        querystring: z.object({ id: aka(id('id'), 'productId') }),
        response: { 200: pageReply(myProductVariant) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const detail = await productDetail(db, userId, request.query.id);
      return ok({ rows: detail.variants, total: detail.variants.length });
    },
  );

  api.put(
    '/api/variants/updateImagesid',
    {
      schema: {
        tags,
        security,
        summary: "Which of the product's images some variants show (none when imagesId is left out)",
        body: z.object({
          productId: aka(id('productId'), 'id'),
          variantIds: aka(batchIds('variantIds'), 'variantsid', 'variantId'),
          imagesId: aka(optionalId('imagesId'), 'imageId'),
        }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      await setVariantImage(db, userId, b.productId, b.variantIds, b.imagesId ?? null);
      return ok();
    },
  );

  // ------------------------------------------------------------------------------------------
  // Pricing rule
  // ------------------------------------------------------------------------------------------

  const readRule = async (request: FastifyRequest) => okData(await getPriceRule(db, await requireUser(request)));
  const readRuleSchema = { tags, security, summary: "The account's pricing rule", response: { 200: dataReply(priceRule) } };
  // PUT priceRule sets it; GET on the same path reads it. getPriceRule is the name the account
  // page was written against.
  api.get('/api/shops/priceRule', { schema: readRuleSchema }, readRule);
  api.get('/api/shops/getPriceRule', { schema: readRuleSchema }, readRule);

  api.put(
    '/api/shops/priceRule',
    {
      schema: {
        tags,
        security,
        summary: "Set the account's pricing rule; a field left out keeps its saved value",
        body: z.object({
          mode: worded(z.enum(['multiplier', 'markup']).nullish(), ProductMessages.modeInvalid),
          multiplierPct: worded(z.int().min(MULTIPLIER_PCT_MIN).max(MULTIPLIER_PCT_MAX).nullish(), ProductMessages.multiplierInvalid),
          markupCents: worded(z.int().min(0).max(PRICE_MAX_CENTS).nullish(), ProductMessages.markupInvalid),
        }),
        response: { 200: dataReply(priceRule) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const current = await getPriceRule(db, userId);
      // A field left out keeps its saved value, so the form may send only the mode it edits.
      const rule: PriceRule = {
        mode: b.mode ?? current.mode,
        multiplierPct: b.multiplierPct ?? current.multiplierPct,
        markupCents: b.markupCents ?? current.markupCents,
      };
      const error = priceRuleError(rule);
      if (error) throw new AppError(error);
      await setPriceRule(db, userId, rule);
      return okData(rule, ProductMessages.saved);
    },
  );

  /** Re-prices the merchant's products (or `ids`) by the saved rule from today's catalogue cost. */
  api.put(
    '/api/shops/applyPrice',
    {
      schema: {
        tags,
        security,
        summary: "Re-price the merchant's products (or ids) by the saved rule from today's catalogue cost",
        body: z.object({ ids: z.preprocess((v) => (isBlank(v) ? undefined : v), batchIds('ids').optional()) }),
        response: { 200: dataReply(z.looseObject({ products: z.int(), variants: z.int() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const result = await applyPriceToProducts(db, userId, await getPriceRule(db, userId), request.body.ids);
      return okData(result, ProductMessages.priceApplied);
    },
  );
}
