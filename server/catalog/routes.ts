/**
 * Catalogue product calls (GET): lists with filters, sorting and paging, related, hot-selling
 * and 3D products, product details by id, handle or id list, and the variant templates.
 * Categories, templates, shipping, files and the operator's PSD products are in the *-routes.ts
 * modules beside this one, registered from here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { AppError, okData, page } from '../platform/envelope';
import { parseFilter } from './filters';
import { CatalogMessages, first, parseId, parseIdList, parsePaging, parseSort, type Query } from './catalog-query';
import { listProducts, loadBundles, productBasics, productIdByHandle, relatedProducts, type ProductFilter } from './queries';
import { toCard, toDetail, viewPhotoIn } from './serialize';
import { DEFAULT_CATALOG_PAGE_SIZE, DEFAULT_STRIP_PAGE_SIZE } from '../../contract/catalog';
import type { CustomTemplate } from '../../engine/model/index.ts';
import { catalogTaxonomyRoutes } from './taxonomy-routes';
import { catalogShippingRoutes } from './shipping-routes';
import { catalogFileRoutes } from './files-routes';
import { catalogOpsRoutes } from './ops-routes';

const queryOf = (request: FastifyRequest): Query => (request.query ?? {}) as Query;
const HANDLE_RE = /^[a-z0-9][a-z0-9-]{0,199}$/;

export function catalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const listCall =
    (defaultSize: number, fixed: ProductFilter = {}) =>
    async (request: FastifyRequest) => {
      const q = queryOf(request);
      const paging = parsePaging(q, defaultSize);
      const filter = { ...parseFilter(q), ...fixed };
      const { rows, total } = await listProducts(db, filter, parseSort(q), paging);
      return page(rows.map(toCard), total);
    };

  // The catalogue grid and its plain alias: same filters, same cards.
  app.get('/api/product/productsCatalogList', listCall(DEFAULT_CATALOG_PAGE_SIZE));
  app.get('/api/product/list', listCall(DEFAULT_CATALOG_PAGE_SIZE));
  app.get('/api/product/get3DCustomProducts', listCall(DEFAULT_STRIP_PAGE_SIZE, { is3d: true }));
  app.get('/api/product/getHotSellingProducts', listCall(DEFAULT_STRIP_PAGE_SIZE, { hotOnly: true }));

  app.get('/api/product/relatedProductList', async (request) => {
    const q = queryOf(request);
    const id = parseId(first(q, 'productId', 'productid', 'id'), 'productId');
    const paging = parsePaging(q, DEFAULT_STRIP_PAGE_SIZE);
    const product = await productBasics(db, id);
    if (!product) throw new AppError(CatalogMessages.productNotFound);
    const { rows, total } = await relatedProducts(db, product, paging);
    return page(rows.map(toCard), total);
  });

  app.get('/api/product/getInfo/:id', async (request) => {
    const id = parseId((request.params as { id?: string }).id, 'id');
    const [bundle] = await loadBundles(db, [id]);
    if (!bundle) throw new AppError(CatalogMessages.productNotFound);
    return okData(toDetail(bundle));
  });

  app.get('/api/product/getInfoByHandle/:handle', async (request) => {
    const handle = ((request.params as { handle?: string }).handle ?? '').trim().toLowerCase();
    const id = HANDLE_RE.test(handle) ? await productIdByHandle(db, handle) : null;
    const [bundle] = id ? await loadBundles(db, [id]) : [];
    if (!bundle) throw new AppError(`${CatalogMessages.productNotFound}: ${handle || '(empty handle)'}`);
    return okData(toDetail(bundle));
  });

  app.get('/api/product/getProductList', async (request) => {
    const ids = parseIdList(queryOf(request), 'productIdList');
    const bundles = await loadBundles(db, ids);
    const missing = ids.filter((id) => !bundles.some((b) => b.product.id === id));
    if (missing.length > 0) throw new AppError(`${CatalogMessages.productNotFound}: ${missing.join(', ')}`);
    return okData(bundles.map(toDetail));
  });

  /** Each variant with the colour image and the template it designs on. */
  app.get('/api/product/getVariantTemplateList', async (request) => {
    const id = parseId(first(queryOf(request), 'productid', 'productId', 'id'), 'productid');
    const [bundle] = await loadBundles(db, [id]);
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
  });

  catalogTaxonomyRoutes(app, ctx);
  catalogShippingRoutes(app, ctx);
  catalogFileRoutes(app, ctx);
  catalogOpsRoutes(app, ctx);
}
