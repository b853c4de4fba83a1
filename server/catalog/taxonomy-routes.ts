/**
 * Categories (tblwaretype, tblwaretypetwo), custom types, the customized-gift zone, the display
 * templates and product images.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomTemplate } from '@pod-studio/engine/model';
import type { AppContext } from '../platform/context';
import { AppError, okData, page } from '../platform/envelope';
import { aka, flag, offsetOf, optionalInt } from '../platform/http-schema/fields';
import { okReply, pageReply } from '../platform/http-schema/replies';
import { CatalogMessages } from './messages';
import { catalogId, catalogPaging, categoryRef, optionalCatalogId } from './fields';
import { bestSellerCovers, categoriesWithCounts, countsBy, loadBundles, templatesList } from './queries';
import {
  customTemplate,
  customTypeRow,
  displayTemplate,
  giftTypeRow,
  hotCategory,
  menuCategory,
  productImage,
  subcategoryRow,
} from './replies';
import { templateForColour, toWireImage } from './serialize';
import { CATEGORIES, HOT_SELLING_SLUG } from './taxonomy';
import { CUSTOM_TYPES, DEFAULT_CATALOG_PAGE_SIZE } from '../../contract/catalog';

const tags = ['catalog'];

export function catalogTaxonomyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The product menu: categories joined with their subcategories (subMenuList). */
  api.get(
    '/api/product/tblwaretype/list',
    {
      schema: {
        tags,
        summary: 'The product menu: categories with their subcategories and product counts',
        querystring: z.object({ menu: flag('menu').meta({ description: '1: only the categories of the main menu' }) }),
        response: { 200: pageReply(menuCategory) },
      },
    },
    async (request) => {
      const menuOnly = request.query.menu ?? false;
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
    },
  );

  api.get(
    '/api/product/tblwaretypetwo/list',
    {
      schema: {
        tags,
        summary: 'Subcategories, all or of one category, with product counts',
        querystring: z.object({ waretypeid: aka(categoryRef('waretypeid'), 'categoryId', 'category') }),
        response: { 200: pageReply(subcategoryRow) },
      },
    },
    async (request) => {
      const category = request.query.waretypeid;
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
    },
  );

  /** Subcategories marked hot, each with its best seller's picture as a cover. */
  api.get(
    '/api/product/tblwaretypetwo/hotSellingCategoriesList',
    {
      schema: {
        tags,
        summary: "Hot subcategories, each with its best seller's picture as a cover",
        response: { 200: pageReply(hotCategory) },
      },
    },
    async () => {
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
    },
  );

  api.get(
    '/api/product/tblwaretypetwo/getCustomTypeList',
    { schema: { tags, summary: 'The custom types in use, with product counts', response: { 200: pageReply(customTypeRow) } } },
    async () => {
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
    },
  );

  /** The customized-gift zone: subcategories holding giftable products, with counts. */
  api.get(
    '/api/product/tblwaretypetwo/getCustomizedTypeList',
    {
      schema: {
        tags,
        summary: 'The customized-gift zone: subcategories holding giftable products',
        response: { 200: pageReply(giftTypeRow) },
      },
    },
    async () => {
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
    },
  );

  /**
   * With productid: that product's templates, one per colour (data). Without: the archetype
   * templates for display, paged (rows, total), optionally of one customType or subcategory.
   */
  api.get(
    '/api/customizedTemplate/getDisplayCustomizedTemplateList',
    {
      schema: {
        tags,
        summary: "A product's templates, one per colour (data); without productid the display templates, paged (rows, total)",
        querystring: z.object({
          productid: aka(optionalCatalogId('productid'), 'productId'),
          customType: optionalInt('customType', 1, 12),
          waretypetwoid: aka(optionalCatalogId('waretypetwoid'), 'subcategoryId', 'id'),
          ...catalogPaging(DEFAULT_CATALOG_PAGE_SIZE),
        }),
        response: {
          200: okReply({
            data: z.array(customTemplate).optional().meta({ description: "With productid: the product's templates" }),
            rows: z.array(displayTemplate).optional().meta({ description: 'Without productid: a page of display templates' }),
            total: z.int().optional(),
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const productId = q.productid;
      if (productId !== undefined) {
        const [bundle] = await loadBundles(db, [productId]);
        if (!bundle) throw new AppError(CatalogMessages.productNotFound);
        const template = bundle.template.template as CustomTemplate;
        return okData(bundle.images.map((im) => templateForColour(template, { name: im.colorName, hex: im.imgname })));
      }
      const customType = q.customType;
      // The gift zone links here with a subcategory id (getCustomizedTypeList rows).
      const subId = q.waretypetwoid;
      if (subId !== undefined && !CATEGORIES.some((c) => c.subcategories.some((x) => x.id === subId))) {
        throw new AppError(`${CatalogMessages.subcategoryNotFound}: ${subId}`);
      }
      const offset = offsetOf(q);
      const [templates, counts] = await Promise.all([
        templatesList(db, { customType, ...(subId !== undefined ? { subcategoryId: subId } : {}) }),
        countsBy(db, 'templateId', {}),
      ]);
      const rows = templates.slice(offset, offset + q.pageSize).map((t) => ({
        customTemplateId: String(t.id),
        name: t.name,
        archetype: t.archetype,
        customType: t.customType,
        cover: t.cover,
        productCount: counts.get(t.id) ?? 0,
      }));
      return page(rows, templates.length);
    },
  );

  /** A product's image rows, one per colour, each with its template as editZone. */
  api.get(
    '/api/productImages/list',
    {
      schema: {
        tags,
        summary: "A product's image rows, one per colour, each with its template as editZone",
        querystring: z.object({
          productid: aka(catalogId('productid'), 'productId'),
          customType: optionalInt('customType', 1, 12),
        }),
        response: { 200: pageReply(productImage) },
      },
    },
    async (request) => {
      const { productid: productId, customType } = request.query;
      const [bundle] = await loadBundles(db, [productId]);
      if (!bundle) throw new AppError(CatalogMessages.productNotFound);
      const template = bundle.template.template as CustomTemplate;
      const rows = bundle.images
        .filter((im) => customType === undefined || im.customType === customType)
        .map((im) => ({ ...toWireImage(im), editZone: templateForColour(template, { name: im.colorName, hex: im.imgname }) }));
      return page(rows, rows.length);
    },
  );
}
