/**
 * Reads the save body of a product (spec "Custom product save body" plus Price & Details) into a
 * checked, normalised form. Anything malformed is refused with a message naming the problem;
 * a field left out stays `undefined` so an update keeps what was saved.
 */
import { AppError } from '../platform/envelope';
import { asInt, idOf, pick, type Body } from '../platform/request-fields';
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
}

const has = (b: Body, ...names: string[]) => names.some((n) => n in b);

function smallIntOrNull(v: unknown, what: string): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = asInt(v);
  if (n === null || n < -1_000_000 || n > 1_000_000) throw new AppError(`${what} must be a whole number`);
  return n;
}

function shortText(v: unknown, what: string, max = 200): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'string' && typeof v !== 'number') throw new AppError(`${what} must be text`);
  const s = String(v).trim();
  if (s.length > max) throw new AppError(`${what} must be at most ${max} characters`);
  return s;
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

export function readTitle(v: unknown): string {
  if (typeof v !== 'string' && typeof v !== 'number') throw new AppError(ProductMessages.titleRequired);
  const s = String(v).replace(/\s+/g, ' ').trim();
  if (s === '') throw new AppError(ProductMessages.titleRequired);
  if (s.length > PRODUCT_TITLE_MAX) throw new AppError(ProductMessages.titleTooLong);
  return s;
}

export function readBodyHtml(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'string') throw new AppError(ProductMessages.descriptionTooLong);
  // Refuse absurd input before sanitising it; the limit applies again to the clean result.
  if (v.length > BODY_HTML_MAX * 4) throw new AppError(ProductMessages.descriptionTooLong);
  const clean = sanitizeHtml(v);
  if (clean.length > BODY_HTML_MAX) throw new AppError(ProductMessages.descriptionTooLong);
  return clean;
}

const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

function readColors(v: unknown): ColorPick[] {
  if (v === null || v === undefined || v === '') return [];
  if (!Array.isArray(v)) throw new AppError('colorIds must be a list of {id, color}');
  if (v.length > 100) throw new AppError('colorIds: too many colours');
  return v.map((c) => {
    if (!c || typeof c !== 'object') throw new AppError('colorIds must be a list of {id, color}');
    const item = c as Record<string, unknown>;
    const color = shortText(item.color ?? item.value, 'color', 20);
    if (!HEX_RE.test(color)) throw new AppError(`Not a colour: ${color || '(empty)'}`);
    const hex = color.replace(/^#/, '').toUpperCase();
    const full =
      hex.length === 3
        ? hex
            .split('')
            .map((ch) => ch + ch)
            .join('')
        : hex;
    const name = shortText(item.name, 'color name', 100);
    return { id: shortText(item.id, 'color id', 100), color: `#${full}`, ...(name ? { name } : {}) };
  });
}

function readValues(v: unknown, what: string): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.replace(/^\[|\]$/g, '').split(',') : null;
  if (!list) throw new AppError(`${what} must be a list of option values`);
  if (list.length > 200) throw new AppError(`${what}: too many values`);
  return list.map((x) => shortText(x, what, 100)).filter((x) => x !== '');
}

function readVariants(v: unknown): { variantId: number; price?: number }[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new AppError('variants must be a list of {variantId, price}');
  if (v.length > 1000) throw new AppError('variants: too many');
  return v.map((x) => {
    if (!x || typeof x !== 'object') throw new AppError('variants must be a list of {variantId, price}');
    const item = x as Record<string, unknown>;
    const variantId = idOf(pick(item, 'variantId', 'variantsid', 'variantsId', 'id'), 'variantId');
    const price = item.price;
    if (price === undefined || price === null) return { variantId };
    // Cents on the wire (integers only): '12.50' or 12.5 is a client that forgot to convert.
    if (typeof price !== 'number' || !Number.isInteger(price)) throw new AppError(ProductMessages.priceInvalid);
    return { variantId, price };
  });
}

export function readSaveInput(b: Body): SaveInput {
  const out: SaveInput = {};
  const fid = pick(b, 'productfid', 'productFid', 'productId');
  if (fid !== undefined) out.productfid = idOf(fid, 'productfid');
  const editObj = readEditObj(b.editObj, b.editObjUrl);
  if (editObj !== undefined) out.editObj = editObj;
  if (has(b, 'printtype')) out.printtype = smallIntOrNull(b.printtype, 'printtype');
  if (has(b, 'sectionType')) out.sectionType = smallIntOrNull(b.sectionType, 'sectionType');
  if (has(b, 'customType')) out.customType = smallIntOrNull(b.customType, 'customType');
  if (has(b, 'prototypeGroupId')) {
    const g = shortText(b.prototypeGroupId, 'prototypeGroupId', 100);
    out.prototypeGroupId = g === '' ? null : g;
  }
  if (has(b, 'prototypeGroupName')) out.prototypeGroupName = shortText(b.prototypeGroupName, 'prototypeGroupName');
  if (has(b, 'colorIds')) out.colorIds = readColors(b.colorIds);
  // The spec writes "optionsvalie"; the catalogue's own fields are optionsvalue, optionsvalue2, optionsvalue3.
  const picks: OptionPicks = {};
  let anyPick = false;
  for (const [position, names] of [
    [1, ['optionsvalue', 'optionsvalie']],
    [2, ['optionsvalue2', 'optionsvalie2']],
    [3, ['optionsvalue3', 'optionsvalie3']],
  ] as const) {
    const name = names.find((n) => n in b);
    if (!name) continue;
    const values = readValues(b[name], name);
    if (values !== undefined) {
      picks[position] = values;
      anyPick = true;
    }
  }
  if (anyPick) out.picks = picks;
  if (has(b, 'title')) out.title = readTitle(b.title);
  if (has(b, 'bodyHtml', 'body_html')) out.bodyHtml = readBodyHtml(b.bodyHtml ?? b.body_html);
  const variants = readVariants(b.variants);
  if (variants !== undefined) out.variants = variants;
  if (has(b, 'isTemplate')) out.isTemplate = b.isTemplate === true || b.isTemplate === 1 || b.isTemplate === '1';
  if (has(b, 'sourceTemplateId')) {
    const t = pick(b, 'sourceTemplateId');
    out.sourceTemplateId = t === undefined ? null : idOf(t, 'sourceTemplateId');
  }
  return out;
}
