/**
 * The catalogue list pages: /all-products, /all-products/{category}, /all-products/{category}/
 * {subcategory}, and the two gift zones (customized-gift-zone/{subcategory id?} and
 * personalized-gifts-zone/{custom type?}). Category tree with counts, filters, search, sort,
 * page sizes 5, 10, 15, 25, result count, empty state; the state lives in the URL query.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PAGE_SIZES } from '../../../contract/constants';
import { catalogApi, type GiftTypeRow, type ListParams } from '../../api/catalog';
import { CatalogNotFound, LoadFailed } from '../../components/catalog/CatalogNotFound';
import { allProductsTree, CategoryTree, type TreeNode } from '../../components/catalog/CategoryTree';
import { Filters, SearchBox, useImmediate } from '../../components/catalog/Filters';
import { money, onSite, useDocumentTitle, useScrollTopOnPush, useSiteBase } from '../../components/catalog/format';
import { Pagination } from '../../components/catalog/Pagination';
import { GridSkeleton, ProductGrid } from '../../components/catalog/ProductCard';
import { hasFilters, SORTS, toListParams, useCatalogQuery, type CatalogQuery } from '../../components/catalog/query';
import { useCategories, useEnvelope, type MenuCategory } from '../../components/catalog/useCatalog';
import '../../styles/catalog.css';

export type Zone = 'customized' | 'personalized';

interface Scope {
  title: string;
  intro?: ReactNode;
  crumbs: { label: string; to?: string }[];
  params: ListParams;
  notFound: boolean;
  treeTitle: string;
  tree: TreeNode[];
  showType: boolean;
}

const ZONES: Record<Zone, { title: string; path: string; intro: string; treeTitle: string }> = {
  customized: {
    title: 'Customized Gift Zone',
    path: '/all-products/customized-gift-zone',
    intro: 'Gifts made to order with your design: mugs, pillows, blankets, totes, socks and more. No minimum order quantity.',
    treeTitle: 'Gift categories',
  },
  personalized: {
    title: 'Personalized Gifts Zone',
    path: '/all-products/personalized-gifts-zone',
    intro: 'Gifts your customers personalise with a name, a photo or a message, printed on demand. Browse them by print type.',
    treeTitle: 'Print types',
  },
};

function useNarrow(query = '(max-width: 900px)'): boolean {
  const [narrow, setNarrow] = useState(() => typeof matchMedia !== 'undefined' && matchMedia(query).matches);
  useEffect(() => {
    const mq = matchMedia(query);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [query]);
  return narrow;
}

function giftTree(
  rows: readonly GiftTypeRow[],
  categories: readonly MenuCategory[],
  base: string,
  search: string,
  currentId: string | undefined,
): TreeNode[] {
  const total = rows.reduce((n, r) => n + r.productCount, 0);
  const nodes: TreeNode[] = [
    { key: 'all', label: 'All gifts', to: `${base}${ZONES.customized.path}${search}`, count: total, active: !currentId },
  ];
  const bySlug = new Map<string, GiftTypeRow[]>();
  for (const r of rows) bySlug.set(r.categorySlug, [...(bySlug.get(r.categorySlug) ?? []), r]);
  for (const [slug, subs] of bySlug) {
    const cat = categories.find((c) => c.slug === slug);
    nodes.push({
      key: slug,
      label: cat?.title ?? slug,
      count: subs.reduce((n, s) => n + s.productCount, 0),
      active: false,
      children: subs.map((s) => ({
        key: String(s.id),
        label: s.name,
        to: `${base}${s.path}${search}`,
        count: s.productCount,
        active: String(s.id) === currentId,
      })),
    });
  }
  return nodes;
}

export function CatalogPage({ zone }: { zone?: Zone }) {
  const { category, subcategory, id } = useParams();
  const base = useSiteBase();
  const { query, update, clearFilters, searchFor } = useCatalogQuery();
  const { categories, fromApi } = useCategories();
  const types = useEnvelope('customTypes', () => catalogApi.customTypes());
  const gifts = useEnvelope(zone === 'customized' ? 'giftTypes' : null, () => catalogApi.giftTypes());
  const narrow = useNarrow();
  useScrollTopOnPush(`${zone ?? ''}/${category ?? ''}/${subcategory ?? ''}/${id ?? ''}`);
  const [sort, setSort] = useImmediate(query.sort);
  const [size, setSize] = useImmediate(query.size);
  const customTypes = useMemo(() => types.res?.rows ?? [], [types.res]);
  const keep = searchFor();

  const scope: Scope = useMemo(() => {
    const home = { label: 'Home', to: base || '/' };
    const all = { label: 'All products', to: `${base}/all-products` };
    if (zone === 'customized') {
      const z = ZONES.customized;
      const rows = gifts.res?.rows ?? [];
      const current = id ? rows.find((r) => String(r.id) === id) : undefined;
      const badId = id !== undefined && (!/^\d{1,9}$/.test(id) || (gifts.status === 'ok' && !current));
      const cat = current ? categories.find((c) => c.slug === current.categorySlug) : undefined;
      return {
        title: current ? `${z.title}: ${cat ? `${cat.title} · ` : ''}${current.name}` : z.title,
        intro: z.intro,
        crumbs: [
          home,
          all,
          current ? { label: z.title, to: `${base}${z.path}` } : { label: z.title },
          ...(current ? [{ label: current.name }] : []),
        ],
        params: { gift: 1, waretypetwoid: id && /^\d+$/.test(id) ? Number(id) : undefined },
        notFound: badId,
        treeTitle: z.treeTitle,
        tree: giftTree(rows, categories, base, keep, id),
        showType: true,
      };
    }
    if (zone === 'personalized') {
      const z = ZONES.personalized;
      const current = id ? customTypes.find((t) => String(t.customType) === id) : undefined;
      const badId = id !== undefined && (!/^\d{1,2}$/.test(id) || (types.status === 'ok' && !current));
      return {
        title: current ? `${z.title}: ${current.name}` : z.title,
        intro: z.intro,
        crumbs: [
          home,
          all,
          current ? { label: z.title, to: `${base}${z.path}` } : { label: z.title },
          ...(current ? [{ label: current.name }] : []),
        ],
        params: { gift: 1, customType: id && /^\d+$/.test(id) ? Number(id) : undefined },
        notFound: badId,
        treeTitle: z.treeTitle,
        tree: [
          { key: 'all', label: 'All personalized gifts', to: `${base}${z.path}${keep}`, count: null, active: !id },
          ...customTypes.map((t) => ({
            key: String(t.customType),
            label: t.name,
            to: `${base}${z.path}/${t.customType}${keep}`,
            count: null,
            active: String(t.customType) === id,
          })),
        ],
        showType: false,
      };
    }
    const cat = category ? categories.find((c) => c.slug === category) : undefined;
    const sub = cat && subcategory ? cat.subs.find((s) => s.slug === subcategory) : undefined;
    const notFound = fromApi && ((category !== undefined && !cat) || (subcategory !== undefined && !sub));
    const crumbs: Scope['crumbs'] = [home];
    if (!category) crumbs.push({ label: 'All products' });
    else {
      crumbs.push(all);
      if (subcategory)
        crumbs.push({ label: cat?.title ?? category, to: `${base}/all-products/${category}` }, { label: sub?.title ?? subcategory });
      else crumbs.push({ label: cat?.title ?? category });
    }
    return {
      title: sub && cat ? `${cat.title}: ${sub.title}` : (cat?.title ?? (category ? '…' : 'All products')),
      intro: category
        ? undefined
        : 'Every product you can design and sell: 1500+ products, no minimum order quantity, production within 2 hours at the earliest.',
      crumbs,
      params: { category, subcategory },
      notFound,
      treeTitle: 'Categories',
      tree: allProductsTree(categories, base, keep, { category, subcategory }),
      showType: true,
    };
  }, [zone, id, category, subcategory, base, categories, fromApi, gifts.res, gifts.status, customTypes, types.status, keep]);

  const listParams: ListParams = { ...toListParams(query), ...(scope.showType ? {} : { customType: undefined }), ...scope.params };
  const listKey = scope.notFound ? null : JSON.stringify(listParams);
  const list = useEnvelope(listKey, () => catalogApi.list(listParams));
  const serverNotFound = list.status === 'error' && /not found/i.test(list.msg);

  useDocumentTitle(scope.notFound || serverNotFound ? null : scope.title === '…' ? null : scope.title);

  // A new page of results starts at the top of the results, not where the pager was.
  const top = useRef<HTMLDivElement>(null);
  const lastPage = useRef(query.page);
  useEffect(() => {
    if (lastPage.current === query.page) return;
    lastPage.current = query.page;
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, [query.page]);

  if (scope.notFound || serverNotFound) return <CatalogNotFound what={serverNotFound ? list.msg : undefined} />;

  const rows = list.res?.rows ?? [];
  const total = list.res?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.size));
  const from = total === 0 ? 0 : (query.page - 1) * query.size + 1;
  const to = Math.min(total, query.page * query.size);
  const busy = list.status === 'loading' && list.res !== null;
  const filtered = hasFilters(query);
  const activeFilters = activeChips(scope.showType ? query : { ...query, type: null }, customTypes, update);

  const side = (
    <>
      <CategoryTree title={scope.treeTitle} nodes={scope.tree} />
      <Filters
        query={query}
        update={update}
        clearFilters={clearFilters}
        customTypes={customTypes}
        showType={scope.showType}
        typeCounts={!zone && !category}
      />
    </>
  );

  return (
    <div className="catalog container wide">
      <nav aria-label="Breadcrumb" className="crumbs">
        <ol>
          {scope.crumbs.map((c, i) => (
            <li key={`${c.label}-${i}`}>{c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}</li>
          ))}
        </ol>
      </nav>
      <header className="catalog-head" ref={top}>
        <div>
          <h1>{scope.title}</h1>
          {scope.intro && <p className="muted">{scope.intro}</p>}
        </div>
        <SearchBox value={query.q} onSearch={(q) => update({ q })} />
      </header>

      <div className="catalog-body">
        {narrow ? (
          <details className="side-drawer">
            <summary>
              {scope.treeTitle} &amp; filters{activeFilters.length > 0 ? ` (${activeFilters.length} active)` : ''}
            </summary>
            <aside className="catalog-side" aria-label={`${scope.treeTitle} and filters`}>
              {side}
            </aside>
          </details>
        ) : (
          <aside className="catalog-side" aria-label={`${scope.treeTitle} and filters`}>
            {side}
          </aside>
        )}

        <section className="catalog-results" aria-labelledby="results-count">
          <div className="results-bar">
            <p id="results-count" className="result-count" role="status" aria-live="polite">
              {list.res === null ? (
                'Loading products…'
              ) : total === 0 ? (
                'No products found'
              ) : (
                <>
                  <strong>{total}</strong> {total === 1 ? 'product' : 'products'}
                  <span className="muted">
                    {' '}
                    · showing {from}–{to}
                  </span>
                </>
              )}
            </p>
            <div className="results-controls">
              <span className="inline-select">
                <label htmlFor="catalog-sort">Sort by</label>
                <select
                  id="catalog-sort"
                  value={sort}
                  onChange={(e) => {
                    const v = e.target.value as CatalogQuery['sort'];
                    setSort(v);
                    update({ sort: v });
                  }}
                >
                  {SORTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </span>
              <span className="inline-select">
                <label htmlFor="catalog-size">Per page</label>
                <select
                  id="catalog-size"
                  value={size}
                  onChange={(e) => {
                    const v = Number(e.target.value);
                    setSize(v);
                    update({ size: v });
                  }}
                >
                  {PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </span>
            </div>
          </div>

          {activeFilters.length > 0 && (
            <ul className="active-filters" aria-label="Active filters">
              {activeFilters.map((f) => (
                <li key={f.key}>
                  <button type="button" className="chip-btn" onClick={f.remove} aria-label={`Remove filter: ${f.label}`}>
                    {f.label} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className="link-btn" onClick={clearFilters}>
                  Clear all
                </button>
              </li>
            </ul>
          )}

          {list.status === 'error' && !serverNotFound && (
            <div className="results-error">
              <LoadFailed msg={list.msg} onRetry={list.reload} />
              {filtered && (
                <p className="center">
                  <button type="button" className="btn" onClick={clearFilters}>
                    Clear filters
                  </button>
                </p>
              )}
            </div>
          )}
          {list.status !== 'error' && list.res === null && <GridSkeleton count={Math.min(query.size, 10)} />}
          {list.status !== 'error' && list.res !== null && rows.length > 0 && (
            <ProductGrid products={rows} busy={busy} label={`${scope.title}, page ${query.page} of ${pages}`} eagerCount={5} />
          )}
          {list.status !== 'error' && list.res !== null && rows.length === 0 && (
            <div className="empty-state">
              {query.page > 1 && total > 0 ? (
                <>
                  <p>
                    <strong>There is no page {query.page} of these results.</strong>
                  </p>
                  <Link className="btn primary" to={searchFor() || '?'}>
                    Go to page 1
                  </Link>
                </>
              ) : (
                <>
                  <p>
                    <strong>No products match {filtered ? 'these filters' : 'this category yet'}.</strong>
                  </p>
                  <p className="muted">
                    {filtered ? 'Try fewer filters, a wider price range or other search words.' : 'Have a look at the other categories.'}
                  </p>
                  <div className="modal-actions center">
                    {filtered && (
                      <button type="button" className="btn primary" onClick={clearFilters}>
                        Clear all filters
                      </button>
                    )}
                    <Link className="btn" to={onSite(base, '/all-products')}>
                      Browse all products
                    </Link>
                  </div>
                </>
              )}
            </div>
          )}

          <Pagination page={query.page} pages={pages} hrefFor={(n) => searchFor({ page: n }) || '?'} />
        </section>
      </div>
    </div>
  );
}

function activeChips(
  query: CatalogQuery,
  customTypes: readonly { customType: number; name: string }[],
  update: (p: Partial<CatalogQuery>) => void,
) {
  const chips: { key: string; label: string; remove: () => void }[] = [];
  if (query.q.trim()) chips.push({ key: 'q', label: `Search: “${query.q.trim()}”`, remove: () => update({ q: '' }) });
  if (query.type !== null) {
    const name = customTypes.find((t) => t.customType === query.type)?.name;
    chips.push({ key: 'type', label: name ?? `Custom type ${query.type}`, remove: () => update({ type: null }) });
  }
  if (query.ship) chips.push({ key: 'ship', label: `Ships from ${query.ship}`, remove: () => update({ ship: null }) });
  if (query.min || query.max) {
    const label =
      query.min && query.max
        ? `${money(Number(query.min) * 100)} – ${money(Number(query.max) * 100)}`
        : query.min
          ? `From ${money(Number(query.min) * 100)}`
          : `Up to ${money(Number(query.max) * 100)}`;
    chips.push({ key: 'price', label, remove: () => update({ min: '', max: '' }) });
  }
  if (query.is3d) chips.push({ key: '3d', label: '3D customizable', remove: () => update({ is3d: false }) });
  return chips;
}
