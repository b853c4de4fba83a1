/** The account's pricing rule (shops/priceRule), one row per merchant; the default until set. */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { priceRules } from './schema';
import { DEFAULT_PRICE_RULE, type PriceRule, type PriceRuleMode } from '../../contract/products';

export async function getPriceRule(db: Db, userId: number): Promise<PriceRule> {
  const [row] = await db.select().from(priceRules).where(eq(priceRules.userId, userId));
  if (!row) return { ...DEFAULT_PRICE_RULE };
  return { mode: row.mode as PriceRuleMode, multiplierPct: row.multiplierPct, markupCents: row.markupCents };
}

export async function setPriceRule(db: Db, userId: number, rule: PriceRule): Promise<void> {
  const values = { mode: rule.mode, multiplierPct: rule.multiplierPct, markupCents: rule.markupCents, updatedAt: new Date() };
  await db
    .insert(priceRules)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: priceRules.userId, set: values });
}
