/**
 * Catalogue product calls (GET): lists with filters, sorting and paging, related, hot-selling
 * and 3D products, product details by id, handle or id list, and the variant templates.
 * Categories, templates, shipping, files and the operator's PSD products are in the *-routes.ts
 * modules beside this one, registered from here.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { AppError, okData, page } from '../platform/envelope';
import { aka, offsetOf } from '../platform/http-schema/fields';
import { dataReply, pageReply } from '../platform/http-schema/replies';
import { listFields, productFilterOf, sortOf } from './filters';
import { CatalogMessages } from './messages';
import { catalogId, catalogIdList, catalogPaging } from './fields';
import {
  countProducts,
  listProducts,
  loadBundles,
  productBasics,
  productIdByHandle,
  relatedProducts,
  type CountOf,
  type ProductFilter,
} from './queries';
import { productCard, productDetail, variantTemplate } from './replies';
import { toCard, toDetail, viewPhotoIn } from './serialize';
import { DEFAULT_CATALOG_PAGE_SIZE, DEFAULT_STRIP_PAGE_SIZE } from '../../contract/catalog';
import type { CustomTemplate } from '@pod-studio/engine/model';
import { catalogTaxonomyRoutes } from './taxonomy-routes';
import { catalogShippingRoutes } from './shipping-routes';
import { catalogFileRoutes } from './files-routes';
import { catalogOpsRoutes } from './ops-routes';
import { createCatalogAnswerCache, type CatalogView } from './answer-cache';

const tags = ['catalog'];
const HANDLE_RE = /^[a-z0-9][a-z0-9-]{0,199}$/;
/** What Fastify sends a serialized object as. */
const JSON_TYPE = 'application/json; charset=utf-8';
const toBytes = (s: string | Buffer | ArrayBuffer): Buffer =>
  typeof s === 'string' ? Buffer.from(s) : Buffer.isBuffer(s) ? s : Buffer.from(s);

export function catalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answers = createCatalogAnswerCache(db);

  /**
   * Sends the answer kept for `key` at the catalogue's current version, or makes it. The bytes
   * kept are the route's own serializer's (its reply schema checks the answer once, when made), so
   * a kept answer is byte for byte the one the route would make. Refusals are thrown, never kept.
   */
  const sendKept = async (reply: FastifyReply, key: string, make: (view: CatalogView) => Promise<object>): Promise<FastifyReply> => {
    const view = await answers.view();
    const body = await view.get(
      key,
      async () => toBytes(reply.serialize(await make(view))),
      (b) => b.length,
    );
    return reply.type(JSON_TYPE).send(body);
  };
  /** A list's total depends on its filter alone: kept per filter, so other pages and sorts reuse it. */
  const countIn =
    (view: CatalogView): CountOf =>
    (f) =>
      view.get(
        JSON.stringify(['count', f]),
        () => countProducts(db, f),
        () => 64,
      );

  const listRoute = (url: string, summary: string, defaultSize: number, fixed: ProductFilter = {}) =>
    api.get(
      url,
      {
        schema: {
          tags,
          summary,
          querystring: z.object({ ...catalogPaging(defaultSize), ...listFields }),
          response: { 200: pageReply(productCard) },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const filter = { ...productFilterOf(q), ...fixed };
        const sort = sortOf(q);
        const paging = { pageSize: q.pageSize, offset: offsetOf(q) };
        return sendKept(reply, JSON.stringify(['list', url, filter, sort, paging]), async (view) => {
          const { rows, total } = await listProducts(db, filter, sort, paging, countIn(view));
          return page(rows.map(toCard), total);
        });
      },
    );

  // The catalogue grid and its plain alias: same filters, same cards.
  listRoute('/api/product/productsCatalogList', 'The catalogue grid: products filtered, sorted and paged', DEFAULT_CATALOG_PAGE_SIZE);
  listRoute('/api/product/list', 'The catalogue grid (same as productsCatalogList)', DEFAULT_CATALOG_PAGE_SIZE);
  listRoute('/api/product/get3DCustomProducts', 'Products with a 3D mockup, filtered and paged', DEFAULT_STRIP_PAGE_SIZE, { is3d: true });
  listRoute('/api/product/getHotSellingProducts', 'Hot-selling products, filtered and paged', DEFAULT_STRIP_PAGE_SIZE, { hotOnly: true });

  api.get(
    '/api/product/relatedProductList',
    {
      schema: {
        tags,
        summary: "Products of the same category, the product's own subcategory first",
        querystring: z.object({
          productId: aka(catalogId('productId'), 'productid', 'id'),
          ...catalogPaging(DEFAULT_STRIP_PAGE_SIZE),
        }),
        response: { 200: pageReply(productCard) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const paging = { pageSize: q.pageSize, offset: offsetOf(q) };
      return sendKept(reply, JSON.stringify(['related', q.productId, paging]), async (view) => {
        const product = await productBasics(db, q.productId);
        if (!product) throw new AppError(CatalogMessages.productNotFound);
        const { rows, total } = await relatedProducts(db, product, paging, countIn(view));
        return page(rows.map(toCard), total);
      });
    },
  );

  api.get(
    '/api/product/getInfo/:id',
    {
      schema: {
        tags,
        summary: 'A product in full: options, variants, images, gallery, shipping costs',
        params: z.object({ id: catalogId('id') }),
        response: { 200: dataReply(productDetail) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendKept(reply, JSON.stringify(['detail', id]), async () => {
        const [bundle] = await loadBundles(db, [id]);
        if (!bundle) throw new AppError(CatalogMessages.productNotFound);
        return okData(toDetail(bundle));
      });
    },
  );

  api.get(
    '/api/product/getInfoByHandle/:handle',
    {
      schema: {
        tags,
        summary: 'A product in full, by its handle',
        params: z.object({ handle: z.string() }),
        response: { 200: dataReply(productDetail) },
      },
    },
    async (request, reply) => {
      const handle = request.params.handle.trim().toLowerCase();
      return sendKept(reply, JSON.stringify(['handle', handle]), async () => {
        const id = HANDLE_RE.test(handle) ? await productIdByHandle(db, handle) : null;
        const [bundle] = id ? await loadBundles(db, [id]) : [];
        if (!bundle) throw new AppError(`${CatalogMessages.productNotFound}: ${handle || '(empty handle)'}`);
        return okData(toDetail(bundle));
      });
    },
  );

  api.get(
    '/api/product/getProductList',
    {
      schema: {
        tags,
        summary: 'Several products in full, in the order asked',
        querystring: z.object({ productIdList: aka(catalogIdList('productIdList'), 'productIdList[]') }),
        response: { 200: dataReply(z.array(productDetail)) },
      },
    },
    async (request) => {
      const ids = request.query.productIdList;
      const bundles = await loadBundles(db, ids);
      const missing = ids.filter((id) => !bundles.some((b) => b.product.id === id));
      if (missing.length > 0) throw new AppError(`${CatalogMessages.productNotFound}: ${missing.join(', ')}`);
      return okData(bundles.map(toDetail));
    },
  );

  /** Each variant with the colour image and the template it designs on. */
  api.get(
    '/api/product/getVariantTemplateList',
    {
      schema: {
        tags,
        summary: "A product's variants, each with its colour image and design template id",
        querystring: z.object({ productid: aka(catalogId('productid'), 'productId', 'id') }),
        response: { 200: pageReply(variantTemplate) },
      },
    },
    async (request) => {
      const [bundle] = await loadBundles(db, [request.query.productid]);
      if (!bundle) throw new AppError(CatalogMessages.productNotFound);
      const template = bundle.template.template as CustomTemplate;
      const firstView = template.viewList[0];
      const rows = bundle.variants.map((v) => {
        const image = bundle.images.find((im) => im.id === v.imagesId) ?? bundle.images[0];
        const hex = image?.imgname ?? '#FFFFFF';
        return {
          variantId: v.id,
          option1: v.option1,
          option2: v.option2,
          option3: v.option3,
          cost: v.cost,
          sku: v.sku,
          imagesId: v.imagesId,
          colorName: image?.colorName ?? '',
          imgname: hex,
          src: firstView ? viewPhotoIn(firstView.viewData.imageUrl, firstView.viewId, hex) : (image?.src ?? ''),
          customTemplateId: `${bundle.template.id}-${hex.replace('#', '')}`,
        };
      });
      return page(rows, rows.length);
    },
  );

  catalogTaxonomyRoutes(app, ctx);
  catalogShippingRoutes(app, ctx);
  catalogFileRoutes(app, ctx);
  catalogOpsRoutes(app, ctx);
}
