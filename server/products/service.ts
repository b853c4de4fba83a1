/**
 * Saved products and templates: create, update, read, list, copy, delete, re-price. Every query
 * is scoped to the merchant; another merchant's id behaves exactly like an id that does not exist.
 * Writes that belong together (a product and its variants) run in one transaction.
 */
import { readDesignDocument } from '@pod-studio/engine/model';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { Tx } from '../commerce/ledger';
import type { BlobStorage } from '../platform/blob-storage/types';
import { myProductImages, myProducts, myProductVariants } from './schema';
import { users } from '../accounts/schema';
import { AppError } from '../platform/envelope';
import { Code } from '../../contract/envelope';
import { variantTitle } from '../commerce/catalog-lookup';
import { loadParent, parentSummaries, liveVariantCosts, type ParentProduct } from './parent';
import { getPriceRule } from './price-rules';
import { priceVariants, selectVariants, type CatalogVariant, type PricedVariant } from './variants';
import { ownedFile } from './blob-refs';
import { sanitizeHtml } from './sanitize-html';
import type { SaveInput, EditObjInput } from './input';
import {
  applyPriceRule,
  PRODUCT_TITLE_MAX,
  ProductMessages,
  profitCents,
  type ColorPick,
  type MyProductCard,
  type MyProductDetail,
  type MyProductImage,
  type MyProductVariant,
  type PriceRule,
} from '../../contract/products';

type ProductRow = typeof myProducts.$inferSelect;

export interface ProductsDeps {
  db: Db;
  blobs: BlobStorage;
}

export const notFound = (template = false): never => {
  throw new AppError(template ? ProductMessages.templateNotFound : ProductMessages.notFound, Code.NOT_FOUND);
};

/** The merchant's own product row, or not found. */
export async function ownProduct(db: Db | Tx, userId: number, id: number): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(myProducts)
    .where(and(eq(myProducts.id, id), eq(myProducts.userId, userId), eq(myProducts.status, 1)));
  return row ?? notFound();
}

/**
 * Every design document stored, inline or as a file, is read with the designer's own reader
 * (engine/model): a document the designer could not open again is refused, not saved.
 */
function assertDesignDocument(text: string): void {
  if (!readDesignDocument(text)) throw new AppError(ProductMessages.editObjInvalid);
}

/** A design file URL must be one of the merchant's own stored JSON files. */
async function resolveEditObj(
  deps: ProductsDeps,
  userId: number,
  input: EditObjInput,
): Promise<{ editObj: string | null; editObjUrl: string | null }> {
  if (input === null) return { editObj: null, editObjUrl: null };
  if (input.kind === 'inline') {
    assertDesignDocument(input.text);
    return { editObj: input.text, editObjUrl: null };
  }
  const ref = await ownedFile(deps.blobs, userId, input.url, ['json']);
  if ('error' in ref) throw new AppError(ref.error === 'missing' ? ProductMessages.editObjMissing : ProductMessages.editObjNotYours);
  assertDesignDocument(ref.body?.toString('utf8') ?? '');
  return { editObj: null, editObjUrl: ref.url };
}

/** The colours the chosen variants cover, as colorIds, when the merchant did not name them. */
function colorsOfVariants(parent: ParentProduct, variants: readonly CatalogVariant[]): ColorPick[] {
  const option = parent.options.find((o) => o.isColor);
  if (!option) return [];
  const used = new Set(variants.map((v) => (option.position === 1 ? v.option1 : option.position === 2 ? v.option2 : v.option3)));
  return option.values.filter((v) => used.has(v.name) && v.hex).map((v) => ({ id: v.name, color: v.hex!.toUpperCase(), name: v.name }));
}

async function insertVariants(
  tx: Tx,
  productId: number,
  variants: readonly PricedVariant[],
  imageIds: ReadonlyMap<number, number | null> = new Map(),
): Promise<void> {
  if (variants.length === 0) return;
  await tx.insert(myProductVariants).values(
    variants.map((v) => ({
      myProductId: productId,
      variantId: v.id,
      position: v.position,
      option1: v.option1,
      option2: v.option2,
      option3: v.option3,
      sku: v.sku,
      costCents: v.cost,
      priceCents: v.price,
      imageId: imageIds.get(v.id) ?? null,
    })),
  );
}

async function checkSourceTemplate(db: Db, userId: number, id: number | null | undefined): Promise<number | null> {
  if (id === null || id === undefined) return null;
  const [row] = await db
    .select({ id: myProducts.id })
    .from(myProducts)
    .where(and(eq(myProducts.id, id), eq(myProducts.userId, userId), eq(myProducts.isTemplate, true), eq(myProducts.status, 1)));
  return row?.id ?? notFound(true);
}

/** The product a bulk save already made under `key`, if any. */
export async function productWithKey(db: Db, userId: number, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: myProducts.id })
    .from(myProducts)
    .where(and(eq(myProducts.userId, userId), eq(myProducts.requestKey, key)));
  return row?.id ?? null;
}

export async function createProduct(deps: ProductsDeps, userId: number, input: SaveInput): Promise<number> {
  const { db } = deps;
  if (input.productfid === undefined) throw new AppError('productfid is required');
  if (input.requestKey !== undefined) {
    const made = await productWithKey(db, userId, input.requestKey);
    if (made !== null) return made;
  }
  const parent = await loadParent(db, input.productfid);
  if (!parent) throw new AppError(ProductMessages.parentNotFound);
  const design = input.editObj === undefined ? { editObj: null, editObjUrl: null } : await resolveEditObj(deps, userId, input.editObj);
  const sourceTemplateId = await checkSourceTemplate(db, userId, input.sourceTemplateId);
  const rule = await getPriceRule(db, userId);
  const selected = selectVariants(parent.options, parent.variants, input.colorIds ?? [], input.picks ?? {});
  const priced = priceVariants(parent.variants, selected, input.variants, rule);
  if ('error' in priced) throw new AppError(priced.error);
  const [user] = await db.select({ shopId: users.currentShopId }).from(users).where(eq(users.id, userId));
  const colorIds = input.colorIds && input.colorIds.length > 0 ? input.colorIds : colorsOfVariants(parent, priced);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(myProducts)
        .values({
          userId,
          shopId: user?.shopId ?? null,
          productfid: parent.id,
          isTemplate: input.isTemplate ?? false,
          sourceTemplateId,
          title: input.title ?? parent.title.slice(0, PRODUCT_TITLE_MAX),
          bodyHtml: input.bodyHtml ?? sanitizeHtml(parent.bodyHtml),
          ...design,
          printtype: input.printtype ?? null,
          customType: input.customType === undefined ? parent.customType : input.customType,
          sectionType: input.sectionType ?? null,
          prototypeGroupId: input.prototypeGroupId ?? null,
          prototypeGroupName: input.prototypeGroupName ?? '',
          colorIds,
          options: input.picks ?? {},
          requestKey: input.requestKey ?? null,
        })
        .returning({ id: myProducts.id });
      await insertVariants(tx, row!.id, priced);
      return row!.id;
    })
    .catch(async (err: unknown) => {
      // Two saves with one key at once: the second loses on the unique index and answers with the first's product.
      const made = input.requestKey === undefined ? null : await productWithKey(db, userId, input.requestKey);
      if (made !== null) return made;
      throw err;
    });
}

export async function updateProduct(deps: ProductsDeps, userId: number, id: number, input: SaveInput): Promise<void> {
  const { db } = deps;
  const row = await ownProduct(db, userId, id);
  if (input.productfid !== undefined && input.productfid !== row.productfid)
    throw new AppError('The product of a saved design cannot change: save it as a new product');
  const design = input.editObj === undefined ? {} : await resolveEditObj(deps, userId, input.editObj);
  const sourceTemplateId = input.sourceTemplateId === undefined ? undefined : await checkSourceTemplate(db, userId, input.sourceTemplateId);
  // The variant set is recomputed only when the request touches it; prices the merchant set are
  // kept for variants that stay, new ones get the pricing rule.
  let variantPlan: { priced: PricedVariant[]; colorIds: ColorPick[] } | null = null;
  if (input.variants !== undefined || input.colorIds !== undefined || input.picks !== undefined) {
    const parent = await loadParent(db, row.productfid);
    if (!parent) throw new AppError(ProductMessages.parentNotFound);
    const existing = await db.select().from(myProductVariants).where(eq(myProductVariants.myProductId, id));
    const oldPrice = new Map(existing.map((v) => [v.variantId, v.priceCents]));
    const rule = await getPriceRule(db, userId);
    const colors = input.colorIds ?? (input.variants === undefined ? (row.colorIds as ColorPick[]) : []);
    const picks = input.picks ?? (input.variants === undefined ? ((row.options as SaveInput['picks']) ?? {}) : {});
    const selected = selectVariants(parent.options, parent.variants, colors, picks);
    const explicit = input.variants ?? selected.map((v) => ({ variantId: v.id, price: oldPrice.get(v.id) }));
    const withKept = explicit.map((e) => ({ variantId: e.variantId, price: e.price ?? oldPrice.get(e.variantId) }));
    const priced = priceVariants(parent.variants, selected, withKept, rule);
    if ('error' in priced) throw new AppError(priced.error);
    variantPlan = { priced, colorIds: input.colorIds && input.colorIds.length > 0 ? input.colorIds : colorsOfVariants(parent, priced) };
  }
  await db.transaction(async (tx) => {
    await tx
      .update(myProducts)
      .set({
        ...design,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.bodyHtml !== undefined ? { bodyHtml: input.bodyHtml } : {}),
        ...(input.printtype !== undefined ? { printtype: input.printtype } : {}),
        ...(input.customType !== undefined ? { customType: input.customType } : {}),
        ...(input.sectionType !== undefined ? { sectionType: input.sectionType } : {}),
        ...(input.prototypeGroupId !== undefined ? { prototypeGroupId: input.prototypeGroupId } : {}),
        ...(input.prototypeGroupName !== undefined ? { prototypeGroupName: input.prototypeGroupName } : {}),
        ...(input.picks !== undefined ? { options: input.picks } : {}),
        ...(input.isTemplate !== undefined ? { isTemplate: input.isTemplate } : {}),
        ...(sourceTemplateId !== undefined ? { sourceTemplateId } : {}),
        ...(variantPlan ? { colorIds: variantPlan.colorIds } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(myProducts.id, id), eq(myProducts.userId, userId)));
    if (variantPlan) {
      const existing = await tx
        .select({ variantId: myProductVariants.variantId, imageId: myProductVariants.imageId })
        .from(myProductVariants)
        .where(eq(myProductVariants.myProductId, id));
      await tx.delete(myProductVariants).where(eq(myProductVariants.myProductId, id));
      await insertVariants(tx, id, variantPlan.priced, new Map(existing.map((v) => [v.variantId, v.imageId])));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

const likeEscape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListQuery {
  isTemplate: boolean;
  words: string[];
  pageSize: number;
  offset: number;
}

const imageView = (r: typeof myProductImages.$inferSelect): MyProductImage => ({
  id: r.id,
  viewId: r.viewId,
  viewName: r.viewName,
  colorValue: r.colorValue,
  colorName: r.colorName,
  SKUId: r.skuId,
  optionsval: r.optionsval,
  optionsid: r.optionsid,
  variantIds: r.variantIds as number[],
  url: r.url,
  thumbnailUrl: r.thumbnailUrl,
  position: r.position,
});

interface Aggregates {
  variantCount: number;
  minPrice: number;
  maxPrice: number;
  minCost: number;
  maxCost: number;
}

async function aggregatesOf(db: Db, ids: readonly number[]): Promise<Map<number, Aggregates>> {
  if (ids.length === 0) return new Map();
  const v = myProductVariants;
  const rows = await db
    .select({
      id: v.myProductId,
      n: count(),
      minPrice: sql<number>`min(${v.priceCents})`.mapWith(Number),
      maxPrice: sql<number>`max(${v.priceCents})`.mapWith(Number),
      minCost: sql<number>`min(${v.costCents})`.mapWith(Number),
      maxCost: sql<number>`max(${v.costCents})`.mapWith(Number),
    })
    .from(v)
    .where(inArray(v.myProductId, [...ids]))
    .groupBy(v.myProductId);
  return new Map(
    rows.map((r) => [r.id, { variantCount: r.n, minPrice: r.minPrice, maxPrice: r.maxPrice, minCost: r.minCost, maxCost: r.maxCost }]),
  );
}

/** The first view image of each product, in one query (DISTINCT ON). */
async function coversOf(db: Db, ids: readonly number[]): Promise<Map<number, { url: string; thumbnailUrl: string }>> {
  if (ids.length === 0) return new Map();
  const i = myProductImages;
  const rows = await db
    .selectDistinctOn([i.myProductId], { id: i.myProductId, url: i.url, thumbnailUrl: i.thumbnailUrl })
    .from(i)
    .where(inArray(i.myProductId, [...ids]))
    .orderBy(i.myProductId, asc(i.position), asc(i.id));
  return new Map(rows.map((r) => [r.id, { url: r.url, thumbnailUrl: r.thumbnailUrl }]));
}

async function cardsOf(db: Db, rows: readonly ProductRow[]): Promise<MyProductCard[]> {
  const ids = rows.map((r) => r.id);
  const [aggs, covers, parents] = await Promise.all([
    aggregatesOf(db, ids),
    coversOf(db, ids),
    parentSummaries(
      db,
      rows.map((r) => r.productfid),
    ),
  ]);
  return rows.map((r) => {
    const a = aggs.get(r.id) ?? { variantCount: 0, minPrice: 0, maxPrice: 0, minCost: 0, maxCost: 0 };
    const cover = covers.get(r.id);
    const parent = parents.get(r.productfid);
    return {
      id: r.id,
      productfid: r.productfid,
      isTemplate: r.isTemplate ? 1 : 0,
      title: r.title,
      cover: cover?.thumbnailUrl ?? parent?.pic1 ?? '',
      image: cover?.url ?? parent?.pic1 ?? '',
      customType: r.customType,
      ...a,
      colorCount: (r.colorIds as ColorPick[]).length,
      parentTitle: parent?.title ?? '',
      available: parent !== undefined,
      createTime: r.createdAt.toISOString(),
      updateTime: r.updatedAt.toISOString(),
    };
  });
}

export async function listProducts(db: Db, userId: number, q: ListQuery): Promise<{ rows: MyProductCard[]; total: number }> {
  const p = myProducts;
  const conds: SQL[] = [eq(p.userId, userId), eq(p.isTemplate, q.isTemplate), eq(p.status, 1)];
  for (const w of q.words) conds.push(sql`lower(${p.title}) like ${`%${likeEscape(w)}%`}`);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db.select().from(p).where(where).orderBy(desc(p.updatedAt), desc(p.id)).limit(q.pageSize).offset(q.offset),
    db.select({ n: count() }).from(p).where(where),
  ]);
  return { rows: await cardsOf(db, rows), total: total?.n ?? 0 };
}

export async function productDetail(db: Db, userId: number, id: number): Promise<MyProductDetail> {
  const row = await ownProduct(db, userId, id);
  const [[card], variants, images, parent] = await Promise.all([
    cardsOf(db, [row]),
    db
      .select()
      .from(myProductVariants)
      .where(eq(myProductVariants.myProductId, id))
      .orderBy(asc(myProductVariants.position), asc(myProductVariants.id)),
    db
      .select()
      .from(myProductImages)
      .where(eq(myProductImages.myProductId, id))
      .orderBy(asc(myProductImages.position), asc(myProductImages.id)),
    parentSummaries(db, [row.productfid]),
  ]);
  const live = await liveVariantCosts(
    db,
    variants.map((v) => v.variantId),
  );
  const variantViews: MyProductVariant[] = variants.map((v) => ({
    id: v.id,
    variantId: v.variantId,
    position: v.position,
    option1: v.option1,
    option2: v.option2,
    option3: v.option3,
    title: variantTitle(v),
    sku: v.sku,
    cost: v.costCents,
    price: v.priceCents,
    profit: profitCents(v.priceCents, v.costCents),
    imageId: v.imageId,
    available: live.has(v.variantId),
  }));
  return {
    ...card!,
    shopId: row.shopId,
    sourceTemplateId: row.sourceTemplateId,
    isPhoto: row.isPhoto ? 1 : 0,
    bodyHtml: row.bodyHtml,
    editObj: row.editObj,
    editObjUrl: row.editObjUrl,
    printtype: row.printtype,
    sectionType: row.sectionType,
    prototypeGroupId: row.prototypeGroupId,
    prototypeGroupName: row.prototypeGroupName,
    colorIds: row.colorIds as ColorPick[],
    options: row.options as Record<string, string[]>,
    status: row.status,
    variants: variantViews,
    images: images.map(imageView),
    parent: parent.get(row.productfid) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Copy, delete, re-price
// ---------------------------------------------------------------------------------------------

/** "Title (Copy)", cut so the whole still fits the title limit. */
export function copyTitle(title: string): string {
  const suffix = ' (Copy)';
  return `${title.slice(0, PRODUCT_TITLE_MAX - suffix.length)}${suffix}`;
}

/**
 * A new product with the same design, variants, prices and view images. Files are shared, not
 * duplicated: stored names are random and never rewritten, so the copies cannot affect each other.
 */
export interface CopyOptions {
  /** Into My templates (true) or My products (false); left out: where the original is. */
  isTemplate?: boolean;
  /** The shop the copy belongs to; left out: the original's. */
  shopId?: number | null;
  /** Keep the title as it is (a copy into another shop) instead of marking it "(Copy)". */
  sameTitle?: boolean;
}

export async function copyProduct(db: Db, userId: number, id: number, opts: CopyOptions = {}): Promise<number> {
  return db.transaction((tx) => copyProductIn(tx, userId, id, opts));
}

/** Copies of several products in one transaction: all of them, or none when one is not the merchant's. */
export async function copyProducts(db: Db, userId: number, ids: readonly number[], opts: CopyOptions = {}): Promise<number[]> {
  return db.transaction(async (tx) => {
    const out: number[] = [];
    for (const id of ids) out.push(await copyProductIn(tx, userId, id, opts));
    return out;
  });
}

async function copyProductIn(tx: Tx, userId: number, id: number, opts: CopyOptions): Promise<number> {
  const row = await ownProduct(tx, userId, id);
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
  const [copy] = await tx
    .insert(myProducts)
    .values({
      ...rest,
      title: opts.sameTitle ? row.title : copyTitle(row.title),
      isTemplate: opts.isTemplate ?? row.isTemplate,
      shopId: opts.shopId === undefined ? row.shopId : opts.shopId,
      // A copy is a new product, not the answer to the original's bulk save.
      requestKey: null,
    })
    .returning({ id: myProducts.id });
  const newId = copy!.id;
  const images = await tx.select().from(myProductImages).where(eq(myProductImages.myProductId, id)).orderBy(asc(myProductImages.id));
  const imageMap = new Map<number, number>();
  for (const img of images) {
    const { id: oldImageId, myProductId: _m, createdAt: _ic, ...imgRest } = img;
    const [n] = await tx
      .insert(myProductImages)
      .values({ ...imgRest, myProductId: newId })
      .returning({ id: myProductImages.id });
    imageMap.set(oldImageId, n!.id);
  }
  const variants = await tx.select().from(myProductVariants).where(eq(myProductVariants.myProductId, id));
  if (variants.length > 0) {
    await tx.insert(myProductVariants).values(
      variants.map(({ id: _vid, myProductId: _mp, imageId, ...v }) => ({
        ...v,
        myProductId: newId,
        imageId: imageId === null ? null : (imageMap.get(imageId) ?? null),
      })),
    );
  }
  return newId;
}

/** Deletes all of `ids` or none: one id that is not the merchant's refuses the whole request. */
export async function deleteProducts(db: Db, userId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) throw new AppError(ProductMessages.nothingSelected);
  return db.transaction(async (tx) => {
    const own = await tx
      .select({ id: myProducts.id })
      .from(myProducts)
      .where(and(inArray(myProducts.id, [...ids]), eq(myProducts.userId, userId), eq(myProducts.status, 1)));
    if (own.length !== ids.length) notFound();
    await tx.delete(myProducts).where(and(inArray(myProducts.id, [...ids]), eq(myProducts.userId, userId)));
    return own.length;
  });
}

/**
 * applyPrice: every variant of the merchant's products (or of `ids`) gets today's catalogue
 * cost and the price the rule gives for it. Templates are left alone; variants that left the
 * catalogue keep their last cost and price.
 */
export async function applyPriceToProducts(
  db: Db,
  userId: number,
  rule: PriceRule,
  ids?: readonly number[],
): Promise<{ products: number; variants: number }> {
  return db.transaction(async (tx) => {
    const conds: SQL[] = [eq(myProducts.userId, userId), eq(myProducts.status, 1)];
    if (ids && ids.length > 0) conds.push(inArray(myProducts.id, [...ids]));
    else conds.push(eq(myProducts.isTemplate, false));
    const products = await tx
      .select({ id: myProducts.id })
      .from(myProducts)
      .where(and(...conds));
    if (ids && ids.length > 0 && products.length !== ids.length) notFound();
    if (products.length === 0) return { products: 0, variants: 0 };
    const productIds = products.map((p) => p.id);
    const variants = await tx
      .select({ id: myProductVariants.id, variantId: myProductVariants.variantId })
      .from(myProductVariants)
      .where(inArray(myProductVariants.myProductId, productIds));
    const live = await liveVariantCosts(
      tx,
      variants.map((v) => v.variantId),
    );
    const updates = variants.flatMap((v) => {
      const cost = live.get(v.variantId);
      return cost === undefined ? [] : [sql`(${v.id}::int, ${cost}::int, ${applyPriceRule(cost, rule)}::int)`];
    });
    for (let i = 0; i < updates.length; i += 500) {
      await tx.execute(sql`update my_product_variants as mv set cost_cents = v.cost, price_cents = v.price
        from (values ${sql.join(updates.slice(i, i + 500), sql`, `)}) as v(id, cost, price) where mv.id = v.id`);
    }
    await tx.update(myProducts).set({ updatedAt: new Date() }).where(inArray(myProducts.id, productIds));
    return { products: productIds.length, variants: updates.length };
  });
}
