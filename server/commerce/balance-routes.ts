/**
 * Balance calls: balance/list (the payment records, paged,
 * optionally by type and time) and balance/totalPaid, plus the current balance and a top-up
 * through a configured provider (PayPal, card or Stripe; credited as a Prepayment record once the
 * provider confirms).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { enforce } from '../platform/rate-limit';
import { AppError, ok, okData } from '../platform/envelope';
import { CURRENCY, RECORD_TYPE_NAMES } from '../../contract/commerce';
import type { Gateways } from './payments/gateways';
import { balanceOf, listRecords, paidTotals, type RecordFilter } from './ledger';
import { ProviderFlows } from './payments/provider-flows';
import { asInt, bodyOf, idempotencyKeyOf, pagingOf, pick, queryOf, type Body } from '../platform/request-fields';
import { PaymentLimits } from './payments/routes';

function timeOf(v: unknown, what: string): Date | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : new Date(s);
  if (Number.isNaN(d.getTime())) throw new AppError(`${what} must be a date (YYYY-MM-DD) or a date-time`);
  return d;
}

function filterOf(q: Body): RecordFilter {
  const rawType = pick(q, 'type');
  const type = rawType === undefined ? undefined : asInt(rawType);
  if (type === null || (type !== undefined && !RECORD_TYPE_NAMES[type]))
    throw new AppError(`type must be one of ${Object.keys(RECORD_TYPE_NAMES).join(', ')}`);
  const from = timeOf(pick(q, 'startTime', 'beginTime', 'from'), 'startTime');
  let to = timeOf(pick(q, 'endTime', 'to'), 'endTime');
  // A bare end date includes that whole day.
  if (to && /^\d{4}-\d{2}-\d{2}$/.test(String(pick(q, 'endTime', 'to')))) to = new Date(to.getTime() + 86_400_000 - 1);
  return { type, from, to };
}

export function balanceRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  const { db } = ctx;
  const flows = new ProviderFlows(db, gateways, app.log);

  app.get('/api/balance/list', async (request) => {
    const userId = await requireUser(request);
    const q = queryOf(request);
    const paging = pagingOf(q, 10);
    const [{ rows, total }, balance] = await Promise.all([listRecords(db, userId, filterOf(q), paging), balanceOf(db, userId)]);
    return ok({ rows, total, balance, currency: CURRENCY });
  });

  app.get('/api/balance/totalPaid', async (request) => {
    const userId = await requireUser(request);
    const [totals, balance] = await Promise.all([paidTotals(db, userId, filterOf(queryOf(request))), balanceOf(db, userId)]);
    return okData({ ...totals, balance, currency: CURRENCY });
  });

  app.get('/api/balance/getBalance', async (request) => {
    const userId = await requireUser(request);
    return okData({ balance: await balanceOf(db, userId), currency: CURRENCY });
  });

  /** Top-up: {amount (cents), method: paypal | card | stripe}; then capture/confirm as for an order. */
  app.post('/api/balance/recharge', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const amount = asInt(pick(b, 'amount'));
    if (amount === null) throw new AppError('amount (cents) is required');
    const method = String(pick(b, 'method') ?? '');
    const open = { purpose: 'topup' as const, amount, key: idempotencyKeyOf(request, b) };
    await enforce(db, `paycreate:user:${userId}`, PaymentLimits.createPerUser);
    if (method === 'paypal') return okData(await flows.paypalCreate(userId, open));
    if (method === 'card' || method === 'stripe') return okData(await flows.stripeCreate(userId, method, open));
    throw new AppError("method must be 'paypal', 'card' or 'stripe'");
  });
}
