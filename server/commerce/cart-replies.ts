/**
 * Reply schemas of the cart and address calls. Each is checked against the wire type the client
 * reads (contract/commerce.ts), so the two cannot drift apart.
 */
import { z } from 'zod';
import type { CartGroup, CartItem, GroupCosts, GroupMethod, ShipAddress } from '../../contract/commerce';

const shipFrom = z.enum(['CN', 'US', 'AU']);

export const cartItem = z.looseObject({
  id: z.int(),
  productid: z.int(),
  myProductId: z.int().nullable(),
  imagefirst: z.string(),
  title: z.string(),
  anotherName: z.string(),
  variantsid: z.int(),
  variantTitle: z.string(),
  sku: z.string(),
  cost: z.int().meta({ description: 'Unit cost in cents' }),
  quantity: z.int(),
  subtotal: z.int().meta({ description: 'cost × quantity, cents' }),
  shipFrom,
  available: z.boolean().meta({ description: 'False when the product or variant left the catalogue' }),
}) satisfies z.ZodType<CartItem>;

export const cartGroup = z.looseObject({
  shipFrom,
  shipFromName: z.string(),
  shipTrolleyItemList: z.array(cartItem),
  quantity: z.int(),
  subtotal: z.int(),
}) satisfies z.ZodType<CartGroup>;

export const groupMethod = z.looseObject({
  logisticsId: z.int(),
  shipMethod: z.string(),
  carrier: z.string(),
  shipTime: z.string(),
  shipTimeMin: z.int(),
  shipTimeMax: z.int(),
  cost: z.int().meta({ description: "The group's shipping for this method, cents" }),
  freeShipping: z.boolean(),
  isDefault: z.boolean(),
}) satisfies z.ZodType<GroupMethod>;

export const groupCosts = z.looseObject({
  shipFrom,
  shipFromName: z.string(),
  itemIds: z.array(z.int()),
  quantity: z.int(),
  subtotal: z.int(),
  refused: z.string().nullable().meta({ description: 'Why the warehouse will not ship to the country, or null' }),
  methods: z.array(groupMethod),
  shopLogisticsId: z
    .int()
    .nullable()
    .optional()
    .meta({ description: "The merchant's default method for this destination and warehouse, when the group offers it" }),
}) satisfies z.ZodType<GroupCosts>;

export const shipCountry = {
  shipCountryId: z.int(),
  countryCode: z.string(),
  country: z.string(),
};

export const shipAddress = z.looseObject({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  phone: z.string(),
  country_code: z.string(),
  country: z.string(),
  ship_country_id: z.int().nullable(),
  isDefault: z.union([z.literal(0), z.literal(1)]),
  filled: z.boolean(),
}) satisfies z.ZodType<ShipAddress>;
