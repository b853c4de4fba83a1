/**
 * The save body of a product (the custom product save body plus Price & Details): its fields as
 * request schema, and the checked, normalised form the service takes. Anything malformed is
 * refused with a message naming the problem; a field left out stays `undefined` so an update
 * keeps what was saved, and a field sent as null clears it.
 */
import { z } from 'zod';
import { AppError } from '../platform/envelope';
import { aka, id, isBlank, optionalId, text, refuse } from '../platform/http-schema/fields';
import { keptText, nullableInt } from './fields';
import { sanitizeHtml } from './sanitize-html';
import { looksLikeUrl } from './blob-refs';
import type { OptionPicks } from './variants';
import { BODY_HTML_MAX, EDIT_OBJ_INLINE_MAX, PRODUCT_TITLE_MAX, ProductMessages, type ColorPick } from '../../contract/products';

export type EditObjInput = { kind: 'inline'; text: string } | { kind: 'url'; url: string } | null;

export interface SaveInput {
  productfid?: number;
  editObj?: EditObjInput;
  printtype?: number | null;
  sectionType?: number | null;
  customType?: number | null;
  prototypeGroupId?: string | null;
  prototypeGroupName?: string;
  colorIds?: ColorPick[];
  picks?: OptionPicks;
  title?: string;
  bodyHtml?: string;
  variants?: { variantId: number; price?: number }[];
  isTemplate?: boolean;
  sourceTemplateId?: number | null;
  /** A bulk save's key for this product: the same key again answers with the product it made. */
  requestKey?: string;
}

export function readEditObj(raw: unknown, rawUrl: unknown): EditObjInput | undefined {
  if (typeof rawUrl === 'string' && rawUrl.trim() !== '') return { kind: 'url', url: rawUrl.trim() };
  if (raw === undefined) return rawUrl === null ? null : undefined;
  if (raw === null || raw === '') return null;
  let text: string;
  if (typeof raw === 'string') {
    if (looksLikeUrl(raw)) return { kind: 'url', url: raw.trim() };
    text = raw;
  } else if (typeof raw === 'object') {
    text = JSON.stringify(raw);
  } else {
    throw new AppError(ProductMessages.editObjInvalid);
  }
  if (text.length > EDIT_OBJ_INLINE_MAX) throw new AppError(ProductMessages.editObjTooLarge);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(ProductMessages.editObjInvalid);
  }
  if (!parsed || typeof parsed !== 'object') throw new AppError(ProductMessages.editObjInvalid);
  return { kind: 'inline', text };
}

/** A title: spaces collapsed; null or blank is refused. */
export const titleField = z.preprocess(
  (v) => (typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\s+/g, ' ').trim() : v),
  z
    .string({ error: ProductMessages.titleRequired })
    .min(1, ProductMessages.titleRequired)
    .max(PRODUCT_TITLE_MAX, ProductMessages.titleTooLong)
    .optional(),
);

/** Description HTML, sanitised; null is '' (clears it). Absurd input is refused before it is sanitised. */
export const bodyHtmlField = z
  .preprocess(
    (v, ctx) => (v === null ? '' : v === undefined || typeof v === 'string' ? v : refuse(ctx, ProductMessages.descriptionTooLong, v)),
    z.string().optional(),
  )
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v.length > BODY_HTML_MAX * 4) return refuse(ctx, ProductMessages.descriptionTooLong, v);
    const clean = sanitizeHtml(v);
    // The limit applies again to the clean result.
    return clean.length > BODY_HTML_MAX ? refuse(ctx, ProductMessages.descriptionTooLong, v) : clean;
  })
  .meta({ description: `HTML, sanitised; at most ${BODY_HTML_MAX} characters` });

const VARIANTS_SHAPE = 'variants must be a list of {variantId, price}';

/** Which catalogue variants to sell and at what price (cents); a variant without a price is priced by the rule. */
export const variantsField = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .array(
      z.object(
        {
          variantId: aka(id('variantId'), 'variantsid', 'variantsId', 'id'),
          // Cents on the wire (integers only): '12.50' or 12.5 is a client that forgot to convert.
          price: z.preprocess(
            (v) => (v === null ? undefined : v),
            z.int({ error: ProductMessages.priceInvalid }).optional().meta({ description: 'Selling price, integer cents' }),
          ),
        },
        { error: VARIANTS_SHAPE },
      ),
      { error: VARIANTS_SHAPE },
    )
    .max(1000, 'variants: too many')
    .optional(),
);

const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const COLORS_SHAPE = 'colorIds must be a list of {id, color}';

const colorPick = z
  .object({ id: text('color id', 100), color: aka(text('color', 20), 'value'), name: text('color name', 100) }, { error: COLORS_SHAPE })
  .transform((c, ctx): ColorPick => {
    if (!HEX_RE.test(c.color)) return refuse(ctx, `Not a colour: ${c.color || '(empty)'}`, c.color);
    const hex = c.color.replace(/^#/, '').toUpperCase();
    const full =
      hex.length === 3
        ? hex
            .split('')
            .map((ch) => ch + ch)
            .join('')
        : hex;
    return { id: c.id, color: `#${full}`, ...(c.name ? { name: c.name } : {}) };
  });

/** Picked colours; null or '' is none. */
const colorIdsField = z.preprocess(
  (v) => (v === null || v === '' ? [] : v),
  z.array(colorPick, { error: COLORS_SHAPE }).max(100, 'colorIds: too many colours').optional(),
);

/** Picked values of an option: a list, or a comma list ("[a,b]" or "a,b"); blank values are dropped. */
function optionValues(what: string) {
  return z
    .preprocess(
      (v) => (v === null ? undefined : typeof v === 'string' ? v.replace(/^\[|\]$/g, '').split(',') : v),
      z
        .array(text(what, 100), { error: `${what} must be a list of option values` })
        .max(200, `${what}: too many values`)
        .optional()
        .transform((list) => list?.filter((x) => x !== '')),
    )
    .meta({ description: 'A list, or a comma list ("a,b" or "[a,b]")' });
}

/** The fields of the save body, under the names the wire uses (other spellings accepted). */
export const saveFields = {
  productfid: aka(optionalId('productfid'), 'productFid', 'productId'),
  // Checked by readEditObj: JSON text or the object itself, or a URL of the merchant's own file.
  editObj: z
    .unknown()
    .optional()
    .meta({
      description: `The design: JSON text or the object itself, at most ${EDIT_OBJ_INLINE_MAX} characters; a URL string is taken as editObjUrl`,
    }),
  editObjUrl: z.unknown().optional().meta({ description: "URL of the design uploaded as a file (the merchant's own storage)" }),
  printtype: nullableInt('printtype'),
  sectionType: nullableInt('sectionType'),
  customType: nullableInt('customType'),
  prototypeGroupId: keptText('prototypeGroupId', 100),
  prototypeGroupName: keptText('prototypeGroupName', 200),
  colorIds: colorIdsField,
  // "optionsvalie" is an old misspelling; the catalogue's own fields are optionsvalue, optionsvalue2, optionsvalue3.
  optionsvalue: aka(optionValues('optionsvalue'), 'optionsvalie'),
  optionsvalue2: aka(optionValues('optionsvalue2'), 'optionsvalie2'),
  optionsvalue3: aka(optionValues('optionsvalue3'), 'optionsvalie3'),
  title: titleField,
  bodyHtml: aka(bodyHtmlField, 'body_html'),
  variants: variantsField,
  isTemplate: z
    .preprocess((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1'), z.boolean().optional())
    .meta({ description: '1 (or true) saves to My templates; anything else to My products' }),
  sourceTemplateId: z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), optionalId('sourceTemplateId').nullable()),
};

export type SaveFields = z.output<z.ZodObject<typeof saveFields>>;

/** The service's form of a validated save body; the design itself is checked here. */
export function saveInput(b: SaveFields): SaveInput {
  const out: SaveInput = {};
  if (b.productfid !== undefined) out.productfid = b.productfid;
  const editObj = readEditObj(b.editObj, b.editObjUrl);
  if (editObj !== undefined) out.editObj = editObj;
  if (b.printtype !== undefined) out.printtype = b.printtype;
  if (b.sectionType !== undefined) out.sectionType = b.sectionType;
  if (b.customType !== undefined) out.customType = b.customType;
  if (b.prototypeGroupId !== undefined) out.prototypeGroupId = b.prototypeGroupId === '' ? null : b.prototypeGroupId;
  if (b.prototypeGroupName !== undefined) out.prototypeGroupName = b.prototypeGroupName;
  if (b.colorIds !== undefined) out.colorIds = b.colorIds;
  const picks: OptionPicks = {};
  for (const [position, values] of [
    [1, b.optionsvalue],
    [2, b.optionsvalue2],
    [3, b.optionsvalue3],
  ] as const) {
    if (values !== undefined) picks[position] = values;
  }
  if (Object.keys(picks).length > 0) out.picks = picks;
  if (b.title !== undefined) out.title = b.title;
  if (b.bodyHtml !== undefined) out.bodyHtml = b.bodyHtml;
  if (b.variants !== undefined) out.variants = b.variants;
  if (b.isTemplate !== undefined) out.isTemplate = b.isTemplate;
  if (b.sourceTemplateId !== undefined) out.sourceTemplateId = b.sourceTemplateId;
  return out;
}
