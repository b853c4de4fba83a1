/** E-mailed verification codes: issue, resend gap, single use, limited wrong guesses. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { emailCodes } from './schema';
import { numericCode, sha256 } from '../platform/tokens';
import { AppError } from '../platform/envelope';
import { Messages } from '../../contract/envelope';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_RESEND_S, EMAIL_CODE_TTL_S } from '../../contract/constants';

export type CodePurpose = 'register' | 'reset' | 'change-email' | 'transfer-shop' | 'campaign-coupon';
const MAX_WRONG_GUESSES = 5;

const hashCode = (purpose: string, email: string, code: string) => sha256(`${purpose}:${email.toLowerCase()}:${code}`);

async function latest(db: Db, email: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(sql`lower(${emailCodes.email}) = ${email.toLowerCase()}`, eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  return row ?? null;
}

export async function issueEmailCode(db: Db, email: string, purpose: CodePurpose, now = new Date()): Promise<string> {
  const prev = await latest(db, email, purpose);
  if (prev && !prev.usedAt && now.getTime() - prev.createdAt.getTime() < EMAIL_CODE_RESEND_S * 1000) {
    throw new AppError(Messages.tooManyRequests);
  }
  const code = numericCode(EMAIL_CODE_LENGTH);
  await db.transaction(async (tx) => {
    // Only the newest code counts: older unused ones are closed so a leaked old mail is useless.
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(sql`lower(${emailCodes.email}) = ${email.toLowerCase()}`, eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({
      email: email.toLowerCase(),
      purpose,
      codeHash: hashCode(purpose, email, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_S * 1000),
    });
  });
  return code;
}

/** Checks and consumes a code; throws the message the merchant should see. */
export async function consumeEmailCode(db: Db, email: string, purpose: CodePurpose, code: string, now = new Date()): Promise<void> {
  const row = await latest(db, email, purpose);
  if (!row || row.usedAt) throw new AppError(Messages.emailCodeError);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(Messages.emailCodeExpired);
  if (row.codeHash !== hashCode(purpose, email, code.trim())) {
    const attempts = row.attempts + 1;
    await db
      .update(emailCodes)
      .set({ attempts, ...(attempts >= MAX_WRONG_GUESSES ? { usedAt: now } : {}) })
      .where(eq(emailCodes.id, row.id));
    throw new AppError(Messages.emailCodeError);
  }
  // The conditional update makes the code single-use even under concurrent submits.
  const used = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (used.length === 0) throw new AppError(Messages.emailCodeError);
}
