/**
 * Reply schemas of the shop-settings calls, each checked against the wire type the client reads
 * (contract/shop-settings.ts), so the two cannot drift apart.
 */
import { z } from 'zod';
import type {
  AddressInfo,
  BonusRecord,
  IossParam,
  LogisticsMethod,
  OrderIoss,
  ShopifyDomain,
  ShopLogistics,
} from '../../contract/shop-settings';

const shipFrom = z.enum(['CN', 'US', 'AU']);

export const logisticsMethod = z.looseObject({
  logisticsId: z.int(),
  shipMethod: z.string(),
  carrier: z.string(),
  shipFrom,
  shipFromName: z.string(),
  shipTime: z.string(),
}) satisfies z.ZodType<LogisticsMethod>;

export const shopLogisticsRow = z.looseObject({
  id: z.int(),
  countryCode: z.string().meta({ description: "An ISO country code, or 'ALL' for every country without a default of its own" }),
  country: z.string(),
  shipCountryId: z.int().nullable(),
  shipFrom,
  shipFromName: z.string(),
  logisticsId: z.int(),
  shipMethod: z.string(),
  carrier: z.string(),
  updateTime: z.string(),
}) satisfies z.ZodType<ShopLogistics>;

export const iossParamReply = z.looseObject({
  iossNumber: z.string().nullable().meta({ description: 'The IOSS number, or null when none is set' }),
  thresholdEurCents: z.int().meta({ description: 'IOSS covers goods worth at most this, in euro cents' }),
  countries: z.array(z.string()).meta({ description: 'The EU countries IOSS applies to' }),
}) satisfies z.ZodType<IossParam>;

export const orderIossReply = z
  .looseObject({
    iossNumber: z.string().nullable(),
    goodsValueEurCents: z.int(),
    eligible: z.boolean(),
  })
  .nullable()
  .meta({
    description: 'On orders to the EU: the IOSS number the order was placed under; null on other orders',
  }) satisfies z.ZodType<OrderIoss | null>;

export const bonusRow = z.looseObject({
  id: z.int(),
  type: z.int(),
  typeName: z.string(),
  amount: z.int().meta({ description: 'Cents' }),
  orderNo: z.string().nullable(),
  remark: z.string(),
  createTime: z.string(),
}) satisfies z.ZodType<BonusRecord>;

export const addressInfo = z.looseObject({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  country_code: z.string(),
  country: z.string(),
  ship_country_id: z.int().nullable(),
}) satisfies z.ZodType<AddressInfo>;

export const shopifyDomain = z
  .looseObject({ shopId: z.int(), myshopifyDomain: z.string(), simplename: z.string().nullable() })
  .nullable()
  .meta({ description: 'The Shopify store, or null when the merchant has none' }) satisfies z.ZodType<ShopifyDomain | null>;
