/**
 * Rendered view images of a saved product (the editImages calls). The
 * client uploads each JPEG through uploadsImg and records the URLs here; every URL must be one of
 * the merchant's own stored pictures, and a missing thumbnail is made here (120x120).
 */
import { and, count, eq, inArray, max } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../platform/db/client';
import { myProductImages, myProductVariants } from './schema';
import { AppError } from '../platform/envelope';
import { aka, isBlank, refuse } from '../platform/http-schema/fields';
import { sniffImage } from '../platform/image-sniff';
import { ImageTooLargeError, processImage } from '../uploads/image-checks';
import { withSuffix } from '../uploads/object-keys';
import { ownedFile } from './blob-refs';
import { ownProduct, type ProductsDeps } from './service';
import { PRODUCT_IMAGES_MAX, ProductMessages, type ViewImageInput } from '../../contract/products';

/** Text cut to `max` characters; anything but text or a number is ''. */
const clip = (v: unknown, max: number): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, max) : '');
const clipped = (max: number) => z.preprocess((v) => clip(v, max), z.string().default(''));

const NEEDS_URL = 'Each image needs a url and a viewId';
const VARIANT_IDS = 'variantIds must be a list of variant ids';

/** A catalogue variant id, as a number or a string of digits. */
const variantId = z
  .union([z.int(VARIANT_IDS).min(1, VARIANT_IDS), z.string(VARIANT_IDS).regex(/^\s*\d{1,12}\s*$/, VARIANT_IDS)], { error: VARIANT_IDS })
  .transform((v, ctx) => (Number(v) >= 1 ? Number(v) : refuse(ctx, VARIANT_IDS, v)));

/** The fields of one view image, under the names the wire uses (other spellings accepted). */
export const viewImageFields = {
  url: aka(clipped(2000), 'src'),
  viewId: clipped(100),
  thumbnailUrl: clipped(2000),
  viewName: clipped(200),
  colorValue: aka(clipped(20), 'colorLump'),
  colorName: clipped(100),
  SKUId: aka(clipped(100), 'skuId'),
  optionsval: clipped(500),
  optionsid: clipped(500),
  variantIds: z
    .preprocess((v) => v ?? [], z.array(variantId, { error: VARIANT_IDS }).max(1000, VARIANT_IDS).default([]))
    .meta({ description: 'Catalogue variant ids this image shows' }),
};

type ViewImageFields = z.output<z.ZodObject<typeof viewImageFields>>;

/** Refuses an image without a url or a viewId (as an object-level check: `.superRefine(needsUrlAndView)`). */
export function needsUrlAndView(img: Pick<ViewImageFields, 'url' | 'viewId'>, ctx: { issues: z.core.$ZodRawIssue[] }): void {
  if (!img.url || !img.viewId) refuse(ctx, NEEDS_URL, img);
}

export function viewImageInput(img: ViewImageFields): ViewImageInput {
  return { ...img, thumbnailUrl: img.thumbnailUrl || null };
}

/** One entry of an image list: refused first of all when it is not an object with a url and a viewId. */
const viewImage = z.preprocess((v, ctx) => {
  const o = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  return o && clip(o.url, 2000) && clip(o.viewId, 100) ? v : refuse(ctx, NEEDS_URL, v);
}, z.object(viewImageFields).transform(viewImageInput));

/** A list of view images; blank is none. */
export const viewImageList = z.preprocess((v) => (isBlank(v) ? [] : v), z.array(viewImage, { error: 'list must be a list of images' }));

interface CheckedImage extends ViewImageInput {
  url: string;
  thumbnailUrl: string;
  variantIds: number[];
}

/** Checks ownership of every file, and makes the thumbnails that were not sent. */
async function checkImages(
  deps: ProductsDeps,
  userId: number,
  productId: number,
  list: readonly ViewImageInput[],
): Promise<CheckedImage[]> {
  const variantRows = await deps.db
    .select({ variantId: myProductVariants.variantId })
    .from(myProductVariants)
    .where(eq(myProductVariants.myProductId, productId));
  const sold = new Set(variantRows.map((v) => v.variantId));
  const out: CheckedImage[] = [];
  for (const img of list) {
    if ((img.variantIds ?? []).some((id) => !sold.has(id))) throw new AppError(ProductMessages.variantNotInProduct);
    const file = await ownedFile(deps.blobs, userId, img.url, ['jpg', 'png']);
    if ('error' in file) throw new AppError(file.error === 'missing' ? ProductMessages.imageMissing : ProductMessages.imageNotYours);
    const mime = sniffImage(file.body!.subarray(0, 16));
    if (!mime) throw new AppError(ProductMessages.imageMissing);
    let thumbnailUrl: string;
    if (img.thumbnailUrl) {
      const thumb = await ownedFile(deps.blobs, userId, img.thumbnailUrl, ['jpg', 'png']);
      if ('error' in thumb) throw new AppError(thumb.error === 'missing' ? ProductMessages.imageMissing : ProductMessages.imageNotYours);
      thumbnailUrl = thumb.url;
    } else {
      const key = withSuffix(file.key, '_thumbnail');
      if (!(await deps.blobs.read(key))) {
        const processed = await processImage(file.body!, mime).catch((err: unknown) => {
          throw err instanceof ImageTooLargeError ? err : new AppError(ProductMessages.imageMissing);
        });
        await deps.blobs.put(key, processed.thumbnail, mime);
      }
      thumbnailUrl = deps.blobs.publicUrl(key);
    }
    out.push({ ...img, url: file.url, thumbnailUrl, variantIds: img.variantIds ?? [] });
  }
  return out;
}

const rowOf = (productId: number, img: CheckedImage, position: number) => ({
  myProductId: productId,
  viewId: img.viewId,
  viewName: img.viewName ?? '',
  colorValue: (img.colorValue ?? '').toUpperCase(),
  colorName: img.colorName ?? '',
  skuId: img.SKUId ?? '',
  optionsval: img.optionsval ?? '',
  optionsid: img.optionsid ?? '',
  variantIds: img.variantIds,
  url: img.url,
  thumbnailUrl: img.thumbnailUrl,
  position,
});

/** addImagesEditList: the list becomes the product's whole set of view images (a re-render replaces them all). */
export async function replaceImages(
  deps: ProductsDeps,
  userId: number,
  productId: number,
  list: readonly ViewImageInput[],
): Promise<number[]> {
  await ownProduct(deps.db, userId, productId);
  if (list.length > PRODUCT_IMAGES_MAX) throw new AppError(ProductMessages.tooManyImages);
  const checked = await checkImages(deps, userId, productId, list);
  return deps.db.transaction(async (tx) => {
    await ownProduct(tx, userId, productId);
    await tx.update(myProductVariants).set({ imageId: null }).where(eq(myProductVariants.myProductId, productId));
    await tx.delete(myProductImages).where(eq(myProductImages.myProductId, productId));
    if (checked.length === 0) return [];
    const rows = await tx
      .insert(myProductImages)
      .values(checked.map((img, i) => rowOf(productId, img, i)))
      .returning({ id: myProductImages.id });
    // Each variant shows the first image (the first view) rendered for it.
    const firstFor = new Map<number, number>();
    checked.forEach((img, i) => {
      for (const v of img.variantIds) if (!firstFor.has(v)) firstFor.set(v, rows[i]!.id);
    });
    for (const [variantId, imageId] of firstFor) {
      await tx
        .update(myProductVariants)
        .set({ imageId })
        .where(and(eq(myProductVariants.myProductId, productId), eq(myProductVariants.variantId, variantId)));
    }
    return rows.map((r) => r.id);
  });
}

/** editImages/add: one more image after the others. */
export async function addImage(deps: ProductsDeps, userId: number, productId: number, img: ViewImageInput): Promise<number> {
  await ownProduct(deps.db, userId, productId);
  const [checked] = await checkImages(deps, userId, productId, [img]);
  return deps.db.transaction(async (tx) => {
    const [stats] = await tx
      .select({ n: count(), last: max(myProductImages.position) })
      .from(myProductImages)
      .where(eq(myProductImages.myProductId, productId));
    if ((stats?.n ?? 0) >= PRODUCT_IMAGES_MAX) throw new AppError(ProductMessages.tooManyImages);
    const last = stats?.last ?? null;
    const [row] = await tx
      .insert(myProductImages)
      .values(rowOf(productId, checked!, last === null ? 0 : last + 1))
      .returning({ id: myProductImages.id });
    return row!.id;
  });
}

/** variants/updateImagesid: which of the product's images a variant shows. */
export async function setVariantImage(
  db: Db,
  userId: number,
  productId: number,
  variantIds: readonly number[],
  imageId: number | null,
): Promise<void> {
  await ownProduct(db, userId, productId);
  if (imageId !== null) {
    const [img] = await db
      .select({ id: myProductImages.id })
      .from(myProductImages)
      .where(and(eq(myProductImages.id, imageId), eq(myProductImages.myProductId, productId)));
    if (!img) throw new AppError(ProductMessages.imageMissing);
  }
  const rows = await db
    .select({ variantId: myProductVariants.variantId })
    .from(myProductVariants)
    .where(and(eq(myProductVariants.myProductId, productId), inArray(myProductVariants.variantId, [...variantIds])));
  if (rows.length !== variantIds.length) throw new AppError(ProductMessages.variantNotInProduct);
  await db
    .update(myProductVariants)
    .set({ imageId })
    .where(and(eq(myProductVariants.myProductId, productId), inArray(myProductVariants.variantId, [...variantIds])));
}
