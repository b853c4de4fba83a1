/** Reply schemas of the campaign's calls, checked against the wire types (contract/activities.ts). */
import { z } from 'zod';
import type { Campaign } from '../../contract/activities';

const status = z.union([z.literal(-1), z.literal(0), z.literal(1)]).meta({ description: '-1 not started, 0 running, 1 over' });

export const campaignItem = z.looseObject({
  id: z.int(),
  couponId: z.int(),
  title: z.string(),
  blurb: z.string(),
  type: z.int().meta({ description: '2 a percent off, otherwise an amount off' }),
  discount: z.int().meta({ description: 'Percent off (type 2)' }),
  money: z.int().meta({ description: 'Cents off (other types)' }),
  minAmount: z.int().meta({ description: 'Least product subtotal, cents' }),
  validDays: z.int(),
  startTime: z.string(),
  endTime: z.string(),
  systemTime: z.string().meta({ description: "The server's clock when it answered" }),
  status,
  claimed: z.union([z.literal(0), z.literal(1)]),
});

export const campaign = z.looseObject({
  title: z.string(),
  systemTime: z.string(),
  items: z.array(campaignItem),
  shareCode: z.string().nullable(),
  shareVisitors: z.int(),
}) satisfies z.ZodType<Campaign>;
