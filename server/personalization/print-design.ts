/**
 * The design an order line prints when its buyer personalised it: the merchant's design as it was
 * when the order came, with the buyer's checked values put in (engine personalizeDesign), ahead of
 * the ordinary print rendering.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { personalizeDesign, validateSkuDesign, type PersonalValues, type SkuDesign } from '@pod-studio/engine/model';
import { orderItemPersonalizations } from './schema';

export interface PersonalizedPrint {
  design: SkuDesign;
  productId: number;
  customTemplateId: string | null;
  lines: { label: string; value: string }[];
  userId: number;
  orderId: number;
}

/** The personalised design of one order line, or null when its buyer personalised nothing. */
export async function personalizedPrint(db: Pick<Db, 'select'>, orderItemId: number): Promise<PersonalizedPrint | null> {
  const [row] = await db.select().from(orderItemPersonalizations).where(eq(orderItemPersonalizations.orderItemId, orderItemId));
  if (!row) return null;
  const checked = validateSkuDesign(row.design);
  if (!checked.ok) return null;
  return {
    design: personalizeDesign(checked.value, row.values as PersonalValues),
    productId: row.productId,
    customTemplateId: row.customTemplateId,
    lines: row.lines as { label: string; value: string }[],
    userId: row.userId,
    orderId: row.orderId,
  };
}
