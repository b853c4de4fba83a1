/**
 * What production prints for an order: one job per order line made from a saved design, with the
 * template the design was made on, the design itself, and per print area that holds something
 * the print file to make. Pixels are not made here (the engine draws them in a browser: the
 * `npm run order:print` render node); this decides what they are:
 *
 * - a plain product: the print area at its print size, 150 dpi, as designed;
 * - a temporary tattoo (its catalogue product's customInfo.print, contract/tattoo.ts): the size
 *   of the ordered Size option at the product's dpi, mirrored, paper white left out, and a cut
 *   line the ordered Cut Line option's distance outside the artwork.
 *
 * Lines without a saved design (samples of catalogue products) print nothing and are listed with
 * the reason, as are designs that can no longer be read.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { BlobStorage } from '../platform/blob-storage/types';
import { orderItems, orders } from './schema';
import { myProducts } from '../products/schema';
import { keyFromUrl, keyOwnedBy } from '../products/blob-refs';
import { loadBundles, type ProductBundle } from '../catalog/queries';
import { templateForColour } from '../catalog/serialize';
import { AppError } from '../platform/envelope';
import { CommerceMessages } from '../../contract/commerce';
import { readTattooPrint, tattooPrintJob, type TattooPrintJob } from '../../contract/tattoo';
import { personalizedPrint } from '../personalization/print-design';
import { readDesignDocument, type CustomTemplate, type SavedDesignDoc, type SkuDesign } from '@pod-studio/engine/model';

/** Resolution of ordinary print files. */
export const PRINT_FILE_DPI = 150;

export interface PrintFileJob {
  flatId: string;
  flatName: string;
  dpi: number;
  /** `<orderNo>-<itemId>-<flatId>`: the render node writes `<base>.png` and, for a tattoo, `<base>.cut.svg`. */
  fileBase: string;
  /** Set for a temporary tattoo: its size, cut offset, mirroring and white removal. */
  tattoo: TattooPrintJob | null;
}

export interface PrintLine {
  orderItemId: number;
  myProductId: number;
  title: string;
  variantTitle: string;
  quantity: number;
  template: CustomTemplate;
  design: SkuDesign;
  files: PrintFileJob[];
}

export interface OrderPrintJobs {
  orderId: number;
  orderNo: string;
  status: string;
  lines: PrintLine[];
  skipped: { orderItemId: number; title: string; reason: string }[];
}

/** A saved product's design document: inline, or the file in its merchant's own storage. */
async function savedDesign(
  blobs: BlobStorage,
  row: { userId: number; editObj: string | null; editObjUrl: string | null },
): Promise<SavedDesignDoc | null> {
  if (row.editObj) return readDesignDocument(row.editObj);
  if (!row.editObjUrl) return null;
  const key = keyFromUrl(blobs, row.editObjUrl);
  if (!key || !keyOwnedBy(key, row.userId)) return null;
  const body = await blobs.read(key);
  return body ? readDesignDocument(body.toString('utf8')) : null;
}

/** The template of the colour the design was made in (flats are the same in every colour). */
function templateOf(bundle: ProductBundle, customTemplateId: string | null): CustomTemplate {
  const base = bundle.template.template as CustomTemplate;
  const all = bundle.images.map((im) => templateForColour(base, { name: im.colorName, hex: im.imgname }));
  return all.find((t) => t.customTemplateId === customTemplateId) ?? all[0] ?? base;
}

/** The ordered variant's option values by option name ("Size" → "2 x 2 in"). */
function variantOptions(bundle: ProductBundle, variantId: number): Record<string, string> {
  const variant = bundle.variants.find((v) => v.id === variantId);
  const out: Record<string, string> = {};
  if (!variant) return out;
  const options = (bundle.product.options ?? []) as { name: string; position: number }[];
  for (const o of options) {
    const value = o.position === 1 ? variant.option1 : o.position === 2 ? variant.option2 : variant.option3;
    if (value) out[o.name] = value;
  }
  return out;
}

/** The print area as the catalogue's templateData names it: its name and size in inches. */
function flatNamed(template: CustomTemplate, flatId: string): { name: string; widthIn: number; heightIn: number } | undefined {
  const data = template.templateData as { flats?: { flatId: string; name: string; widthIn: number; heightIn: number }[] } | null;
  return Array.isArray(data?.flats) ? data.flats.find((f) => f.flatId === flatId) : undefined;
}

/** The print area's size in inches. */
function flatInches(template: CustomTemplate, flatId: string): { widthIn: number; heightIn: number } {
  const named = flatNamed(template, flatId);
  if (named && named.widthIn > 0 && named.heightIn > 0) return { widthIn: named.widthIn, heightIn: named.heightIn };
  const flat = template.flatList.find((f) => f.flatId === flatId);
  // Without a name for it, the flat's own print size: flatWidth px are at 150 dpi in this catalogue.
  return {
    widthIn: (flat?.flatData.flatWidth ?? PRINT_FILE_DPI) / PRINT_FILE_DPI,
    heightIn: (flat?.flatData.flatHeight ?? PRINT_FILE_DPI) / PRINT_FILE_DPI,
  };
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '_');

export async function orderPrintJobs(db: Db, blobs: BlobStorage, orderId: number): Promise<OrderPrintJobs> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError(CommerceMessages.orderNotFound);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const bundles = new Map((await loadBundles(db, [...new Set(items.map((i) => i.productId))])).map((b) => [b.product.id, b]));
  const out: OrderPrintJobs = { orderId: order.id, orderNo: order.orderNo, status: order.status, lines: [], skipped: [] };
  for (const item of items) {
    const skip = (reason: string) => out.skipped.push({ orderItemId: item.id, title: item.title, reason });
    if (item.myProductId === null) {
      skip('a catalogue sample: printed blank, no print file');
      continue;
    }
    // Only the ordering merchant's own product: an order line never prints another merchant's design.
    const [mine] = await db.select().from(myProducts).where(eq(myProducts.id, item.myProductId));
    if (!mine || mine.userId !== order.userId) {
      skip('the saved product no longer exists');
      continue;
    }
    const doc = await savedDesign(blobs, mine);
    // A line its buyer personalised prints the design as it was when the order came, with the buyer's values in.
    const personal = await personalizedPrint(db, item.id);
    const bundle = bundles.get(item.productId);
    if (!doc || !bundle) {
      skip(doc ? 'the catalogue product no longer exists' : 'the saved design cannot be read');
      continue;
    }
    const template = templateOf(bundle, doc.customTemplateId);
    const tattoo = readTattooPrint(bundle.product.customInfo);
    const options = variantOptions(bundle, item.variantId);
    const design = personal?.design ?? doc.design;
    const files = design.flatDesignList
      .filter((f) => f.designList.length > 0 && template.flatList.some((t) => t.flatId === f.flatId))
      .map((f): PrintFileJob => {
        const job = tattoo ? tattooPrintJob(tattoo, options, flatInches(template, f.flatId)) : null;
        return {
          flatId: f.flatId,
          flatName: flatNamed(template, f.flatId)?.name ?? f.flatId,
          dpi: job?.dpi ?? PRINT_FILE_DPI,
          fileBase: safeName(`${order.orderNo}-${item.id}-${f.flatId}`),
          tattoo: job,
        };
      });
    if (files.length === 0) {
      skip('the design is empty');
      continue;
    }
    out.lines.push({
      orderItemId: item.id,
      myProductId: mine.id,
      title: item.title,
      variantTitle: item.variantTitle,
      quantity: item.quantity,
      template,
      design,
      files,
    });
  }
  return out;
}
