/**
 * Catalogue tables: products, their variants, their images (one per colour), the custom templates
 * they are designed on, and the categories. The catalogue is generated (demo/catalog) or added by
 * the operator from PSDs (./psd-products.ts) and read-only at run time, so ids are assigned by
 * the generator (plain integer keys, no sequences): the same seed gives the same ids on every
 * database, and a product URL stays valid across rebuilds with the same seed.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Generator marker: which seed/version/size the rows and files were built from. */
export const catalogMeta = pgTable('catalog_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row (id 1) counting changes to the catalogue tables below. Statement triggers raise it in
 * the transaction that changes them (migration 0013), whoever writes: the generator, the
 * operator's PSD products, a test or a hand-written UPDATE. A reader that sees the same number
 * again knows the rows are the same, which is what the kept answers of ./answer-cache.ts rely on.
 */
export const catalogVersion = pgTable('catalog_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** tblwaretype: top-level categories of the product menu. */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    icon: text('icon').notNull(),
    sort: integer('sort').notNull(),
    status: integer('status').notNull().default(1),
    /** The hot-selling category is kept out of the header's main menu. */
    inMenu: boolean('in_menu').notNull().default(true),
    /** The header shows a sub-menu of its subcategories (Women's, Men's, Shoes & Socks, Bags, Home Deco). */
    hasSubMenu: boolean('has_sub_menu').notNull().default(false),
  },
  (t) => [uniqueIndex('catalog_categories_slug_idx').on(t.slug)],
);

/** tblwaretypetwo: subcategories. */
export const catalogSubcategories = pgTable(
  'catalog_subcategories',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => catalogCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    icon: text('icon').notNull(),
    sort: integer('sort').notNull(),
    status: integer('status').notNull().default(1),
    /** Shown in the home page's hot-selling categories strip. */
    hot: boolean('hot').notNull().default(false),
  },
  (t) => [uniqueIndex('catalog_subcategories_slug_idx').on(t.categoryId, t.slug)],
);

/** One CustomTemplate (engine model) per archetype, shared by all of its products. */
export const catalogTemplates = pgTable(
  'catalog_templates',
  {
    id: integer('id').primaryKey(),
    archetype: text('archetype').notNull(),
    name: text('name').notNull(),
    customType: integer('custom_type').notNull(),
    cover: text('cover').notNull(),
    template: jsonb('template').notNull(),
  },
  (t) => [uniqueIndex('catalog_templates_archetype_idx').on(t.archetype)],
);

export const catalogProducts = pgTable(
  'catalog_products',
  {
    id: integer('id').primaryKey(),
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    bodyHtml: text('body_html').notNull(),
    archetype: text('archetype').notNull(),
    customType: integer('custom_type').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => catalogCategories.id),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => catalogSubcategories.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => catalogTemplates.id),
    /** 1: ships from a local warehouse (USA or Australia) and only inside its zone. */
    shipFlag: integer('ship_flag').notNull(),
    /** 'CN' (the factory, worldwide), 'US' or 'AU'. */
    shipFrom: text('ship_from').notNull(),
    defaultLogisticsId: integer('default_logistics_id').notNull(),
    /** [{ logistics_id, is_tiered, firstCost, additionalCost }] in integer cents. */
    logistics: jsonb('logistics').notNull(),
    /** [{ name, value }] */
    properties: jsonb('properties').notNull(),
    /** Engine ProductOption[] (id, name, position, isColor, values [{ name, hex }]). */
    options: jsonb('options').notNull(),
    customInfo: jsonb('custom_info').notNull(),
    pic1: text('pic1').notNull(),
    /** Cheapest and dearest variant, integer cents; the price filter and sort use minCost. */
    minCost: integer('min_cost').notNull(),
    maxCost: integer('max_cost').notNull(),
    hotSelling: boolean('hot_selling').notNull(),
    is3d: boolean('is_3d').notNull(),
    customizedGift: boolean('customized_gift').notNull(),
    /** Units sold: the popularity sort. */
    sales: integer('sales').notNull(),
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** lower(title + handle + description): the text filter's haystack (LIKE, no extension needed). */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('catalog_products_handle_idx').on(t.handle),
    index('catalog_products_category_idx').on(t.categoryId, t.createdAt),
    index('catalog_products_subcategory_idx').on(t.subcategoryId, t.createdAt),
    index('catalog_products_custom_type_idx').on(t.customType),
    index('catalog_products_ship_from_idx').on(t.shipFrom),
    index('catalog_products_min_cost_idx').on(t.minCost),
    index('catalog_products_created_idx').on(t.createdAt),
    index('catalog_products_sales_idx').on(t.sales),
  ],
);

export const catalogVariants = pgTable(
  'catalog_variants',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    option1: text('option1'),
    option2: text('option2'),
    option3: text('option3'),
    imagesId: integer('images_id'),
    /** Integer cents. */
    cost: integer('cost').notNull(),
    sku: text('sku').notNull(),
    weightGrams: integer('weight_grams').notNull(),
  },
  (t) => [index('catalog_variants_product_idx').on(t.productId, t.position)],
);

/** Product image rows: one per product colour; editZone is the archetype template (joined). */
export const catalogImages = pgTable(
  'catalog_images',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    customType: integer('custom_type').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => catalogTemplates.id),
    sectionType: integer('section_type'),
    prototypeGroupId: text('prototype_group_id'),
    prototypeGroupName: text('prototype_group_name').notNull(),
    sectionName: text('section_name').notNull(),
    colorName: text('color_name').notNull(),
    /** '#RRGGBB' of the SKU colour this image shows. */
    imgname: text('imgname').notNull(),
    src: text('src').notNull(),
    iscolor: integer('iscolor').notNull(),
    isoverlay: integer('isoverlay').notNull(),
    editimgwidth: integer('editimgwidth').notNull(),
    editimgheight: integer('editimgheight').notNull(),
  },
  (t) => [index('catalog_images_product_idx').on(t.productId, t.position)],
);
