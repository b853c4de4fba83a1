/**
 * The merchant's saved products and templates (the saved design, its variants with the
 * merchant's prices, its rendered view images) and the account's pricing rule (shops/priceRule,
 * applyPrice).
 *
 * Money is integer cents. Catalogue ids (productfid, variant_id) are plain integers without
 * foreign keys, as in the commerce tables: the catalogue is regenerated whole, and a saved
 * product keeps a snapshot (options, sku, cost) of what it was made from.
 *
 * Store connections read these tables to push products; the column names are stable.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A saved design on a catalogue product ("My products"), or a template ("My templates") when is_template. */
export const myProducts = pgTable(
  'my_products',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The merchant's current shop when the product was created (informational; every read filters by user_id). */
    shopId: integer('shop_id'),
    /** The parent catalogue product. */
    productfid: integer('productfid').notNull(),
    isTemplate: boolean('is_template').notNull().default(false),
    /** The template this product was made from, when it was ("use this template"). */
    sourceTemplateId: integer('source_template_id'),
    title: text('title').notNull(),
    /** Sanitised HTML (server/products/sanitize-html.ts). */
    bodyHtml: text('body_html').notNull().default(''),
    /** The design JSON inline (up to 60000 characters); null when saved as a file (edit_obj_url). */
    editObj: text('edit_obj'),
    /** The design JSON as a file in this merchant's own storage, for designs over 60000 characters. */
    editObjUrl: text('edit_obj_url'),
    printtype: integer('printtype'),
    customType: integer('custom_type'),
    sectionType: integer('section_type'),
    prototypeGroupId: text('prototype_group_id'),
    prototypeGroupName: text('prototype_group_name').notNull().default(''),
    /** [{ id, color }]: the colours the merchant picked ('#RRGGBB'). */
    colorIds: jsonb('color_ids').notNull().default([]),
    /** The option values picked per option: { optionsvalue: [..], optionsvalue2: [..], optionsvalue3: [..] }. */
    options: jsonb('options').notNull().default({}),
    /** A photo product (custom types 8, 9), marked by Myexclusive/addPhotoProduct/{id} after its save. */
    isPhoto: boolean('is_photo').notNull().default(false),
    /** 1 active. */
    status: integer('status').notNull().default(1),
    /**
     * The key a bulk save sent with this product (one per product of a bulk job): sending the
     * same key again answers with this product instead of creating a second one, so a bulk save
     * retried after a lost answer, a reload or a crash never duplicates products.
     */
    requestKey: text('request_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('my_products_user_idx').on(t.userId, t.isTemplate, t.updatedAt),
    uniqueIndex('my_products_request_key_idx').on(t.userId, t.requestKey),
  ],
);

/** The catalogue variants a saved product sells, with the merchant's price. */
export const myProductVariants = pgTable(
  'my_product_variants',
  {
    id: serial('id').primaryKey(),
    myProductId: integer('my_product_id')
      .notNull()
      .references(() => myProducts.id, { onDelete: 'cascade' }),
    /** The catalogue variant. */
    variantId: integer('variant_id').notNull(),
    position: integer('position').notNull(),
    option1: text('option1'),
    option2: text('option2'),
    option3: text('option3'),
    sku: text('sku').notNull(),
    /** The catalogue cost when last saved or re-priced, integer cents. */
    costCents: integer('cost_cents').notNull(),
    /** The merchant's selling price, integer cents (at most 99999.99). */
    priceCents: integer('price_cents').notNull(),
    /** The my_product_images row shown for this variant (variants/updateImagesid). */
    imageId: integer('image_id'),
  },
  (t) => [uniqueIndex('my_product_variants_variant_idx').on(t.myProductId, t.variantId)],
);

/** Rendered view images of a saved product (JPEG from the engine), one per view and colour. */
export const myProductImages = pgTable(
  'my_product_images',
  {
    id: serial('id').primaryKey(),
    myProductId: integer('my_product_id')
      .notNull()
      .references(() => myProducts.id, { onDelete: 'cascade' }),
    viewId: text('view_id').notNull(),
    viewName: text('view_name').notNull().default(''),
    /** '#RRGGBB' of the SKU colour (colorValue / colorLump on the wire). */
    colorValue: text('color_value').notNull().default(''),
    colorName: text('color_name').notNull().default(''),
    /** The rendered SKU (SKUId, optionsval, optionsid on the wire). */
    skuId: text('sku_id').notNull().default(''),
    optionsval: text('optionsval').notNull().default(''),
    optionsid: text('optionsid').notNull().default(''),
    /** Catalogue variant ids that show this image. */
    variantIds: jsonb('variant_ids').notNull().default([]),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('my_product_images_product_idx').on(t.myProductId, t.position)],
);

/**
 * The account's pricing rule: a product saved without explicit prices sells at
 * cost × multiplier_pct / 100 ('multiplier') or cost + markup_cents ('markup').
 */
export const priceRules = pgTable('price_rules', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mode: text('mode').notNull(),
  multiplierPct: integer('multiplier_pct').notNull(),
  markupCents: integer('markup_cents').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The merchant's photo library (editImages addImagesPhoto, getImagesPhotoList, updateSImagesPhoto):
 * photos uploaded for photo products, with what the merchant last did to each (crop and
 * adjustment, `edit_obj`), so a photo is cropped and adjusted once and reused on other products.
 */
export const myPhotos = pgTable(
  'my_photos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the merchant's own stored pictures (server/products/blob-refs.ts). */
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    /** Pixels of the stored file, read from the file when it was added. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileName: text('file_name').notNull().default(''),
    /** { crop, adjust } (contract/photos.ts PhotoEdit); null until first edited. */
    editObj: jsonb('edit_obj'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('my_photos_user_url_idx').on(t.userId, t.url), index('my_photos_user_idx').on(t.userId, t.updatedAt)],
);
