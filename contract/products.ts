/**
 * Saved products ("My products"), templates ("My templates"), their view images and the
 * account's pricing rule: request/response shapes, limits, messages and the pure pricing rules
 * shared by the designer (src/designer), the product pages, store connections and the server.
 * Every amount is integer cents.
 */
import { PRICE_RE } from './validation';
import { centsToDecimal, decimalToCents } from './commerce';

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** A design JSON longer than this is uploaded as a file and saved by URL. */
export const EDIT_OBJ_INLINE_MAX = 60_000;
/** A price has up to 5 integer digits and 2 decimals, so 99999.99 at most. */
export const PRICE_MAX_CENTS = 9_999_999;
export const PRODUCT_TITLE_MAX = 255;
/** Description HTML after sanitising. */
export const BODY_HTML_MAX = 60_000;
/** Images one product may record (views × colours). */
export const PRODUCT_IMAGES_MAX = 200;
/** Ids one batch delete or re-price may name. */
export const BATCH_IDS_MAX = 100;
export const PRODUCT_PAGE_SIZE_DEFAULT = 15;

// ---------------------------------------------------------------------------------------------
// Messages (the product's established wording where it has one; ours otherwise)
// ---------------------------------------------------------------------------------------------

export const ProductMessages = {
  /** The price rule: up to 5 integer digits, optional decimals of up to 2 places. */
  priceInvalid: 'Please enter a price with up to 5 digits and 2 decimals',
  pricePositive: 'The price must be greater than 0',
  titleRequired: 'Please enter a title',
  titleTooLong: `The title must be at most ${PRODUCT_TITLE_MAX} characters`,
  descriptionTooLong: 'The description is too long',
  notFound: 'The product does not exist',
  templateNotFound: 'The template does not exist',
  parentNotFound: 'The product is no longer in the catalogue',
  variantNotInProduct: 'A selected variant does not belong to this product',
  noVariants: 'Please select at least one variant',
  editObjInvalid: 'Data error',
  editObjTooLarge: `The design is over ${EDIT_OBJ_INLINE_MAX} characters: upload it as a file and save its URL`,
  editObjNotYours: 'The design file does not belong to your account',
  editObjMissing: 'The design file does not exist',
  imageNotYours: 'This image does not belong to your account',
  imageMissing: 'The image does not exist',
  tooManyImages: `At most ${PRODUCT_IMAGES_MAX} images per product`,
  nothingSelected: 'Please select a product',
  multiplierInvalid: 'Please enter a multiplier from 1.00 to 100.00',
  markupInvalid: 'Please enter a markup with up to 5 digits and 2 decimals',
  modeInvalid: 'Please choose multiplier or markup',
  deleted: 'Deleted successfully',
  copied: 'Copied successfully',
  saved: 'Saved successfully',
  priceApplied: 'Prices updated',
  deleteConfirm: 'Are you sure you want to delete the selected products?',
  deleteTemplatesConfirm: 'Are you sure you want to delete the selected templates?',
} as const;

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

/** A price in cents the price filter allows: 1 cent to 99999.99. */
export const isPriceCents = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= PRICE_MAX_CENTS;

/** Text from the price input ('12.5') → cents, or null when the price rule refuses it. */
export function priceTextToCents(text: string): number | null {
  const t = text.trim();
  if (!PRICE_RE.test(t)) return null;
  return decimalToCents(t);
}

export const centsToPriceText = (cents: number): string => centsToDecimal(cents);

// ---------------------------------------------------------------------------------------------
// Pricing rule (shops/priceRule)
// ---------------------------------------------------------------------------------------------

export type PriceRuleMode = 'multiplier' | 'markup';

/**
 * How a product saved without explicit prices is priced: 'multiplier' sells at cost ×
 * multiplierPct / 100 (250 = ×2.50); 'markup' sells at cost + markupCents. Both fields are kept
 * so switching modes in the form loses neither number.
 */
export interface PriceRule {
  mode: PriceRuleMode;
  multiplierPct: number;
  markupCents: number;
}

/** A merchant who never set a rule sells at twice the cost. */
export const DEFAULT_PRICE_RULE: PriceRule = { mode: 'multiplier', multiplierPct: 200, markupCents: 0 };
export const MULTIPLIER_PCT_MIN = 100;
export const MULTIPLIER_PCT_MAX = 10_000;

/** The first problem with a rule, or null. */
export function priceRuleError(rule: { mode?: unknown; multiplierPct?: unknown; markupCents?: unknown }): string | null {
  if (rule.mode !== 'multiplier' && rule.mode !== 'markup') return ProductMessages.modeInvalid;
  const m = rule.multiplierPct;
  if (typeof m !== 'number' || !Number.isInteger(m) || m < MULTIPLIER_PCT_MIN || m > MULTIPLIER_PCT_MAX)
    return ProductMessages.multiplierInvalid;
  const a = rule.markupCents;
  if (typeof a !== 'number' || !Number.isInteger(a) || a < 0 || a > PRICE_MAX_CENTS) return ProductMessages.markupInvalid;
  return null;
}

/**
 * The selling price of a variant costing `costCents` under `rule`: rounded half up to the cent,
 * at least 1 cent and at most the price filter's 99999.99.
 */
export function applyPriceRule(costCents: number, rule: PriceRule): number {
  const raw = rule.mode === 'multiplier' ? Math.round((costCents * rule.multiplierPct) / 100) : costCents + rule.markupCents;
  return Math.min(PRICE_MAX_CENTS, Math.max(1, raw));
}

/** Profit of one sale in cents (negative when sold below cost). */
export const profitCents = (priceCents: number, costCents: number): number => priceCents - costCents;

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------

/** A picked colour, as the save body's colorIds entries (id, color); color is '#RRGGBB'. */
export interface ColorPick {
  id: string;
  color: string;
  name?: string;
}

/** A variant price in a save/update body. */
export interface VariantPriceInput {
  /** Catalogue variant id. */
  variantId: number;
  /** Selling price, integer cents (1 … 9999999). */
  price: number;
}

/**
 * Myexclusive/add (and update, with `id`): the custom product save body (editObj, productfid,
 * printtype, sectionType, prototypeGroupId, prototypeGroupName, customType, colorIds,
 * optionsvalue fields) plus the Price & Details step.
 *
 * editObj: the design JSON (a string of JSON text, or the object itself) up to 60000 characters;
 * above that the client uploads it with uploadsImg/uploadCustomizedNoPrefix and sends the URL it
 * got, as `editObjUrl` (or as `editObj` itself: a URL string is recognised). The URL must point
 * into the merchant's own storage.
 *
 * variants: which catalogue variants to sell and at what price. Left out, the product sells the
 * variants matching colorIds and the optionsvalue fields (all when none are given), priced by the
 * account's pricing rule. A variant listed without `price` is priced by the rule as well.
 */
export interface SaveProductBody {
  id?: number;
  productfid: number;
  editObj?: string | Record<string, unknown> | unknown[] | null;
  editObjUrl?: string | null;
  printtype?: number | null;
  sectionType?: number | null;
  prototypeGroupId?: string | number | null;
  prototypeGroupName?: string | null;
  customType?: number | null;
  colorIds?: ColorPick[];
  /** Picked values of option 1, 2, 3 (arrays, or comma lists). */
  optionsvalue?: string[] | string;
  optionsvalue2?: string[] | string;
  optionsvalue3?: string[] | string;
  title?: string;
  bodyHtml?: string;
  variants?: { variantId: number; price?: number }[];
  /** 1: save to My templates. */
  isTemplate?: 0 | 1 | boolean;
  /** The template the design started from. */
  sourceTemplateId?: number | null;
}

/** Myexclusive/updateMyProductInfo: the Price & Details step on its own. */
export interface UpdateProductInfoBody {
  id: number;
  title?: string;
  bodyHtml?: string;
  variants?: VariantPriceInput[];
}

/** A rendered view image to record once uploaded: its URL, view, colour and SKU option values. */
export interface ViewImageInput {
  url: string;
  thumbnailUrl?: string | null;
  viewId: string;
  viewName?: string;
  colorValue?: string;
  colorName?: string;
  SKUId?: string;
  optionsval?: string;
  optionsid?: string;
  /** Catalogue variant ids this image shows. */
  variantIds?: number[];
}

/** editImages/addImagesEditList: the product's full set of view images (replaces the old set). */
export interface AddImagesEditListBody {
  productId: number;
  list: ViewImageInput[];
}

export interface MyProductImage {
  id: number;
  viewId: string;
  viewName: string;
  colorValue: string;
  colorName: string;
  SKUId: string;
  optionsval: string;
  optionsid: string;
  variantIds: number[];
  url: string;
  thumbnailUrl: string;
  position: number;
}

export interface MyProductVariant {
  id: number;
  /** Catalogue variant id. */
  variantId: number;
  position: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  title: string;
  sku: string;
  cost: number;
  price: number;
  profit: number;
  imageId: number | null;
  /** False when the catalogue no longer sells the variant. */
  available: boolean;
}

/** A row of Myexclusive/list (My products / My templates). */
export interface MyProductCard {
  id: number;
  productfid: number;
  isTemplate: 0 | 1;
  title: string;
  /** First view image's thumbnail, else the catalogue product's picture; '' when neither. */
  cover: string;
  /** First view image at full size. */
  image: string;
  customType: number | null;
  variantCount: number;
  colorCount: number;
  minPrice: number;
  maxPrice: number;
  minCost: number;
  maxCost: number;
  parentTitle: string;
  /** False when the parent catalogue product is gone. */
  available: boolean;
  /** ISO 8601. */
  createTime: string;
  updateTime: string;
}

/** Myexclusive/getInfo/{id}. */
export interface MyProductDetail extends MyProductCard {
  shopId: number | null;
  sourceTemplateId: number | null;
  /** 1: a photo product (Myexclusive/addPhotoProduct/{id}). */
  isPhoto: 0 | 1;
  bodyHtml: string;
  /** The design JSON text as saved inline; null when it was saved as a file. */
  editObj: string | null;
  /** The design file's URL when saved as a file; null when inline. */
  editObjUrl: string | null;
  printtype: number | null;
  sectionType: number | null;
  prototypeGroupId: string | null;
  prototypeGroupName: string;
  colorIds: ColorPick[];
  options: Record<string, string[]>;
  status: number;
  variants: MyProductVariant[];
  images: MyProductImage[];
  parent: { id: number; title: string; handle: string; pic1: string; url: string } | null;
}

export interface ProductListQuery {
  pageNum?: number;
  pageSize?: number;
  /** Words that must all appear in the title. */
  keyword?: string;
  /** 1: My templates; 0 (default): My products. */
  isTemplate?: 0 | 1;
}

/** The "edit" and "use this template" hooks: the design dialog (src/designer) reads these search params. */
export const EDIT_PRODUCT_PARAM = 'edit';
export const USE_TEMPLATE_PARAM = 'template';
