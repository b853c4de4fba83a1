/**
 * The My products / My templates list state lives in the address (?keyword=&page=&size=), so a
 * reload, a shared link or the back button shows the same page. Pure helpers, unit-tested.
 */
import { PAGE_SIZES } from '../../../contract/constants';
import { PRODUCT_PAGE_SIZE_DEFAULT } from '../../../contract/products';

export type ListKind = 'products' | 'templates';

export interface ListState {
  keyword: string;
  page: number;
  size: number;
}

export const LIST_PATH: Readonly<Record<ListKind, string>> = { products: '/my-products', templates: '/my-templates' };
export const LIST_TITLE: Readonly<Record<ListKind, string>> = { products: 'My Products', templates: 'My Templates' };

export function readListState(sp: URLSearchParams): ListState {
  const page = Number(sp.get('page'));
  const size = Number(sp.get('size'));
  return {
    keyword: (sp.get('keyword') ?? '').trim().slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : PRODUCT_PAGE_SIZE_DEFAULT,
  };
}

/** The list's address for a state; defaults are left out so the plain path stays canonical. */
export function listHref(kind: ListKind, s: ListState): string {
  const sp = new URLSearchParams();
  if (s.keyword) sp.set('keyword', s.keyword);
  if (s.page > 1) sp.set('page', String(s.page));
  if (s.size !== PRODUCT_PAGE_SIZE_DEFAULT) sp.set('size', String(s.size));
  const q = sp.toString();
  return `${LIST_PATH[kind]}${q ? `?${q}` : ''}`;
}

export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

export function detailsHref(kind: ListKind, id: number): string {
  return `${LIST_PATH[kind]}/details/${id}`;
}

/** Toggles one id in a selection, keeping the order ids were picked in. */
export function toggled(selection: readonly number[], id: number): number[] {
  return selection.includes(id) ? selection.filter((x) => x !== id) : [...selection, id];
}

/** Images grouped by colour, in the order they were rendered: the details page's sections. */
export function imagesByColour<T extends { colorValue: string; colorName: string }>(
  images: readonly T[],
): { colorValue: string; colorName: string; images: T[] }[] {
  const groups: { colorValue: string; colorName: string; images: T[] }[] = [];
  for (const img of images) {
    const g = groups.find((x) => x.colorValue === img.colorValue);
    if (g) g.images.push(img);
    else groups.push({ colorValue: img.colorValue, colorName: img.colorName, images: [img] });
  }
  return groups;
}
