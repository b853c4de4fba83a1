/**
 * Reads material query parameters. Anything malformed is refused with code 10000 and a message
 * naming the parameter: a mistyped tag must not look like an empty library.
 */
import { AppError } from '../platform/envelope';
import { first, parseId, single, type Query } from '../catalog/catalog-query';
import { BACKGROUND_TYPES, MATERIAL_TAGS } from './tags';
import { MAX_KEYWORD_LENGTH, MAX_MATERIAL_PAGE_NUM, MAX_MATERIAL_PAGE_SIZE } from '../../contract/materials';

export const MaterialMessages = {
  badPageNum: `pageNum must be a whole number from 1 to ${MAX_MATERIAL_PAGE_NUM}`,
  badPageSize: `pageSize must be a whole number from 1 to ${MAX_MATERIAL_PAGE_SIZE}`,
  badType: `type must be ${BACKGROUND_TYPES.map((t) => `${t.type} (${t.name})`).join(', ')}`,
  keywordTooLong: `keyword must be at most ${MAX_KEYWORD_LENGTH} characters`,
  unknownTag: 'Unknown material tag',
  materialNotFound: 'Material not found',
  collected: 'Collected successfully',
  alreadyCollected: 'Already in your collection',
  removed: 'Removed from your collection',
  notCollected: 'Not in your collection',
} as const;

const INT_RE = /^\d{1,9}$/;

export function parseMaterialPaging(q: Query, defaultSize: number): { pageNum: number; pageSize: number; offset: number } {
  const rawNum = single(q, 'pageNum');
  const rawSize = single(q, 'pageSize');
  const pageNum = rawNum === undefined ? 1 : INT_RE.test(rawNum) ? Number(rawNum) : NaN;
  if (!(pageNum >= 1 && pageNum <= MAX_MATERIAL_PAGE_NUM)) throw new AppError(MaterialMessages.badPageNum);
  const pageSize = rawSize === undefined ? defaultSize : INT_RE.test(rawSize) ? Number(rawSize) : NaN;
  if (!(pageSize >= 1 && pageSize <= MAX_MATERIAL_PAGE_SIZE)) throw new AppError(MaterialMessages.badPageSize);
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** tagId (or materialTagId, or tag as an id or a name such as "Animals"); undefined = every tag. */
export function parseTag(q: Query): number | undefined {
  const raw = first(q, 'tagId', 'materialTagId', 'tag');
  if (raw === undefined) return undefined;
  const lower = raw.toLowerCase();
  const tag = INT_RE.test(raw)
    ? MATERIAL_TAGS.find((t) => t.id === Number(raw))
    : MATERIAL_TAGS.find((t) => t.key === lower || t.name.toLowerCase() === lower);
  if (!tag) throw new AppError(`${MaterialMessages.unknownTag}: ${raw.slice(0, 40)}`);
  return tag.id;
}

/** keyword (or name): lower-case words, every one of which must appear. */
export function parseKeyword(q: Query): string[] | undefined {
  const raw = first(q, 'keyword', 'keywords', 'name');
  if (raw === undefined) return undefined;
  if (raw.length > MAX_KEYWORD_LENGTH) throw new AppError(MaterialMessages.keywordTooLong);
  const words = raw.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length > 0 ? words : undefined;
}

export function parseBackgroundType(q: Query): number | undefined {
  const raw = single(q, 'type');
  if (raw === undefined) return undefined;
  const type = BACKGROUND_TYPES.find((t) => String(t.type) === raw);
  if (!type) throw new AppError(MaterialMessages.badType);
  return type.type;
}

/** platformMaterialId from a JSON body or the query string (the client may send either). */
export function parsePlatformMaterialId(body: unknown, q: Query): number {
  const fromBody =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).platformMaterialId : undefined;
  const raw = fromBody !== undefined && fromBody !== null && fromBody !== '' ? String(fromBody).trim() : first(q, 'platformMaterialId');
  return parseId(raw, 'platformMaterialId');
}
