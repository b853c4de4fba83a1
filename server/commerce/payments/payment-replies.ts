/**
 * Reply schemas of the payment and balance calls, checked against the wire type the client reads
 * (contract/commerce.ts) or the type the server builds (./provider-flows.ts, ../ledger.ts), so
 * they cannot drift apart. Amounts are integer cents.
 */
import { z } from 'zod';
import { PAY_METHODS, type BalanceRecord, type PaymentMethodInfo } from '../../../contract/commerce';
import type { FlowResult } from './provider-flows';
import type { paidTotals } from '../ledger';

const cents = (description: string) => z.int().meta({ description: `${description}, cents` });

export const paymentMethodInfo = z.looseObject({
  method: z.enum(PAY_METHODS),
  recordType: z.int(),
  name: z.string(),
  configured: z.boolean(),
  message: z.string().nullable().meta({ description: 'Shown on the button when configured is false' }),
  clientId: z.string().nullable().optional().meta({ description: 'PayPal client id' }),
  publishableKey: z.string().nullable().optional().meta({ description: 'Stripe publishable key' }),
}) satisfies z.ZodType<PaymentMethodInfo>;

const paymentStatus = z.string().meta({
  description: 'created (waiting for the payer), succeeded, pending (provider still processing), failed, cancelled',
});

/** Where a provider payment stands after a create, capture, confirm or sync. */
export const flowResult = z.looseObject({
  paymentId: z.int(),
  orderId: z.int().nullable(),
  purpose: z.string().meta({ description: 'order or topup' }),
  method: z.string(),
  amount: cents('Amount'),
  status: paymentStatus,
  outcome: z
    .enum(['paid', 'already', 'credited', 'topup', 'mismatch'])
    .optional()
    .meta({ description: 'What settling did, once the provider says the money arrived' }),
  paypalOrderId: z.string().nullable().optional(),
  approveUrl: z.string().nullable().optional().meta({ description: 'Where the payer approves the PayPal order' }),
  paymentIntentId: z.string().nullable().optional(),
  clientSecret: z.string().nullable().optional().meta({ description: 'For Stripe.js, while the intent waits for the payer' }),
  publishableKey: z.string().nullable().optional(),
  nextAction: z.unknown().optional().meta({ description: "Stripe's next_action when further authentication is required" }),
  message: z.string().optional(),
}) satisfies z.ZodType<FlowResult>;

export const paymentState = z.looseObject({
  paymentId: z.int(),
  orderId: z.int().nullable(),
  purpose: z.string(),
  method: z.string(),
  amount: cents('Amount'),
  status: paymentStatus,
  failureReason: z.string().nullable(),
});

export const balanceRecord = z.looseObject({
  id: z.int(),
  type: z
    .int()
    .meta({ description: 'Record type (1 Paid with Balance, 2 PayPal, 3 Refund Orders, 9 Credit Card, 11 Prepayment, 14 Stripe, …)' }),
  typeName: z.string(),
  amount: cents('The money of the record, always ≥ 0'),
  balanceChange: cents('What it did to the balance'),
  balanceAfter: cents('The balance after it'),
  orderId: z.int().nullable(),
  orderNo: z.string().nullable(),
  remark: z.string(),
  createTime: z.string(),
}) satisfies z.ZodType<BalanceRecord>;

export const paidTotalsReply = z.looseObject({
  totalPaid: cents('Order payments less order refunds'),
  paid: cents('Order payments'),
  refunded: cents('Order refunds'),
  toppedUp: cents('Top-ups'),
  balance: cents('The balance'),
  currency: z.string(),
}) satisfies z.ZodType<Awaited<ReturnType<typeof paidTotals>> & { balance: number; currency: string }>;

export const balanceReply = z.looseObject({ balance: cents('The balance'), currency: z.string() });
