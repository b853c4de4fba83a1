/** A titled row of product cards from one list call: hot sellers, 3D products, related products. */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Envelope } from '../../../contract/envelope';
import type { ProductCard } from '../../api/catalog';
import { GridSkeleton, ProductGrid } from './ProductCard';
import { onSite, useSiteBase } from './format';
import { useEnvelope } from './useCatalog';

export interface ProductStripProps {
  title: string;
  intro?: ReactNode;
  /** Names the call: a new key loads again. */
  loadKey: string;
  load: () => Promise<Envelope<ProductCard[]> & { rows?: ProductCard[]; total?: number }>;
  seeAll?: { to: string; label: string };
  count: number;
  className?: string;
  id?: string;
}

export function ProductStrip({ title, intro, loadKey, load, seeAll, count, className, id }: ProductStripProps) {
  const base = useSiteBase();
  const headingId = useId();
  const { status, res, reload } = useEnvelope(loadKey, load);
  const rows = res?.rows ?? [];
  return (
    <section id={id} className={`pstrip${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <div className="pstrip-head">
        <h2 id={headingId}>{title}</h2>
        {seeAll && rows.length > 0 && (
          <Link className="see-all" to={onSite(base, seeAll.to)}>
            {seeAll.label} <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
      {intro}
      {status === 'loading' && !res && <GridSkeleton count={count} />}
      {status === 'error' && !res && (
        <div className="empty-state small" role="alert">
          <p>These products could not be loaded.</p>
          <button type="button" className="btn small" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {res && rows.length > 0 && <ProductGrid products={rows} label={title} />}
      {res && rows.length === 0 && <p className="muted">No products here yet.</p>}
    </section>
  );
}
