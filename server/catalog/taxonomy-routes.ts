/**
 * Categories (tblwaretype, tblwaretypetwo), custom types, the customized-gift zone, the display
 * templates and product images.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CustomTemplate } from '../../engine/model/index.ts';
import type { AppContext } from '../platform/context';
import { AppError, okData, page } from '../platform/envelope';
import { CatalogMessages, first, optionalId, parseCustomType, parseFlag, parseId, parsePaging, type Query } from './catalog-query';
import { bestSellerCovers, categoriesWithCounts, countsBy, loadBundles, templatesList } from './queries';
import { templateForColour, toWireImage } from './serialize';
import { CATEGORIES, HOT_SELLING_SLUG } from './taxonomy';
import { CUSTOM_TYPES, DEFAULT_CATALOG_PAGE_SIZE } from '../../contract/catalog';

const queryOf = (request: FastifyRequest): Query => (request.query ?? {}) as Query;

export function catalogTaxonomyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** The product menu: categories joined with their subcategories (subMenuList). */
  app.get('/api/product/tblwaretype/list', async (request) => {
    const menuOnly = parseFlag(first(queryOf(request), 'menu'), 'menu') ?? false;
    const { categories, subcategories, counts, hotCount } = await categoriesWithCounts(db);
    const rows = categories
      .filter((c) => !menuOnly || c.inMenu)
      .map((c) => {
        const subs = subcategories.filter((s) => s.categoryId === c.id);
        const subMenuList = subs.map((s) => ({
          id: s.id,
          waretypeid: c.id,
          name: s.name,
          title: s.title,
          slug: s.slug,
          url: s.icon,
          status: s.status,
          sort: s.sort,
          hot: s.hot ? 1 : 0,
          productCount: counts.get(s.id) ?? 0,
          path: `/all-products/${c.slug}/${s.slug}`,
        }));
        return {
          id: c.id,
          name: c.name,
          title: c.title,
          slug: c.slug,
          url: c.icon,
          status: c.status,
          sort: c.sort,
          inMenu: c.inMenu ? 1 : 0,
          hasSubMenu: c.hasSubMenu ? 1 : 0,
          productCount: c.slug === HOT_SELLING_SLUG ? hotCount : subMenuList.reduce((n, s) => n + s.productCount, 0),
          path: `/all-products/${c.slug}`,
          subMenuList,
        };
      });
    return page(rows, rows.length);
  });

  app.get('/api/product/tblwaretypetwo/list', async (request) => {
    const q = queryOf(request);
    const raw = first(q, 'waretypeid', 'categoryId', 'category');
    const category =
      raw === undefined ? undefined : CATEGORIES.find((c) => (/^\d+$/.test(raw) ? c.id === Number(raw) : c.slug === raw.toLowerCase()));
    if (raw !== undefined && !category) throw new AppError(`${CatalogMessages.categoryNotFound}: ${raw}`);
    const { categories, subcategories, counts } = await categoriesWithCounts(db);
    const rows = subcategories
      .filter((s) => !category || s.categoryId === category.id)
      .map((s) => {
        const c = categories.find((x) => x.id === s.categoryId);
        return {
          id: s.id,
          waretypeid: s.categoryId,
          categorySlug: c?.slug ?? '',
          name: s.name,
          title: s.title,
          slug: s.slug,
          url: s.icon,
          status: s.status,
          sort: s.sort,
          hot: s.hot ? 1 : 0,
          productCount: counts.get(s.id) ?? 0,
          path: `/all-products/${c?.slug ?? ''}/${s.slug}`,
        };
      });
    return page(rows, rows.length);
  });

  /** Subcategories marked hot, each with its best seller's picture as a cover. */
  app.get('/api/product/tblwaretypetwo/hotSellingCategoriesList', async () => {
    const { categories, subcategories, counts } = await categoriesWithCounts(db);
    const hot = subcategories.filter((s) => s.hot);
    const covers = await bestSellerCovers(
      db,
      hot.map((s) => s.id),
    );
    const rows = hot.map((s) => {
      const c = categories.find((x) => x.id === s.categoryId);
      return {
        id: s.id,
        waretypeid: s.categoryId,
        categorySlug: c?.slug ?? '',
        name: s.name,
        title: s.title,
        slug: s.slug,
        url: s.icon,
        cover: covers.get(s.id) ?? s.icon,
        productCount: counts.get(s.id) ?? 0,
        path: `/all-products/${c?.slug ?? ''}/${s.slug}`,
      };
    });
    return page(rows, rows.length);
  });

  app.get('/api/product/tblwaretypetwo/getCustomTypeList', async () => {
    const counts = await countsBy(db, 'customType', {});
    const rows = [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([customType, productCount]) => ({
        customType,
        name: CUSTOM_TYPES[customType]?.name ?? `Type ${customType}`,
        description: CUSTOM_TYPES[customType]?.description ?? '',
        productCount,
      }));
    return page(rows, rows.length);
  });

  /** The customized-gift zone: subcategories holding giftable products, with counts. */
  app.get('/api/product/tblwaretypetwo/getCustomizedTypeList', async () => {
    const counts = await countsBy(db, 'subcategoryId', { gift: true });
    const rows = CATEGORIES.flatMap((c) =>
      c.subcategories.flatMap((s) => {
        const productCount = counts.get(s.id) ?? 0;
        return productCount > 0
          ? [
              {
                id: s.id,
                waretypeid: c.id,
                categorySlug: c.slug,
                name: s.name,
                title: s.name,
                slug: s.slug,
                productCount,
                path: `/all-products/customized-gift-zone/${s.id}`,
              },
            ]
          : [];
      }),
    );
    return page(rows, rows.length);
  });

  /**
   * With productid: that product's templates, one per colour (data). Without: the archetype
   * templates for display, paged (rows, total), optionally of one customType or subcategory.
   */
  app.get('/api/customizedTemplate/getDisplayCustomizedTemplateList', async (request) => {
    const q = queryOf(request);
    const productId = optionalId(first(q, 'productid', 'productId'), 'productid');
    if (productId !== undefined) {
      const [bundle] = await loadBundles(db, [productId]);
      if (!bundle) throw new AppError(CatalogMessages.productNotFound);
      const template = bundle.template.template as CustomTemplate;
      return okData(bundle.images.map((im) => templateForColour(template, { name: im.colorName, hex: im.imgname })));
    }
    const customType = parseCustomType(first(q, 'customType'));
    // The gift zone links here with a subcategory id (getCustomizedTypeList rows).
    const subId = optionalId(first(q, 'waretypetwoid', 'subcategoryId', 'id'), 'waretypetwoid');
    if (subId !== undefined && !CATEGORIES.some((c) => c.subcategories.some((x) => x.id === subId))) {
      throw new AppError(`${CatalogMessages.subcategoryNotFound}: ${subId}`);
    }
    const paging = parsePaging(q, DEFAULT_CATALOG_PAGE_SIZE);
    const [templates, counts] = await Promise.all([
      templatesList(db, { customType, ...(subId !== undefined ? { subcategoryId: subId } : {}) }),
      countsBy(db, 'templateId', {}),
    ]);
    const rows = templates.slice(paging.offset, paging.offset + paging.pageSize).map((t) => ({
      customTemplateId: String(t.id),
      name: t.name,
      archetype: t.archetype,
      customType: t.customType,
      cover: t.cover,
      productCount: counts.get(t.id) ?? 0,
    }));
    return page(rows, templates.length);
  });

  /** A product's image rows, one per colour, each with its template as editZone. */
  app.get('/api/productImages/list', async (request) => {
    const q = queryOf(request);
    const productId = parseId(first(q, 'productid', 'productId'), 'productid');
    const customType = parseCustomType(first(q, 'customType'));
    const [bundle] = await loadBundles(db, [productId]);
    if (!bundle) throw new AppError(CatalogMessages.productNotFound);
    const template = bundle.template.template as CustomTemplate;
    const rows = bundle.images
      .filter((im) => customType === undefined || im.customType === customType)
      .map((im) => ({ ...toWireImage(im), editZone: templateForColour(template, { name: im.colorName, hex: im.imgname }) }));
    return page(rows, rows.length);
  });
}
