/** The demo merchant of `npm start` (DEMO=0 seeds none). Idempotent: an existing account is left as it is. */
import type { Db } from '../server/platform/db/client';
import { createUser, findUserByEmail } from '../server/accounts/users';
import { ensureDemoBalance } from './merchant-balance';
import { recordWelcome } from '../server/notifications/service';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  const existing = await findUserByEmail(db, DEMO_EMAIL);
  const user = existing ?? (await createUser(db, DEMO_EMAIL, DEMO_PASSWORD));
  // The demo balance is credited once (a Prepayment record), also for a demo account made before it existed.
  await ensureDemoBalance(db, user.id);
  if (!existing) await recordWelcome(db, user.id);
  return { created: !existing };
}
