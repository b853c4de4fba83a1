/**
 * Reply schemas of the My products, images and pricing-rule calls. Each is checked against the
 * wire type the client reads (contract/products.ts), so the two cannot drift apart.
 */
import { z } from 'zod';
import type { ColorPick, MyProductCard, MyProductDetail, MyProductImage, MyProductVariant, PriceRule } from '../../contract/products';

const zeroOne = z.union([z.literal(0), z.literal(1)]);

export const colorPick = z.looseObject({
  id: z.string(),
  color: z.string().meta({ description: '#RRGGBB' }),
  name: z.string().optional(),
}) satisfies z.ZodType<ColorPick>;

export const myProductVariant = z.looseObject({
  id: z.int(),
  variantId: z.int().meta({ description: 'Catalogue variant id' }),
  position: z.int(),
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  title: z.string(),
  sku: z.string(),
  cost: z.int().meta({ description: 'Cents' }),
  price: z.int().meta({ description: 'Cents' }),
  profit: z.int().meta({ description: 'price − cost, cents' }),
  imageId: z.int().nullable(),
  available: z.boolean().meta({ description: 'False when the catalogue no longer sells the variant' }),
}) satisfies z.ZodType<MyProductVariant>;

export const myProductImage = z.looseObject({
  id: z.int(),
  viewId: z.string(),
  viewName: z.string(),
  colorValue: z.string(),
  colorName: z.string(),
  SKUId: z.string(),
  optionsval: z.string(),
  optionsid: z.string(),
  variantIds: z.array(z.int()),
  url: z.string(),
  thumbnailUrl: z.string(),
  position: z.int(),
}) satisfies z.ZodType<MyProductImage>;

const card = {
  id: z.int(),
  productfid: z.int(),
  isTemplate: zeroOne,
  title: z.string(),
  cover: z.string().meta({ description: "First view image's thumbnail, else the catalogue product's picture; '' when neither" }),
  image: z.string(),
  customType: z.int().nullable(),
  variantCount: z.int(),
  colorCount: z.int(),
  minPrice: z.int(),
  maxPrice: z.int(),
  minCost: z.int(),
  maxCost: z.int(),
  parentTitle: z.string(),
  available: z.boolean().meta({ description: 'False when the parent catalogue product is gone' }),
  createTime: z.string(),
  updateTime: z.string(),
};

export const myProductCard = z.looseObject(card) satisfies z.ZodType<MyProductCard>;

export const myProductDetail = z.looseObject({
  ...card,
  shopId: z.int().nullable(),
  sourceTemplateId: z.int().nullable(),
  isPhoto: zeroOne,
  bodyHtml: z.string(),
  editObj: z.string().nullable().meta({ description: 'The design JSON text as saved inline; null when saved as a file' }),
  editObjUrl: z.string().nullable().meta({ description: "The design file's URL when saved as a file; null when inline" }),
  printtype: z.int().nullable(),
  sectionType: z.int().nullable(),
  prototypeGroupId: z.string().nullable(),
  prototypeGroupName: z.string(),
  colorIds: z.array(colorPick),
  options: z.record(z.string(), z.array(z.string())),
  status: z.int(),
  variants: z.array(myProductVariant),
  images: z.array(myProductImage),
  parent: z.looseObject({ id: z.int(), title: z.string(), handle: z.string(), pic1: z.string(), url: z.string() }).nullable(),
}) satisfies z.ZodType<MyProductDetail>;

export const priceRule = z.looseObject({
  mode: z.enum(['multiplier', 'markup']),
  multiplierPct: z.int().meta({ description: 'Percent of cost: 250 sells at cost × 2.50' }),
  markupCents: z.int(),
}) satisfies z.ZodType<PriceRule>;
