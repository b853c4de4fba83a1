/**
 * Data hooks of the catalogue pages: one for any envelope call (keeps the last answer while the
 * next one loads, so a grid dims instead of blanking), and the category tree shared by the
 * header, the home page and the catalogue sidebar (one request for all three, see api/catalog.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Envelope } from '../../../contract/envelope';
import { catalogApi, settledValue, type Category } from '../../api/catalog';
import { productMenu, type NavCategory } from '../../nav';

export type LoadStatus = 'loading' | 'ok' | 'error';

export interface Loaded<E> {
  status: LoadStatus;
  /** The last successful envelope (kept while a newer call is loading). */
  res: E | null;
  /** The failed envelope's code and message, when status is 'error'. */
  code: number;
  msg: string;
  reload: () => void;
}

/** Calls `fn` whenever `key` changes; ignores answers that arrive after a newer call started. */
export function useEnvelope<E extends Envelope<unknown>>(key: string | null, fn: () => Promise<E>): Loaded<E> {
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ status: LoadStatus; res: E | null; code: number; msg: string }>(() => {
    // Cached answers paint in the first render: no skeleton flash on back/forward or revisits.
    const cached = key === null ? undefined : settledValue(fn());
    return cached ? { status: 'ok', res: cached, code: 200, msg: '' } : { status: 'loading', res: null, code: 0, msg: '' };
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const promise = fn();
    const cached = settledValue(promise);
    if (cached) {
      setState({ status: 'ok', res: cached, code: 200, msg: '' });
      return;
    }
    setState((s) => ({ ...s, status: 'loading' }));
    void promise.then((res) => {
      if (!live || res.code === 100) return;
      if (res.code === 200) setState({ status: 'ok', res, code: 200, msg: '' });
      else setState((s) => ({ status: 'error', res: s.res, code: res.code, msg: res.msg }));
    });
    return () => {
      live = false;
    };
    // `fn` is rebuilt every render; `key` names what it asks for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}

/** A category of the product menu, from the API or, until it answers, from the static list. */
export interface MenuCategory extends NavCategory {
  id: number | null;
  path: string;
  icon: string | null;
  count: number | null;
  inMenu: boolean;
  hasSubMenu: boolean;
  subs: { id: number | null; title: string; slug: string; path: string; icon: string | null; count: number | null }[];
}

/** The categories with sub-menus: Women's Clothing, Men's Clothing, Shoes & Socks, Bags and Home Deco. */
const SUB_MENU_SLUGS = new Set(['womens-clothing', 'mens-clothing', 'shoes-socks', 'bags', 'home-deco']);

const fromStatic = (c: NavCategory): MenuCategory => ({
  ...c,
  id: null,
  path: `/all-products/${c.slug}`,
  icon: null,
  count: null,
  inMenu: true,
  hasSubMenu: SUB_MENU_SLUGS.has(c.slug),
  subs: c.sub.map((s) => ({ id: null, title: s.title, slug: s.slug, path: `/all-products/${c.slug}/${s.slug}`, icon: null, count: null })),
});

const fromApi = (c: Category): MenuCategory => ({
  id: c.id,
  title: c.title || c.name,
  slug: c.slug,
  path: c.path,
  icon: c.url || null,
  count: c.productCount,
  inMenu: c.inMenu === 1,
  hasSubMenu: c.hasSubMenu === 1,
  sub: c.subMenuList.map((s) => ({ title: s.title || s.name, slug: s.slug })),
  subs: c.subMenuList
    .filter((s) => s.status === 1)
    .map((s) => ({ id: s.id, title: s.title || s.name, slug: s.slug, path: s.path, icon: s.url || null, count: s.productCount })),
});

export const STATIC_MENU: MenuCategory[] = productMenu.map(fromStatic);

/**
 * Every active category (the hot-selling one included, flagged inMenu false). `fromApi` is false
 * while the static first-paint list is shown.
 */
export function useCategories(): { categories: MenuCategory[]; status: LoadStatus; fromApi: boolean } {
  const loaded = useEnvelope('categories', () => catalogApi.categories());
  const rows = loaded.res?.rows;
  if (rows && rows.length > 0) return { categories: rows.filter((c) => c.status === 1).map(fromApi), status: loaded.status, fromApi: true };
  return { categories: STATIC_MENU, status: loaded.status, fromApi: false };
}
