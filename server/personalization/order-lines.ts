/**
 * The personalisation of imported order lines: a line whose properties carry the buyer's values
 * (PERSONALIZATION_PROPERTY) is checked against the design of the product it maps to, and kept
 * beside the order item with that design. Values that fail the check are not used (the line
 * prints as designed) and the reason is kept for the merchant; the order itself is never refused
 * for them, since the buyer has paid the store already.
 */
import type { Db } from '../platform/db/client';
import type { BlobStorage } from '../platform/blob-storage/types';
import { checkPersonalValues, personalFields, personalSummary, type PersonalValues } from '@pod-studio/engine/model';
import { PERSONALIZATION_PROPERTY } from '../../contract/personalization';
import type { LineProperty } from '../shops/connector-types';
import { productDesign } from './published';
import { isBuyerImageUrl } from './buyer-images';
import { orderItemPersonalizations } from './schema';

/** What is stored for one order line (orderItemId and orderId are added once the item exists). */
export interface LinePersonalization {
  productId: number;
  customTemplateId: string | null;
  design: unknown;
  values: PersonalValues;
  lines: { label: string; value: string }[];
  problem: string | null;
}

/** The buyer's values in a line's properties, or undefined when the line carries none. */
export function payloadOf(properties: readonly LineProperty[] | undefined): { values: unknown } | { problem: string } | undefined {
  const raw = properties?.find((p) => p.name === PERSONALIZATION_PROPERTY)?.value;
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && (parsed as { v?: unknown }).v === 1)
      return { values: (parsed as { values?: unknown }).values };
  } catch {
    // Falls through to the problem below.
  }
  return { problem: 'the personalisation could not be read' };
}

/** The personalisation of one line of a product of `userId`, or null when the line carries none. */
export async function personalizationOfLine(
  db: Db,
  blobs: BlobStorage | undefined,
  userId: number,
  myProductId: number,
  properties: readonly LineProperty[] | undefined,
): Promise<LinePersonalization | null> {
  const payload = payloadOf(properties);
  if (!payload) return null;
  const found = await productDesign(db, blobs, userId, myProductId);
  if (!found || personalFields(found.doc.design).length === 0) return null;
  const design = found.doc.design;
  const base = { productId: found.productId, customTemplateId: found.doc.customTemplateId, design };
  if ('problem' in payload) return { ...base, values: {}, lines: [], problem: payload.problem };
  const checked = checkPersonalValues(design, payload.values, (url) => (blobs ? isBuyerImageUrl(blobs, url) : false));
  if (!checked.ok) return { ...base, values: {}, lines: [], problem: checked.reason };
  return { ...base, values: checked.value, lines: personalSummary(design, checked.value), problem: null };
}

/** Stores the personalisations of a new order's items (in the order's transaction). */
export async function savePersonalizations(
  tx: Pick<Db, 'insert'>,
  order: { orderId: number; userId: number },
  items: { orderItemId: number; personalization: LinePersonalization | null }[],
): Promise<void> {
  const rows = items.flatMap((i) =>
    i.personalization
      ? [
          {
            orderItemId: i.orderItemId,
            orderId: order.orderId,
            userId: order.userId,
            productId: i.personalization.productId,
            customTemplateId: i.personalization.customTemplateId,
            design: i.personalization.design,
            values: i.personalization.values,
            lines: i.personalization.lines,
            problem: i.personalization.problem,
          },
        ]
      : [],
  );
  if (rows.length) await tx.insert(orderItemPersonalizations).values(rows);
}
