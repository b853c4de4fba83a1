/**
 * Picking the products of a bulk design: search and category filter over the catalogue, a check
 * box per product, "Select all on this page", paging, and a running count of what is picked
 * across pages.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { catalogApi, type Category, type ProductCard } from '../../api/catalog';
import { BULK_JOB_MAX } from '../../../contract/bulk';
import { Img } from '../../components/catalog/Img';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { EmptyState } from '../../ui/EmptyState';

const PAGE_SIZE = 24;

export interface Picked {
  id: number;
  title: string;
}

export function ProductPicker({ picked, onChange }: { picked: readonly Picked[]; onChange: (next: Picked[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<ProductCard[]>([]);
  const [total, setTotal] = useState(0);
  const [categories, setCategories] = useState<Category[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    void catalogApi.categories(true).then((res) => setCategories(res.rows ?? res.data ?? []));
  }, []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    void catalogApi
      .list({ keyword: keyword || undefined, category: category || undefined, pageNum: page, pageSize: PAGE_SIZE })
      .then((res) => {
        if (!live) return;
        setRows(res.rows ?? []);
        setTotal(res.total ?? 0);
        setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [keyword, category, page]);

  const ids = new Set(picked.map((p) => p.id));
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const allOnPage = rows.length > 0 && rows.every((r) => ids.has(r.id));

  const toggle = (card: ProductCard) =>
    onChange(
      ids.has(card.id) ? picked.filter((p) => p.id !== card.id) : [...picked, { id: card.id, title: card.title }].slice(0, BULK_JOB_MAX),
    );
  const togglePage = () =>
    onChange(
      allOnPage
        ? picked.filter((p) => !rows.some((r) => r.id === p.id))
        : [...picked, ...rows.filter((r) => !ids.has(r.id)).map((r) => ({ id: r.id, title: r.title }))].slice(0, BULK_JOB_MAX),
    );
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };

  return (
    <section className="card bulk-section" aria-labelledby="bulk-products-h">
      <h2 id="bulk-products-h">1. Choose products</h2>
      <form className="bulk-filters" role="search" onSubmit={search}>
        <Input
          type="search"
          aria-label="Search products"
          placeholder="Search products"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">Search</Button>
        <select
          aria-label="Category"
          value={category}
          onChange={(e) => {
            setPage(1);
            setCategory(e.target.value);
          }}
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.title || c.name}
            </option>
          ))}
        </select>
        <label className="bulk-check">
          <input type="checkbox" checked={allOnPage} onChange={togglePage} disabled={rows.length === 0} /> Select all on this page
        </label>
        <span className="bulk-count" role="status" aria-live="polite">
          {picked.length} selected
        </span>
        {picked.length > 0 && (
          <button type="button" className="link-btn" onClick={() => onChange([])}>
            Clear selection
          </button>
        )}
      </form>
      {loading ? (
        <p className="muted" role="status">
          Loading products…
        </p>
      ) : rows.length === 0 ? (
        <EmptyState small>
          <p>No products match.</p>
        </EmptyState>
      ) : (
        <ul className="bulk-grid" aria-label="Catalogue products">
          {rows.map((card) => (
            <li key={card.id} className={ids.has(card.id) ? 'is-picked' : undefined}>
              <label>
                <input type="checkbox" checked={ids.has(card.id)} onChange={() => toggle(card)} aria-label={`Select ${card.title}`} />
                <Img src={card.pic1} alt="" size={2} className="bulk-thumb" />
                <span>{card.title}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="bulk-pages" aria-label="Product pages">
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      )}
    </section>
  );
}
