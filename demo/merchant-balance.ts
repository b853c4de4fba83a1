/** The demo merchant's starting balance, so the whole order-and-pay flow works without a provider. */
import type { Db } from '../server/platform/db/client';
import { RecordType } from '../contract/commerce';
import { creditOnce } from '../server/commerce/ledger';

export const DEMO_BALANCE_CENTS = 50_000;

/** Credits the demo balance once (a Prepayment record); later calls do nothing. */
export async function ensureDemoBalance(db: Db, userId: number, cents = DEMO_BALANCE_CENTS): Promise<boolean> {
  return db.transaction((tx) =>
    creditOnce(tx, {
      userId,
      type: RecordType.PREPAYMENT,
      amount: cents,
      balanceChange: cents,
      remark: 'Demo balance',
      grantKey: 'demo-balance',
    }),
  );
}
