/**
 * Reply schemas of the catalogue calls. Those with a wire type in contract/ are checked against
 * it, so the two cannot drift apart; the rest list the fields the pages read.
 */
import { z } from 'zod';
import type { ColorSwatch, GalleryImage, ProductCard, ProductDetail, WireImage, WireOption, WireVariant } from '../../contract/catalog';
import type { ShippingQuote } from '../../contract/commerce';
import type { PsdProductResult } from './psd-products';

const bit = z.union([z.literal(0), z.literal(1)]);
const shipFromCode = z.enum(['CN', 'US', 'AU']);

const colorSwatch = z.looseObject({ name: z.string(), hex: z.string() }) satisfies z.ZodType<ColorSwatch>;

const cardFields = {
  id: z.int(),
  handle: z.string(),
  title: z.string(),
  pic1: z.string().meta({ description: 'Cover image; ?size=1..5 or ?w= give a resized copy' }),
  minCost: z.int().meta({ description: 'Cents' }),
  maxCost: z.int().meta({ description: 'Cents' }),
  customType: z.int(),
  shipFlag: bit.meta({ description: '1: ships from a local warehouse, only inside its zone' }),
  shipFrom: z.enum(['China', 'USA', 'Australia']),
  shipFromCode,
  waretypeid: z.int(),
  waretypetwoid: z.int(),
  categorySlug: z.string(),
  subcategorySlug: z.string(),
  url: z.string().meta({ description: 'Product page path' }),
  hotSelling: bit,
  is3D: bit,
  customizedGift: bit,
  colors: z.array(colorSwatch),
  sales: z.int(),
  createdTime: z.string().meta({ description: 'ISO 8601' }),
};

export const productCard = z.looseObject(cardFields) satisfies z.ZodType<ProductCard>;

const wireOption = z.looseObject({
  id: z.string(),
  name: z.string(),
  position: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  isColor: z.boolean(),
  values: z.array(z.looseObject({ name: z.string(), hex: z.string().nullable() })),
}) satisfies z.ZodType<WireOption>;

const wireVariant = z.looseObject({
  id: z.int(),
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  imagesId: z.int().nullable(),
  cost: z.int().meta({ description: 'Cents' }),
  sku: z.string(),
  weightGrams: z.int(),
}) satisfies z.ZodType<WireVariant>;

export const wireImage = z.looseObject({
  id: z.int(),
  productid: z.int(),
  customType: z.int(),
  sectionType: z.int().nullable(),
  prototypeGroupId: z.string().nullable(),
  prototypeGroupName: z.string(),
  sectionName: z.string(),
  colorName: z.string(),
  imgname: z.string().meta({ description: "'#RRGGBB' of the colour the image shows" }),
  src: z.string(),
  iscolor: bit,
  isoverlay: bit,
  editimgwidth: z.int(),
  editimgheight: z.int(),
  dpl: z.null(),
}) satisfies z.ZodType<WireImage>;

const galleryImage = z.looseObject({
  colorName: z.string(),
  hex: z.string(),
  viewId: z.string(),
  viewName: z.string(),
  src: z.string(),
}) satisfies z.ZodType<GalleryImage>;

const named = z.looseObject({ id: z.int(), name: z.string(), slug: z.string() });

export const productDetail = z.looseObject({
  ...cardFields,
  description: z.string(),
  bodyHtml: z.string(),
  category: named,
  subcategory: named,
  options: z.array(wireOption),
  variants: z.array(wireVariant),
  images: z.array(wireImage),
  gallery: z.array(galleryImage),
  properties: z.array(z.looseObject({ name: z.string(), value: z.string() })),
  defaultLogisticsId: z.int(),
  logistics: z.array(z.looseObject({ logistics_id: z.int(), is_tiered: bit, firstCost: z.int(), additionalCost: z.int() })),
  customInfo: z.record(z.string(), z.unknown()),
  customTemplateId: z.string(),
}) satisfies z.ZodType<ProductDetail>;

/** A design template (engine/model CustomTemplate) for one product colour; the design tool reads it whole. */
export const customTemplate = z
  .looseObject({
    customTemplateId: z.string().nullable(),
    flatList: z.array(z.looseObject({})),
    viewList: z.array(z.looseObject({ viewId: z.string(), viewData: z.looseObject({ imageUrl: z.string() }) })),
    color: z.looseObject({ name: z.string(), value: z.string() }).nullable(),
  })
  .meta({ description: 'A design template (CustomTemplate)' });

export const variantTemplate = z.looseObject({
  variantId: z.int(),
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  cost: z.int(),
  sku: z.string(),
  imagesId: z.int().nullable(),
  colorName: z.string(),
  imgname: z.string(),
  src: z.string(),
  customTemplateId: z.string().meta({ description: "'<template id>-<RRGGBB>'" }),
});

// ------------------------------------------------------------------------------------------
// Categories, custom types, templates
// ------------------------------------------------------------------------------------------

const subMenu = z.looseObject({
  id: z.int(),
  waretypeid: z.int(),
  name: z.string(),
  title: z.string(),
  slug: z.string(),
  url: z.string().meta({ description: 'Icon URL' }),
  status: z.int(),
  sort: z.int(),
  hot: bit,
  productCount: z.int(),
  path: z.string(),
});

export const menuCategory = z.looseObject({
  id: z.int(),
  name: z.string(),
  title: z.string(),
  slug: z.string(),
  url: z.string().meta({ description: 'Icon URL' }),
  status: z.int(),
  sort: z.int(),
  inMenu: bit,
  hasSubMenu: bit,
  productCount: z.int(),
  path: z.string(),
  subMenuList: z.array(subMenu),
});

export const subcategoryRow = subMenu.extend({ categorySlug: z.string() });

export const hotCategory = z.looseObject({
  id: z.int(),
  waretypeid: z.int(),
  categorySlug: z.string(),
  name: z.string(),
  title: z.string(),
  slug: z.string(),
  url: z.string(),
  cover: z.string(),
  productCount: z.int(),
  path: z.string(),
});

export const customTypeRow = z.looseObject({ customType: z.int(), name: z.string(), description: z.string(), productCount: z.int() });

export const giftTypeRow = z.looseObject({
  id: z.int(),
  waretypeid: z.int(),
  categorySlug: z.string(),
  name: z.string(),
  title: z.string(),
  slug: z.string(),
  productCount: z.int(),
  path: z.string(),
});

export const displayTemplate = z.looseObject({
  customTemplateId: z.string(),
  name: z.string(),
  archetype: z.string(),
  customType: z.int(),
  cover: z.string(),
  productCount: z.int(),
});

export const productImage = wireImage.extend({ editZone: customTemplate });

// ------------------------------------------------------------------------------------------
// Shipping
// ------------------------------------------------------------------------------------------

export const shipCountryRow = z.looseObject({ shipCountryId: z.int(), countryCode: z.string(), country: z.string(), freeShipping: bit });

export const shippingQuote = z.looseObject({
  logisticsId: z.int(),
  shipMethod: z.string(),
  carrier: z.string(),
  shipTime: z.string(),
  shipTimeMin: z.int(),
  shipTimeMax: z.int(),
  cost: z.int().meta({ description: 'Shipping for the quantity, cents' }),
  freeShipping: z.boolean(),
  isDefault: z.boolean(),
  shipCountryId: z.int(),
  countryCode: z.string(),
}) satisfies z.ZodType<ShippingQuote>;

export const variantQuote = shippingQuote.extend({ variantid: z.int() });

export const calculatorRow = variantQuote.extend({
  quantity: z.int(),
  unitCost: z.int(),
  productCost: z.int(),
  shippingCost: z.int(),
  totalCost: z.int(),
});

export const trackUrl = z.looseObject({
  url: z.string(),
  trackUrl: z.string(),
  carrier: z.string(),
  shipMethod: z.string(),
  logisticsId: z.int(),
  countryCode: z.string(),
  shipCountryId: z.int(),
});

// ------------------------------------------------------------------------------------------
// Operator
// ------------------------------------------------------------------------------------------

export const psdProduct = z.looseObject({
  productId: z.int(),
  templateId: z.int(),
  handle: z.string(),
  printAreas: z.array(z.looseObject({ flatId: z.string(), widthPx: z.int(), heightPx: z.int() })),
  notes: z.array(z.string()).meta({ description: 'Where the template draws differently from Photoshop' }),
}) satisfies z.ZodType<PsdProductResult>;
