/**
 * The monthly service review and its prompt: every rating is required (the first missing one
 * named by the product's message), one review per merchant and calendar month however it is sent,
 * the review counts for the merchant's own support employee, and closing the prompt sticks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { users } from '../../server/accounts/schema';
import { serviceReviews } from '../../server/support/schema';
import { SupportMessages } from '../../contract/support';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ CAPTCHA: 'off' });
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
async function merchant(employeeid: number | null = null) {
  const user = await createUser(s.database.db, `review${++n}@example.com`, 'secret123');
  if (employeeid !== null) await s.database.db.update(users).set({ employeeid }).where(eq(users.id, user.id));
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, token };
}
const info = async (token: string) =>
  (await s.api<{ user: { isEvaluation: number; haoping: number } }>('GET', '/api/user/getInfo', undefined, token)).user;
const reviews = (userId: number) => s.database.db.select().from(serviceReviews).where(eq(serviceReviews.userId, userId));
const full = { serveScore: 5, replyScore: 4, solutionScore: 3, remark: 'Quick and helpful.' };

describe('service review', () => {
  it('requires every rating, naming the first one missing with the product message, and stores nothing', async () => {
    const m = await merchant();
    for (const body of [{}, { ...full, serveScore: 0 }, { ...full, replyScore: undefined }, { ...full, solutionScore: '' }]) {
      expect(await s.api('POST', '/api/saveEvaluation', body, m.token)).toMatchObject({ code: 10000, msg: SupportMessages.scoreRequired });
    }
    expect(await s.api('POST', '/api/saveEvaluation', { ...full, replyScore: 6 }, m.token)).toMatchObject({
      code: 10000,
      msg: 'replyScore must be a whole number from 1 to 5',
    });
    expect(await s.api('POST', '/api/saveEvaluation', { ...full, remark: 'x'.repeat(5001) }, m.token)).toMatchObject({ code: 10000 });
    expect(await reviews(m.id)).toHaveLength(0);
    expect((await info(m.token)).isEvaluation).toBe(0);
  });

  it('takes one review a month: the merchant is told so after it, and two sent at once store one', async () => {
    const m = await merchant(7);
    expect(await s.api('POST', '/api/saveEvaluation', { ...full, employeeid: 99 }, m.token)).toMatchObject({
      code: 200,
      msg: SupportMessages.submittedTitle,
    });
    expect((await info(m.token)).isEvaluation).toBe(1);
    expect(await s.api('POST', '/api/saveEvaluation', full, m.token)).toMatchObject({ code: 10000, msg: SupportMessages.onceAMonth });
    const [row, ...more] = await reviews(m.id);
    expect(more).toHaveLength(0);
    // The account's own support employee is the one rated, whatever the body says.
    expect(row).toMatchObject({ serveScore: 5, replyScore: 4, solutionScore: 3, remark: 'Quick and helpful.', employeeId: 7 });
    expect(row!.month).toBe(new Date().toISOString().slice(0, 7));

    const other = await merchant();
    const answers = await Promise.all([1, 2, 3].map(() => s.api('POST', '/api/saveEvaluation', full, other.token)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === SupportMessages.onceAMonth)).toHaveLength(2);
    expect(await reviews(other.id)).toHaveLength(1);
  });

  it("keeps one merchant's review from counting for another", async () => {
    const a = await merchant();
    const b = await merchant();
    expect((await s.api('POST', '/api/saveEvaluation', full, a.token)).code).toBe(200);
    expect((await info(b.token)).isEvaluation).toBe(0);
    expect((await s.api('POST', '/api/saveEvaluation', full, b.token)).code).toBe(200);
  });

  it('stops asking once the merchant closes the prompt', async () => {
    const m = await merchant();
    expect((await info(m.token)).haoping).toBe(0);
    expect((await s.api('POST', '/api/user/closeHaopingPop', undefined, m.token)).code).toBe(200);
    expect((await info(m.token)).haoping).toBe(1);
    expect((await s.api('POST', '/api/user/closeHaopingPop', undefined)).code).toBe(401);
  });
});
