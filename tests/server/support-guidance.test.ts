/**
 * The new merchant's guide and "Custom made for you" over real HTTP on a real database: each step
 * is done when the merchant's own account shows it, closed steps stay closed for that merchant
 * only, bad input is refused with a clear message and changes nothing, and the subscription is
 * kept per merchant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { shops } from '../../server/shops/schema';
import { customizedSubscriptions, guidanceClosed } from '../../server/support/schema';
import { GUIDANCE_STEPS, GuidanceMessages, type GuidanceStep } from '../../contract/support';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ CAPTCHA: 'off' });
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
async function merchant() {
  const user = await createUser(s.database.db, `guide${++n}-${Date.now()}@support.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return {
    id: user.id,
    call: <T = Record<string, unknown>>(method: string, p: string, body?: unknown) =>
      s.api<T>(method, p, body, token) as Promise<T & { code: number; msg: string }>,
  };
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

interface Guide {
  rows: GuidanceStep[];
  total: number;
  customizedSubscribed: boolean;
}
const guide = (m: Merchant) => m.call<Guide>('GET', '/api/shopUserGuidance/list');
const step = (g: Guide, key: string) => g.rows.find((r) => r.key === key)!;
const closedRows = (userId: number) => s.database.db.select().from(guidanceClosed).where(eq(guidanceClosed.userId, userId));

describe('the guide', () => {
  it('lists every step in order, none done or closed for a new merchant', async () => {
    const m = await merchant();
    const g = await guide(m);
    expect(g).toMatchObject({ code: 200, total: GUIDANCE_STEPS.length, customizedSubscribed: false });
    expect(g.rows.map((r) => r.key)).toEqual(GUIDANCE_STEPS.map((st) => st.key));
    expect(g.rows.every((r) => !r.done && !r.closed)).toBe(true);
    expect(await s.api('GET', '/api/shopUserGuidance/list')).toMatchObject({ code: 401 });
  });

  it("marks steps done from the merchant's own account only", async () => {
    const a = await merchant();
    const b = await merchant();
    await s.database.db.insert(shops).values({ userId: a.id, myshopifyDomain: 'a-store.myshopify.com', simplename: 'A', type: 6 });
    await a.call('POST', '/api/shops/updateService', { message: 'Hello!' });
    await a.call('POST', '/api/user/shopCustomizedSubscribe', {});
    const ga = await guide(a);
    expect(step(ga, 'connect-store').done).toBe(true);
    expect(step(ga, 'meet-manager').done).toBe(true);
    expect(step(ga, 'custom-made').done).toBe(true);
    expect(step(ga, 'design-product').done).toBe(false);
    expect(ga.customizedSubscribed).toBe(true);
    const gb = await guide(b);
    expect(gb.rows.every((r) => !r.done)).toBe(true);
    expect(gb.customizedSubscribed).toBe(false);
  });

  it('remembers closed steps per merchant, and closes the whole guide at once', async () => {
    const a = await merchant();
    const b = await merchant();
    expect(await a.call('POST', '/api/shopUserGuidance/closeShopUserGuidance', { id: 2 })).toMatchObject({ code: 200 });
    // Closing it again changes nothing.
    expect(await a.call('POST', '/api/shopUserGuidance/closeShopUserGuidance', { id: '2' })).toMatchObject({ code: 200 });
    expect((await guide(a)).rows.filter((r) => r.closed).map((r) => r.id)).toEqual([2]);
    expect((await guide(b)).rows.some((r) => r.closed)).toBe(false);

    expect(await a.call('POST', '/api/shopUserGuidance/closeShopUserGuidance', { id: 'all' })).toMatchObject({ code: 200 });
    expect((await guide(a)).rows.every((r) => r.closed)).toBe(true);
    expect(await closedRows(a.id)).toHaveLength(GUIDANCE_STEPS.length);
    expect(await closedRows(b.id)).toHaveLength(0);
  });

  it('refuses a step that does not exist with a clear message and closes nothing', async () => {
    const m = await merchant();
    for (const id of [GUIDANCE_STEPS.length + 1, -1, 'x', 1.5, 'al']) {
      expect(await m.call('POST', '/api/shopUserGuidance/closeShopUserGuidance', { id }), String(id)).toEqual({
        code: 10000,
        msg: GuidanceMessages.noSuchStep,
      });
    }
    expect(await m.call('POST', '/api/shopUserGuidance/closeShopUserGuidance', {})).toEqual({ code: 10000, msg: 'id is required' });
    expect(await closedRows(m.id)).toHaveLength(0);
    expect(await s.api('POST', '/api/shopUserGuidance/closeShopUserGuidance', { id: 1 })).toMatchObject({ code: 401 });
  });
});

describe('Custom made for you', () => {
  it('subscribes and unsubscribes the merchant, refusing a value that is not 0 or 1', async () => {
    const m = await merchant();
    const row = async () => (await s.database.db.select().from(customizedSubscriptions).where(eq(customizedSubscriptions.userId, m.id)))[0];
    expect(await m.call('POST', '/api/user/shopCustomizedSubscribe', {})).toEqual({
      code: 200,
      msg: GuidanceMessages.subscribed,
      subscribed: true,
    });
    expect((await row())?.subscribed).toBe(true);
    expect(await m.call('POST', '/api/user/shopCustomizedSubscribe', { subscribe: 'maybe' })).toEqual({
      code: 10000,
      msg: 'subscribe must be 0 or 1',
    });
    expect((await row())?.subscribed).toBe(true);
    expect(await m.call('POST', '/api/user/shopCustomizedSubscribe', { subscribe: 0 })).toEqual({
      code: 200,
      msg: GuidanceMessages.unsubscribed,
      subscribed: false,
    });
    expect((await guide(m)).customizedSubscribed).toBe(false);
    expect(await s.api('POST', '/api/user/shopCustomizedSubscribe', {})).toMatchObject({ code: 401 });
  });
});
