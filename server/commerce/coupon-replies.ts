/**
 * Reply schemas of the coupon and invite calls, checked against the wire type the client reads
 * (contract/commerce.ts) or the type the server builds (./coupons.ts), so they cannot drift apart.
 */
import { z } from 'zod';
import type { CouponReceipt } from '../../contract/commerce';
import type { listReceivable, shareInfo as shareInfoOf } from './coupons';

const terms = {
  type: z.int().meta({ description: '2 a percent off, otherwise an amount off' }),
  discount: z.int().meta({ description: 'Percent off (type 2)' }),
  money: z.int().meta({ description: 'Cents off (other types)' }),
  minAmount: z.int().meta({ description: 'Least product subtotal the coupon needs, cents; 0 for none' }),
};
const source = z.int().meta({ description: '1 new user, 2 old user, 3 invite' });

/** A coupon the merchant can receive. */
export const receivableCoupon = z.looseObject({
  id: z.int(),
  title: z.string(),
  source,
  ...terms,
  validDays: z.int(),
  received: z.union([z.literal(0), z.literal(1)]),
}) satisfies z.ZodType<Awaited<ReturnType<typeof listReceivable>>[number]>;

/** A coupon the merchant holds. */
export const couponReceipt = z.looseObject({
  id: z.int().meta({ description: 'The received coupon (what bindingCoupon takes)' }),
  couponId: z.int(),
  title: z.string(),
  source,
  ...terms,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '0 usable, 1 used, 2 expired' }),
  orderId: z.int().nullable().meta({ description: 'The pending order it is bound to' }),
  receiveTime: z.string(),
  expireTime: z.string(),
}) satisfies z.ZodType<CouponReceipt>;

/** A held coupon usable for an amount, with what it would take off. */
export const availableCoupon = z.looseObject({
  ...couponReceipt.shape,
  discountAmount: z.int().meta({ description: 'What it takes off, cents' }),
});

const inviteReward = { title: z.string(), source, ...terms };

export const shareInfo = z.looseObject({
  shareCode: z.string(),
  shareUrl: z.string().nullable(),
  invitedCount: z.int(),
  reward: z.looseObject({ id: z.int(), ...inviteReward }).nullable(),
}) satisfies z.ZodType<Awaited<ReturnType<typeof shareInfoOf>>>;

/** What the share landing shows. */
export const shareCoupon = z.looseObject({
  valid: z.boolean().meta({ description: 'Whether the share code is a merchant' }),
  shareCode: z.string().nullable(),
  reward: z.looseObject({ title: z.string(), ...terms }).nullable(),
});
