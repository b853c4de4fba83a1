/**
 * Reply schemas of the branding calls, each checked against the wire type of contract/branding.ts
 * so the two cannot drift apart. Prices are integer cents.
 */
import { z } from 'zod';
import {
  BRAND_ITEM_KINDS,
  BRAND_PACKAGE_NAMES,
  type BrandCustom,
  type BrandItemDef,
  type BrandOrderItem,
  type BrandPackage,
  type BrandPrice,
} from '../../contract/branding';

const cents = (description: string) => z.int().meta({ description: `${description}, cents` });
const kind = z.enum(BRAND_ITEM_KINDS).meta({
  description: 'diao_pai hang tag, biao_qian label, bao_zhuang_dai packaging bag, zhi_xiang box, jiao_zhi tape, ka_pian card',
});

export const brandItemDef = z.looseObject({
  kind,
  name: z.string(),
  description: z.string(),
  picture: z.string().meta({ description: "The item's picture" }),
  printArea: z.looseObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).meta({
    description: 'Where the artwork sits on the picture, as fractions of its width and height',
  }),
  per: z.enum(['piece', 'order']).meta({ description: 'One per product piece, or one per order' }),
  option: z.looseObject({
    name: z.string(),
    choices: z.array(
      z.looseObject({
        value: z.string(),
        label: z.string(),
        surcharge: cents('Added to the package price'),
        picture: z.string().optional().meta({ description: "The item's picture in this choice" }),
      }),
    ),
  }),
}) satisfies z.ZodType<BrandItemDef>;

export const brandPackage = z.looseObject({
  package_id: z.int(),
  name: z.enum(BRAND_PACKAGE_NAMES),
  title: z.string(),
  description: z.string(),
  price: cents('The package before options'),
  items: z.array(kind),
  itemList: z.array(brandItemDef),
}) satisfies z.ZodType<BrandPackage>;

const url = (description: string) => z.string().meta({ description: `${description} ('' when none)` });

export const brandCustom = z.looseObject({
  id: z.int(),
  package_id: z.int(),
  name: z.enum(BRAND_PACKAGE_NAMES),
  title: z.string(),
  price: cents('With the chosen options; fixed once submitted'),
  is_use: z.union([z.literal(0), z.literal(1)]).meta({ description: "1 while the package's items go into the merchant's orders" }),
  status: z.int().meta({ description: '0 draft, 1 submitted (waiting for payment), 5 paid' }),
  statusName: z.string(),
  logo: url('The brand logo'),
  order_pic: url('A photo of the finished packaging, shown once the package is paid (status 5)'),
  diao_pai: url('Hang tag artwork'),
  biao_qian: url('Label artwork'),
  bao_zhuang_dai: url('Packaging bag artwork'),
  zhi_xiang: url('Box artwork'),
  jiao_zhi: url('Tape artwork'),
  ka_pian: z.union([z.literal(1), z.literal(2)]).meta({ description: '1 one-sided card, 2 two-sided' }),
  ka_pian_pic: url('Card artwork'),
  skype: z.string(),
  whatsapp: z.string(),
  diao_pai_info: z.string().meta({ description: 'The text printed on the hang tag' }),
  options: z.record(z.string(), z.string()).meta({ description: 'The chosen option value by item kind' }),
  submitTime: z.string().nullable(),
  paidTime: z.string().nullable(),
  updateTime: z.string(),
}) satisfies z.ZodType<BrandCustom>;

export const brandPrice = z.looseObject({
  package_id: z.int(),
  base: cents('The package before options'),
  lines: z.array(z.looseObject({ kind, name: z.string(), choice: z.string(), surcharge: cents('The choice adds') })),
  price: cents('What the merchant pays'),
}) satisfies z.ZodType<BrandPrice>;

export const brandOrderItem = z.looseObject({
  id: z.int(),
  package_id: z.int(),
  packageTitle: z.string(),
  kind,
  title: z.string(),
  choice: z.string(),
  picture: z.string().meta({ description: "The merchant's artwork printed on the item" }),
  itemPicture: z.string().meta({ description: "The item's own picture in the chosen option" }),
  quantity: z.int(),
}) satisfies z.ZodType<BrandOrderItem>;

/** Where a package payment stands: paid at once (balance), or waiting for the payer at a provider. */
export const brandPayReply = z.looseObject({
  paymentId: z.int(),
  method: z.string(),
  amount: cents('Amount'),
  status: z.string().meta({ description: 'succeeded, created (waiting for the payer), pending, failed, cancelled' }),
  outcome: z.string().optional(),
  replayed: z.boolean().optional().meta({ description: 'A retry with the same Idempotency-Key, answered as the first time' }),
  balance: cents('The balance after a balance payment').optional(),
  paypalOrderId: z.string().nullable().optional(),
  approveUrl: z.string().nullable().optional().meta({ description: 'Where the payer approves the PayPal order' }),
  paymentIntentId: z.string().nullable().optional(),
  clientSecret: z.string().nullable().optional().meta({ description: 'For Stripe.js, while the intent waits for the payer' }),
  publishableKey: z.string().nullable().optional(),
  confirmationUrl: z.string().nullable().optional().meta({ description: 'Where the merchant approves the Shopify charge' }),
  message: z.string().optional(),
  custom: brandCustom,
});
