/** The demo merchant of `npm start` (DEMO=0 seeds none). Idempotent: an existing account is left as it is. */
import type { Db } from '../db/client';
import { createUser, findUserByEmail } from '../services/accounts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  if (await findUserByEmail(db, DEMO_EMAIL)) return { created: false };
  await createUser(db, DEMO_EMAIL, DEMO_PASSWORD);
  return { created: true };
}
