/**
 * The material calls' query fields. Anything malformed is refused with code 10000 and a message
 * naming the parameter: a mistyped tag must not look like an empty library.
 */
import { aka, optionalInt, optionalText, paging, refuse } from '../platform/http-schema/fields';
import { BACKGROUND_TYPES, MATERIAL_TAGS } from './tags';
import { MAX_KEYWORD_LENGTH, MAX_MATERIAL_PAGE_NUM, MAX_MATERIAL_PAGE_SIZE } from '../../contract/materials';

/** pageNum (1 to 1000) and pageSize (any whole number from 1 to 100), to spread into a query. */
export function materialPaging(defaultSize: number) {
  return paging(defaultSize, { sizeMax: MAX_MATERIAL_PAGE_SIZE, maxPage: MAX_MATERIAL_PAGE_NUM });
}

/** A tag by id or by key or name ("Animals"), case-insensitive; undefined = every tag. */
function materialTag(what: string) {
  // Long enough for any tag name; a longer value is answered "unknown", not "too long".
  return optionalText(what, 16_384)
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const lower = raw.toLowerCase();
      const tag = /^\d{1,9}$/.test(raw)
        ? MATERIAL_TAGS.find((t) => t.id === Number(raw))
        : MATERIAL_TAGS.find((t) => t.key === lower || t.name.toLowerCase() === lower);
      if (!tag) {
        return refuse(ctx, `Unknown material tag: ${raw.slice(0, 40)}`, raw);
      }
      return tag.id;
    })
    .meta({ description: 'A tag id, key or name' });
}

/** The filters of the platform list and of the merchant's collection. */
export const materialFilterFields = {
  tagId: aka(materialTag('tagId'), 'materialTagId', 'tag'),
  keyword: aka(
    optionalText('keyword', MAX_KEYWORD_LENGTH).meta({ description: 'Words that must all appear (names, tag names, search words)' }),
    'keywords',
    'name',
  ),
};

/** keyword as lower-case words, every one of which must appear; undefined when there are none. */
export function keywordWords(keyword: string | undefined): string[] | undefined {
  const words = (keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return words.length > 0 ? words : undefined;
}

const badType = `type must be ${BACKGROUND_TYPES.map((t) => `${t.type} (${t.name})`).join(', ')}`;

/** A background type, 1 to 3; undefined = every type. */
export const backgroundType = optionalInt('type', 1, BACKGROUND_TYPES.length, badType);
