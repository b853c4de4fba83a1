/**
 * My products (/my-products) and My templates (/my-templates): the merchant's saved designs with
 * thumbnails, title search, paging, copy, edit (the design dialog) and batch delete after a
 * confirmation. The search, page and page size live in the address.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { myProductsApi, type MyProductCard } from '../../api/products';
import { Pagination } from '../../components/catalog/Pagination';
import { GridSkeleton } from '../../components/catalog/ProductCard';
import { ConfirmDialog } from '../../components/Modal';
import { PAGE_SIZES } from '../../../contract/constants';
import { Code } from '../../../contract/envelope';
import { ProductMessages } from '../../../contract/products';
import { DesignerHook } from './DesignerHook';
import { ProductTile } from './ProductTile';
import { LIST_PATH, LIST_TITLE, listHref, pageCount, readListState, toggled, type ListKind } from './listing';
import { PushQueuePanel } from '../../components/shops/PushQueuePanel';
import '../../styles/catalog.css';
import '../../styles/products.css';

interface Loaded {
  rows: MyProductCard[];
  total: number;
}

export function ProductListPage({ kind }: { kind: ListKind }) {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const state = readListState(sp);
  const { keyword, page, size } = state;
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [selection, setSelection] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState(keyword);
  const noun = kind === 'products' ? 'products' : 'templates';

  useEffect(() => {
    setDraft(keyword);
  }, [keyword]);

  useEffect(() => {
    const ctrl = new AbortController();
    setFailed(false);
    void myProductsApi
      .list({ keyword: keyword || undefined, pageNum: page, pageSize: size, isTemplate: kind === 'templates' ? 1 : 0 }, ctrl.signal)
      .then((res) => {
        if (res.code === Code.BREAK) return;
        if (res.code !== Code.SUCCESS) {
          setFailed(true);
          return;
        }
        const rows = (res.rows ?? []) as MyProductCard[];
        const total = res.total ?? 0;
        // After deleting the last items of the last page, show the page before it.
        if (rows.length === 0 && page > 1 && total > 0) {
          navigate(listHref(kind, { ...state, page: pageCount(total, size) }), { replace: true });
          return;
        }
        setData({ rows, total });
        setSelection((sel) => sel.filter((id) => rows.some((r) => r.id === id)));
      });
    return () => ctrl.abort();
    // state is derived from these values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, keyword, page, size, reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const search = (e: FormEvent) => {
    e.preventDefault();
    navigate(listHref(kind, { keyword: draft.trim(), page: 1, size }));
  };

  const copy = async (id: number) => {
    setBusy(true);
    const res = await myProductsApi.copy(id);
    setBusy(false);
    if (res.code === Code.SUCCESS) {
      // The copy is the newest: it shows first on the first page.
      if (page === 1 && !keyword) refresh();
      else navigate(listHref(kind, { keyword: '', page: 1, size }));
    }
  };

  const remove = async () => {
    setConfirming(false);
    setBusy(true);
    const res = await myProductsApi.remove(selection);
    setBusy(false);
    if (res.code === Code.SUCCESS) {
      setSelection([]);
      refresh();
    }
  };

  const rows = data?.rows ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selection.includes(r.id));
  const pages = data ? pageCount(data.total, size) : 1;

  return (
    <div className="myp-page">
      <header className="myp-head">
        <h1>{LIST_TITLE[kind]}</h1>
        <Link to="/all-products" className="btn primary">
          Create a product
        </Link>
      </header>

      <form className="myp-search" role="search" onSubmit={search}>
        <label htmlFor={`myp-search-${kind}`} className="sr-only">
          Search {noun}
        </label>
        <input
          id={`myp-search-${kind}`}
          type="search"
          value={draft}
          placeholder="Search by title"
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn">
          Search
        </button>
        {keyword && (
          <Link to={listHref(kind, { keyword: '', page: 1, size })} className="link-btn">
            Clear search
          </Link>
        )}
      </form>

      {rows.length > 0 && (
        <div className="myp-toolbar">
          <label className="myp-select-all">
            <input type="checkbox" checked={allSelected} onChange={() => setSelection(allSelected ? [] : rows.map((r) => r.id))} />
            Select all
          </label>
          <span className="muted" aria-live="polite">
            {selection.length} selected
          </span>
          <button type="button" className="btn small danger" disabled={selection.length === 0 || busy} onClick={() => setConfirming(true)}>
            Delete selected
          </button>
          <span className="myp-total muted">
            {data?.total} {data?.total === 1 ? noun.slice(0, -1) : noun}
          </span>
        </div>
      )}

      {failed && (
        <div className="empty-state" role="alert">
          <p>The list could not be loaded.</p>
          <button type="button" className="btn" onClick={refresh}>
            Try again
          </button>
        </div>
      )}
      {!failed && data === null && <GridSkeleton count={Math.min(size, 10)} />}
      {!failed && data !== null && rows.length === 0 && (
        <div className="empty-state">
          {keyword ? (
            <>
              <p>
                No {noun} match “{keyword}”.
              </p>
              <Link to={LIST_PATH[kind]}>Show all {noun}</Link>
            </>
          ) : (
            <>
              <p>{kind === 'products' ? 'You have not saved any products yet.' : 'You have not saved any templates yet.'}</p>
              <Link to="/all-products" className="btn primary">
                Browse the catalogue to design one
              </Link>
            </>
          )}
        </div>
      )}
      {rows.length > 0 && (
        <ul className="myp-grid" aria-label={LIST_TITLE[kind]} aria-busy={busy}>
          {rows.map((p) => (
            <ProductTile
              key={p.id}
              kind={kind}
              product={p}
              busy={busy}
              selected={selection.includes(p.id)}
              onToggle={() => setSelection((sel) => toggled(sel, p.id))}
              onCopy={() => void copy(p.id)}
            />
          ))}
        </ul>
      )}

      {data && data.total > 0 && (
        <div className="myp-paging">
          <Pagination page={page} pages={pages} hrefFor={(n) => listHref(kind, { ...state, page: n })} />
          <label className="myp-size">
            Items per page
            <select value={size} onChange={(e) => navigate(listHref(kind, { ...state, page: 1, size: Number(e.target.value) }))}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        text={kind === 'products' ? ProductMessages.deleteConfirm : ProductMessages.deleteTemplatesConfirm}
        confirmText="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
      {kind === 'products' && <PushQueuePanel />}
      <DesignerHook onSaved={refresh} />
    </div>
  );
}
