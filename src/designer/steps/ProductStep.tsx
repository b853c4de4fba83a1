/**
 * Step "Product" (select, 0): which product to design (when the flow starts without one), and
 * which colours and sizes to sell.
 */
import { useEffect, useState, type Ref } from 'react';
import { useSnapshot } from 'valtio';
import { catalogApi, type ProductCard } from '../../api/catalog';
import { money } from '../../components/catalog/format';
import type { DesignerModel } from '../model/designer';
import { OptionChecks, type OptionChecksHandle } from './OptionChecks';
import type { MultiSelection } from '../model/options';

export function ProductStep({
  model,
  errors,
  onSelection,
  onPickProduct,
  optionsRef,
}: {
  model: DesignerModel;
  errors: readonly (string | null)[];
  onSelection: (next: MultiSelection) => void;
  onPickProduct: (id: number) => void;
  optionsRef: Ref<OptionChecksHandle>;
}) {
  const snap = useSnapshot(model);
  // The snapshot of the product ref is deeply readonly; the live object is the same data.
  const product = snap.product ? model.product : null;
  return (
    <div className="dz-product-step">
      {snap.open.kind === 'new' && <ProductPicker current={product?.id ?? null} onPick={onPickProduct} />}
      {snap.status === 'loading' && <p role="status">Loading… Please wait a few seconds.</p>}
      {snap.status === 'failed' && (
        <p role="alert" className="field-error">
          {snap.error}
        </p>
      )}
      {product && snap.status === 'ready' && (
        <section className="dz-chosen" aria-label="Options">
          <div className="dz-chosen-head">
            <img src={`${product.pic1}?size=3`} alt="" width={100} height={100} />
            <div>
              <h3>{product.title}</h3>
              <p className="muted small">
                Product cost {money(product.minCost)}
                {product.maxCost !== product.minCost ? ` to ${money(product.maxCost)}` : ''} per item
              </p>
            </div>
          </div>
          <OptionChecks
            ref={optionsRef}
            options={product.options}
            selection={snap.selection as MultiSelection}
            errors={errors}
            onChange={onSelection}
          />
        </section>
      )}
    </div>
  );
}

function ProductPicker({ current, onPick }: { current: number | null; onPick: (id: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<ProductCard[] | null>(null);
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      void catalogApi.list({ keyword: keyword.trim() || undefined, pageSize: 12 }).then((res) => {
        if (live) setRows(res.rows ?? []);
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [keyword]);
  return (
    <section className="dz-picker" aria-label="Choose a product">
      <label className="dz-search">
        <span>Search products</span>
        <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="T-shirt, mug, poster…" />
      </label>
      {rows === null ? (
        <p role="status">Loading… Please wait a few seconds.</p>
      ) : rows.length === 0 ? (
        <p>No products match.</p>
      ) : (
        <ul className="dz-picker-list">
          {rows.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`dz-pick${current === p.id ? ' checked' : ''}`}
                aria-pressed={current === p.id}
                onClick={() => onPick(p.id)}
              >
                <img src={`${p.pic1}?size=3`} alt="" width={100} height={100} loading="lazy" />
                <span>{p.title}</span>
                <span className="muted small">{money(p.minCost)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
