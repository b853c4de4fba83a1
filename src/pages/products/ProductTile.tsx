/** One saved product or template in the My products / My templates grid. */
import { Link } from 'react-router-dom';
import { Img } from '../../components/catalog/Img';
import { priceRange } from '../../components/catalog/format';
import type { MyProductCard } from '../../api/products';
import { detailsHref, LIST_PATH, type ListKind } from './listing';
import { editHref, templateUseHref } from './DesignerHook';
import { PushToStoreButton } from '../../components/shops/PushToStoreButton';

const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export interface ProductTileProps {
  kind: ListKind;
  product: MyProductCard;
  selected: boolean;
  onToggle: () => void;
  onCopy: () => void;
  busy: boolean;
}

export function ProductTile({ kind, product: p, selected, onToggle, onCopy, busy }: ProductTileProps) {
  const variants = `${p.variantCount} ${p.variantCount === 1 ? 'variant' : 'variants'}`;
  return (
    <li className={`myp-tile${selected ? ' selected' : ''}`}>
      <label className="myp-check">
        <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select ${p.title}`} />
      </label>
      <Link to={detailsHref(kind, p.id)} className="myp-tile-link">
        <Img src={p.image || p.cover} alt="" className="myp-tile-img" />
        <h2 className="myp-tile-title">{p.title}</h2>
      </Link>
      {kind === 'products' && p.variantCount > 0 && (
        <p className="myp-price">
          <span className="sr-only">Price: </span>
          {priceRange(p.minPrice, p.maxPrice)}
        </p>
      )}
      <p className="myp-meta muted">
        {variants}
        {p.colorCount > 0 ? ` · ${p.colorCount} ${p.colorCount === 1 ? 'colour' : 'colours'}` : ''} · Updated{' '}
        {dateFmt.format(new Date(p.updateTime))}
      </p>
      {!p.available && <p className="myp-warn">The catalogue no longer sells this product.</p>}
      <div className="myp-actions">
        {kind === 'templates' && (
          <Link className="btn small primary" to={templateUseHref(p.id)} aria-label={`Use template ${p.title}`}>
            Use this template
          </Link>
        )}
        <Link className="btn small" to={editHref(LIST_PATH[kind], p.id)} aria-label={`Edit ${p.title}`}>
          Edit
        </Link>
        <button type="button" className="btn small" onClick={onCopy} disabled={busy} aria-label={`Copy ${p.title}`}>
          Copy
        </button>
        {kind === 'products' && <PushToStoreButton productId={p.id} title={p.title} />}
      </div>
    </li>
  );
}
