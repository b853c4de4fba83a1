/**
 * Balance calls: balance/list (the payment records, paged,
 * optionally by type and time) and balance/totalPaid, plus the current balance and a top-up
 * through a configured provider (PayPal, card or Stripe; credited as a Prepayment record once the
 * provider confirms).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { enforce } from '../platform/rate-limit';
import { ok, okData } from '../platform/envelope';
import { CURRENCY, RECORD_TYPE_NAMES } from '../../contract/commerce';
import type { Gateways } from './payments/gateways';
import { balanceOf, listRecords, paidTotals } from './ledger';
import { ProviderFlows } from './payments/provider-flows';
import { PaymentLimits } from './payments/routes';
import { aka, isBlank, offsetOf, optionalInt, paging } from '../platform/http-schema/fields';
import { okReply, dataReply } from '../platform/http-schema/replies';
import { amountCents, dateTime, idempotencyKeyField, idempotencyKeyOf } from './fields';
import { balanceRecord, balanceReply, flowResult, paidTotalsReply } from './payments/payment-replies';
import { sessionSecurity as security } from '../accounts/signed-in';

const tags = ['balance'];

const BAD_TYPE = `type must be one of ${Object.keys(RECORD_TYPE_NAMES).join(', ')}`;

/** The records' filter: a record type and a time range (a bare end date includes that whole day). */
const recordFilter = {
  type: optionalInt('type', 1, 99, BAD_TYPE)
    .refine((t) => t === undefined || RECORD_TYPE_NAMES[t] !== undefined, BAD_TYPE)
    .meta({ description: 'Record type (1 Paid with Balance, 2 PayPal, 3 Refund Orders, 9 Credit Card, 11 Prepayment, 14 Stripe, …)' }),
  startTime: aka(dateTime('startTime'), 'beginTime', 'from'),
  endTime: aka(dateTime('endTime', { endOfDay: true }), 'to'),
};

const RECHARGE_METHODS = ['paypal', 'card', 'stripe'] as const;

export function balanceRoutes(app: FastifyInstance, ctx: AppContext, gateways: Gateways): void {
  const { db } = ctx;
  const flows = new ProviderFlows(db, gateways, app.log);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/balance/list',
    {
      schema: {
        tags,
        security,
        summary: 'The payment records, newest first, with the balance',
        querystring: z.object({ ...recordFilter, ...paging(10) }),
        response: {
          200: okReply({
            rows: z.array(balanceRecord),
            total: z.int(),
            balance: z.int().meta({ description: 'The balance, cents' }),
            currency: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const q = request.query;
      const filter = { type: q.type, from: q.startTime, to: q.endTime };
      const [{ rows, total }, balance] = await Promise.all([
        listRecords(db, userId, filter, { pageSize: q.pageSize, offset: offsetOf(q) }),
        balanceOf(db, userId),
      ]);
      return ok({ rows, total, balance, currency: CURRENCY });
    },
  );

  api.get(
    '/api/balance/totalPaid',
    {
      schema: {
        tags,
        security,
        summary: 'Order payments less order refunds in a time range, with the parts and the balance',
        querystring: z.object(recordFilter),
        response: { 200: dataReply(paidTotalsReply) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const q = request.query;
      const [totals, balance] = await Promise.all([paidTotals(db, userId, { from: q.startTime, to: q.endTime }), balanceOf(db, userId)]);
      return okData({ ...totals, balance, currency: CURRENCY });
    },
  );

  api.get(
    '/api/balance/getBalance',
    { schema: { tags, security, summary: 'The balance', response: { 200: dataReply(balanceReply) } } },
    async (request) => {
      const userId = await requireUser(request);
      return okData({ balance: await balanceOf(db, userId), currency: CURRENCY });
    },
  );

  /** Top-up: {amount (cents), method: paypal | card | stripe}; then capture/confirm as for an order. */
  api.post(
    '/api/balance/recharge',
    {
      schema: {
        tags,
        security,
        summary: 'Top up the balance through PayPal, card or Stripe; then capture or confirm as for an order',
        body: z.object({
          amount: amountCents.meta({ description: 'The top-up, cents (1 to 10000 USD)' }),
          method: z.preprocess(
            (v) => (isBlank(v) ? undefined : v),
            z.enum(RECHARGE_METHODS, { error: "method must be 'paypal', 'card' or 'stripe'" }),
          ),
          idempotencyKey: idempotencyKeyField,
        }),
        response: { 200: dataReply(flowResult) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const open = { purpose: 'topup' as const, amount: b.amount, key: idempotencyKeyOf(request, b) };
      await enforce(db, `paycreate:user:${userId}`, PaymentLimits.createPerUser);
      if (b.method === 'paypal') return okData(await flows.paypalCreate(userId, open));
      return okData(await flows.stripeCreate(userId, b.method, open));
    },
  );
}
