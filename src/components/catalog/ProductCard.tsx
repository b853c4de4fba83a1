/**
 * The product card of every catalogue list: picture (image component, preset 5), title, price
 * from the variants' cost in cents, colour swatches and where it ships from. The whole card is
 * one link, so a keyboard user meets one tab stop per product.
 */
import { Link } from 'react-router-dom';
import type { ProductCard as Card } from '../../api/catalog';
import { Img } from './Img';
import { money, onSite, useSiteBase } from './format';
import { counted } from '../../text/counted';

const MAX_SWATCHES = 6;

export function Swatches({ colors, max = MAX_SWATCHES }: { colors: readonly { name: string; hex: string }[]; max?: number }) {
  if (colors.length === 0) return null;
  const shown = colors.slice(0, max);
  const more = colors.length - shown.length;
  const label = `${counted(colors.length, 'colour')}: ${colors.map((c) => c.name).join(', ')}`;
  return (
    <span className="swatches" role="img" aria-label={label} title={colors.map((c) => c.name).join(', ')}>
      {shown.map((c) => (
        <span key={c.hex + c.name} className="swatch-dot" style={{ background: c.hex }} />
      ))}
      {more > 0 && (
        <span className="swatch-more" aria-hidden="true">
          +{more}
        </span>
      )}
    </span>
  );
}

export function ProductCard({ product, headingLevel = 3, eager = false }: { product: Card; headingLevel?: 2 | 3 | 4; eager?: boolean }) {
  const base = useSiteBase();
  const H = `h${headingLevel}` as const;
  const price = product.minCost === product.maxCost ? money(product.minCost) : `From ${money(product.minCost)}`;
  return (
    <li className="pcard">
      <Link to={onSite(base, product.url)} className="pcard-link">
        <Img src={product.pic1} alt="" size={5} lazy={!eager} loadingType={eager ? 'high' : 'auto'} className="pcard-img" />
        <H className="pcard-title">{product.title}</H>
      </Link>
      <p className="pcard-price">
        <span className="sr-only">Price: </span>
        {price}
      </p>
      <div className="pcard-meta">
        <Swatches colors={product.colors} />
        {product.shipFlag === 1 && (
          <span className={`ship-tag ship-${product.shipFromCode.toLowerCase()}`}>Ships from {product.shipFrom}</span>
        )}
      </div>
    </li>
  );
}

export function ProductGrid({
  products,
  busy = false,
  label,
  eagerCount = 0,
  headingLevel = 3,
}: {
  products: readonly Card[];
  busy?: boolean;
  label: string;
  eagerCount?: number;
  headingLevel?: 2 | 3 | 4;
}) {
  return (
    <ul className={`pgrid${busy ? ' busy' : ''}`} aria-label={label} aria-busy={busy}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

export function GridSkeleton({ count }: { count: number }) {
  return (
    <ul className="pgrid skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="pcard">
          <span className="img pcard-img">
            <span className="img-placeholder" />
          </span>
          <span className="sk-line" />
          <span className="sk-line short" />
        </li>
      ))}
    </ul>
  );
}
