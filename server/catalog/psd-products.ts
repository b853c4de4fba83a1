/**
 * Products an operator adds from a mockup photographer's PSD, without code: the document is baked
 * into a template (engine/psd/template-bake.ts: the photo below the design, each smart object a
 * print area, the layers above with their blend modes, masks and clipping), its pictures written
 * beside the generated catalogue's, and one catalogue product made on it, which merchants then
 * find, design and order like any other.
 *
 * Operator rows take ids from OPERATOR_ID_BASE up, so rebuilding the generated catalogue (a new
 * seed or generator version) replaces only the generated rows and keeps these.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, gte, max, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Psd } from 'ag-psd';
import type { Db } from '../platform/db/client';
import { catalogImages, catalogProducts, catalogSubcategories, catalogTemplates, catalogVariants } from './schema';
import { readPsdBytes, bakePsdTemplate, storedCompositeStatus, type Raster } from '@pod-studio/engine/psd';
import { DataError, type CustomTemplate } from '@pod-studio/engine/model';
import { OPERATOR_ID_BASE } from './id-ranges';
import { catalogRoot, fileUrl } from './paths';
import { EDIT_SIZE, PRINT_DPI } from './template-space';
import { logisticsFor, methodsFrom, type ShipFromCode } from './shipping-rules';
import { slugify } from '../../contract/slug';

/** The folder (under the catalogue's) and build segment of operator pictures. */
export const PSD_BUILD = 'psd';
/** Photographers' mockup PSDs run to a few hundred MB. */
export const MAX_PSD_BYTES = 300 * 1024 * 1024;

/** Mockup documents run to 25-60 megapixels; past this one the compositor's buffers get too big. */
export const MAX_PSD_PIXELS = 120_000_000;

export const PsdProductMessages = {
  notPsd: 'This file is not a PSD',
  unreadable: 'This PSD could not be read',
  tooLarge: `The PSD is too large (at most ${MAX_PSD_PIXELS / 1_000_000} megapixels)`,
} as const;

export class PsdProductRefused extends Error {}

export interface PsdProductInput {
  bytes: Uint8Array;
  title: string;
  subcategoryId: number;
  /** Integer cents. */
  cost: number;
  shipFrom?: ShipFromCode;
  weightGrams?: number;
  /** The catalogue's custom type; default 6 (flat print). */
  customType?: number;
}

export interface PsdProductResult {
  productId: number;
  templateId: number;
  handle: string;
  printAreas: { flatId: string; widthPx: number; heightPx: number }[];
  /** Where the template draws differently from Photoshop. */
  notes: string[];
}

/** 'PSD' files start with 8BPS and version 1; large documents (PSB) with version 2. */
export function isPsdFile(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 26 &&
    bytes[0] === 0x38 &&
    bytes[1] === 0x42 &&
    bytes[2] === 0x50 &&
    bytes[3] === 0x53 &&
    bytes[4] === 0 &&
    (bytes[5] === 1 || bytes[5] === 2)
  );
}

/** Serialises operator additions, so two at once never take the same ids. */
const ADD_LOCK_KEY = 0x0c47a107;

async function nextId(
  db: Pick<Db, 'select'>,
  column: typeof catalogTemplates.id | typeof catalogProducts.id | typeof catalogVariants.id | typeof catalogImages.id,
): Promise<number> {
  const table = column.table;
  const [row] = await db
    .select({ top: max(column) })
    .from(table)
    .where(gte(column, OPERATOR_ID_BASE));
  return Math.max(OPERATOR_ID_BASE, (row?.top ?? OPERATOR_ID_BASE - 1) + 1);
}

const rawSharp = (r: Raster) =>
  sharp(Buffer.from(r.data.buffer, r.data.byteOffset, r.data.length), { raw: { width: r.width, height: r.height, channels: 4 } });
const png = (r: Raster) => rawSharp(r).png().toBuffer();

/** The flats' editing space: the long side at the catalogue's 800 px, the print size the smart object's own pixels. */
function editSpace(template: CustomTemplate): CustomTemplate {
  return {
    ...template,
    flatList: template.flatList.map((f) => {
      const k = EDIT_SIZE / Math.max(f.flatData.flatWidth, f.flatData.flatHeight);
      return {
        ...f,
        flatData: { ...f.flatData, width: Math.round(f.flatData.flatWidth * k), height: Math.round(f.flatData.flatHeight * k) },
      };
    }),
  };
}

export async function addPsdProduct(ctx: { db: Db; dataDir: string }, input: PsdProductInput): Promise<PsdProductResult> {
  if (!isPsdFile(input.bytes)) throw new PsdProductRefused(PsdProductMessages.notPsd);
  // The header's size (height at byte 14, width at 18, big-endian) is checked before any pixel is read.
  const view = new DataView(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  if (view.getUint32(14) * view.getUint32(18) > MAX_PSD_PIXELS) throw new PsdProductRefused(PsdProductMessages.tooLarge);
  let psd: Psd;
  try {
    psd = readPsdBytes(input.bytes, { pixels: true });
  } catch {
    throw new PsdProductRefused(PsdProductMessages.unreadable);
  }
  const [sub] = await ctx.db.select().from(catalogSubcategories).where(eq(catalogSubcategories.id, input.subcategoryId));
  if (!sub) throw new PsdProductRefused('Unknown subcategory');

  // A random folder: the URLs (cached as immutable) are fixed before the rows get their ids.
  const folder = randomBytes(8).toString('hex');
  const dir = path.join(catalogRoot(ctx.dataDir), PSD_BUILD, folder);
  let baked;
  try {
    baked = bakePsdTemplate(psd, { urlFor: (name) => fileUrl(PSD_BUILD, folder, name), viewId: 'psd', name: input.title });
  } catch (err) {
    if (err instanceof DataError) throw new PsdProductRefused(err.message);
    throw err;
  }
  const stored = storedCompositeStatus(psd);
  const cover = stored.status === 'real' && stored.raster ? stored.raster : baked.images[0]!.raster;
  await mkdir(dir, { recursive: true });
  try {
    for (const img of baked.images) await writeFile(path.join(dir, img.name), await png(img.raster));
    await writeFile(path.join(dir, 'cover.jpg'), await rawSharp(cover).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer());
    return await insertRows(ctx.db, input, {
      baked,
      sub,
      cover: fileUrl(PSD_BUILD, folder, 'cover.jpg'),
      size: { width: psd.width, height: psd.height },
    });
  } catch (err) {
    // Nothing half-made stays behind: no rows (one transaction) and no pictures.
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

async function insertRows(
  db: Db,
  input: PsdProductInput,
  made: {
    baked: ReturnType<typeof bakePsdTemplate>;
    sub: typeof catalogSubcategories.$inferSelect;
    cover: string;
    size: { width: number; height: number };
  },
): Promise<PsdProductResult> {
  const { baked, sub } = made;
  const shipFrom = input.shipFrom ?? 'CN';
  const customType = input.customType ?? 6;
  // One view per document or artboard: named by its artboard, a plain document's 'Mockup'.
  const views = baked.template.viewList.map((v) => ({ viewId: v.viewId, name: v.viewId === 'psd' ? 'Mockup' : v.viewId }));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADD_LOCK_KEY})`);
    const templateId = await nextId(tx, catalogTemplates.id);
    const productId = await nextId(tx, catalogProducts.id);
    const variantId = await nextId(tx, catalogVariants.id);
    const imageId = await nextId(tx, catalogImages.id);
    const template: CustomTemplate = {
      ...editSpace(baked.template),
      customTemplateId: String(templateId),
      templateData: { source: 'psd', dpi: PRINT_DPI, notes: baked.notes, views },
    };
    const printAreas = template.flatList.map((f) => ({ flatId: f.flatId, widthPx: f.flatData.flatWidth, heightPx: f.flatData.flatHeight }));
    const handle = `${slugify(input.title) || 'mockup'}-${productId - OPERATOR_ID_BASE + 1}`;
    const view = template.viewList[0]!;
    await tx
      .insert(catalogTemplates)
      .values({ id: templateId, archetype: `psd-${templateId}`, name: input.title, customType, cover: made.cover, template });
    const description = `${input.title}: made from a mockup photograph, ready for your design.`;
    await tx.insert(catalogProducts).values({
      id: productId,
      handle,
      title: input.title,
      description,
      bodyHtml: `<p>${description.replace(/[<>&]/g, '')}</p>`,
      archetype: `psd-${templateId}`,
      customType,
      categoryId: sub.categoryId,
      subcategoryId: sub.id,
      templateId,
      shipFlag: shipFrom === 'CN' ? 0 : 1,
      shipFrom,
      defaultLogisticsId: methodsFrom(shipFrom)[0]?.logisticsId ?? 1,
      logistics: logisticsFor(shipFrom, input.weightGrams ?? 200),
      properties: printAreas.map((a) => ({ name: `Print area ${a.flatId}`, value: `${a.widthPx} x ${a.heightPx} px` })),
      options: [],
      customInfo: { archetype: `psd-${templateId}`, dpi: PRINT_DPI, printAreas, views },
      pic1: made.cover,
      minCost: input.cost,
      maxCost: input.cost,
      hotSelling: false,
      is3d: false,
      customizedGift: false,
      sales: 0,
      status: 1,
      createdAt: new Date(),
      searchText: `${input.title} ${handle} ${description}`.toLowerCase(),
    });
    await tx.insert(catalogImages).values({
      id: imageId,
      productId,
      position: 0,
      customType,
      templateId,
      sectionType: null,
      prototypeGroupId: `psd-${templateId}`,
      prototypeGroupName: input.title,
      sectionName: views[0]!.name,
      colorName: 'White',
      imgname: '#FFFFFF',
      src: view.viewData.imageUrl,
      iscolor: 0,
      isoverlay: 0,
      editimgwidth: made.size.width,
      editimgheight: made.size.height,
    });
    await tx.insert(catalogVariants).values({
      id: variantId,
      productId,
      position: 0,
      option1: null,
      option2: null,
      option3: null,
      imagesId: imageId,
      cost: input.cost,
      sku: `POD-${productId}-001`,
      weightGrams: input.weightGrams ?? 200,
    });
    return { productId, templateId, handle, printAreas, notes: baked.notes };
  });
}

/** Operator products still present (for tests and the operator's own checks). */
export async function operatorProductIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: catalogProducts.id })
    .from(catalogProducts)
    .where(and(gte(catalogProducts.id, OPERATOR_ID_BASE), eq(catalogProducts.status, 1)))
    .orderBy(asc(catalogProducts.id));
  return rows.map((r) => r.id);
}
