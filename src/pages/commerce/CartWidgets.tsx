/**
 * Pieces of the cart page: the quantity editor, the variant dialog (switch one line's variant, or
 * add several variants of the product at once) and a line's picture.
 */
import { useEffect, useId, useState } from 'react';
import { Modal } from '../../components/Modal';
import { catalogApi } from '../../api/catalog';
import { cartApi, myProductApi } from '../../api/commerce';
import {
  CART_QUANTITY_MAX,
  CART_QUANTITY_MIN,
  CommerceMessages,
  formatUsd,
  isCartQuantity,
  type CartItem,
} from '../../../contract/commerce';
import { toast } from '../../state/ui';

/** Digits only, then the server's edit; a refused or failed edit goes back to the saved number. */
export function QuantityInput({ item, onSaved }: { item: CartItem; onSaved: () => void }) {
  const [text, setText] = useState(String(item.quantity));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    setText(String(item.quantity));
  }, [item.quantity]);

  async function save(next: number) {
    if (!isCartQuantity(next)) {
      setError(CommerceMessages.badQuantity);
      return;
    }
    setError('');
    if (next === item.quantity) {
      setText(String(next));
      return;
    }
    setText(String(next));
    setBusy(true);
    const res = await cartApi.editQuantity(item.id, next);
    setBusy(false);
    if (res.code === 200) onSaved();
    else setText(String(item.quantity));
  }

  return (
    <div className="qty">
      <label htmlFor={id} className="sr-only">
        Quantity of {item.title} {item.variantTitle}
      </label>
      <button
        type="button"
        className="qty-btn"
        aria-label={`Decrease quantity of ${item.title} ${item.variantTitle}`}
        disabled={busy || item.quantity <= CART_QUANTITY_MIN}
        onClick={() => void save(item.quantity - 1)}
      >
        −
      </button>
      <input
        id={id}
        inputMode="numeric"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 4))}
        onBlur={() => void save(Number(text))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save(Number(text));
          }
        }}
      />
      <button
        type="button"
        className="qty-btn"
        aria-label={`Increase quantity of ${item.title} ${item.variantTitle}`}
        disabled={busy || item.quantity >= CART_QUANTITY_MAX}
        onClick={() => void save(item.quantity + 1)}
      >
        +
      </button>
      {error && (
        <div id={`${id}-err`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}

const variantName = (v: { option1: string | null; option2: string | null; option3: string | null }) =>
  [v.option1, v.option2, v.option3].filter((x): x is string => !!x && x.trim() !== '').join(' / ') || 'Default';

interface VariantChoice {
  id: number;
  name: string;
  cost: number;
}

/** The variants a line may take: the catalogue product's, or for a saved product only the ones it sells. */
function useVariantChoices(item: CartItem | null): { product: { variants: VariantChoice[] } | null; error: string } {
  const [state, setState] = useState<{ product: { variants: VariantChoice[] } | null; error: string }>({ product: null, error: '' });
  const productId = item?.productid ?? null;
  const myProductId = item?.myProductId ?? null;
  useEffect(() => {
    if (productId === null) return;
    let live = true;
    setState({ product: null, error: '' });
    const failed = (msg: string) => ({ product: null, error: msg || CommerceMessages.productNotFound });
    if (myProductId !== null) {
      void myProductApi.detail(myProductId).then((res) => {
        if (!live) return;
        setState(
          res.code === 200 && res.data
            ? {
                product: {
                  variants: res.data.variants
                    .filter((v) => v.available)
                    .map((v) => ({ id: v.variantId, name: v.title || variantName(v), cost: v.cost })),
                },
                error: '',
              }
            : failed(res.msg),
        );
      });
    } else {
      void catalogApi.info(productId).then((res) => {
        if (!live) return;
        setState(
          res.code === 200 && res.data
            ? { product: { variants: res.data.variants.map((v) => ({ id: v.id, name: variantName(v), cost: v.cost })) }, error: '' }
            : failed(res.msg),
        );
      });
    }
    return () => {
      live = false;
    };
  }, [productId, myProductId]);
  return state;
}

/** Switch a line to another variant of its product. */
export function EditVariantDialog({ item, onClose, onSaved }: { item: CartItem | null; onClose: () => void; onSaved: () => void }) {
  const { product, error } = useVariantChoices(item);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  useEffect(() => {
    setVariantId(item?.variantsid ?? null);
  }, [item]);
  return (
    <Modal open={item !== null} title="Change variant" onClose={onClose} width={460}>
      {item && (
        <p>
          <strong>{item.title}</strong>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!product && !error && (
        <p className="muted" role="status">
          Loading variants…
        </p>
      )}
      {product && (
        <div className="field">
          <label htmlFor={selectId}>Variant</label>
          <select id={selectId} value={variantId ?? ''} onChange={(e) => setVariantId(Number(e.target.value))}>
            {product.variants.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} · {formatUsd(v.cost)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn primary"
          disabled={!product || busy || variantId === null}
          onClick={async () => {
            if (!item || variantId === null) return;
            if (variantId === item.variantsid) {
              onClose();
              return;
            }
            setBusy(true);
            const res = await cartApi.editVariant(item.id, variantId);
            setBusy(false);
            if (res.code === 200) {
              toast('success', 'Variant changed');
              onSaved();
              onClose();
            }
          }}
        >
          Save
        </button>
      </div>
    </Modal>
  );
}

/** Add several variants of a line's product, each with its quantity (addShipTrolleyVariants). */
export function AddVariantsDialog({ item, onClose, onSaved }: { item: CartItem | null; onClose: () => void; onSaved: () => void }) {
  const { product, error } = useVariantChoices(item);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setQty({});
    setFormError('');
  }, [item]);
  const chosen = Object.entries(qty)
    .filter(([, q]) => q !== '' && Number(q) > 0)
    .map(([id, q]) => ({ variantsid: Number(id), quantity: Number(q) }));
  return (
    <Modal open={item !== null} title="Add variants" onClose={onClose} width={520}>
      {item && (
        <p>
          <strong>{item.title}</strong>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!product && !error && (
        <p className="muted" role="status">
          Loading variants…
        </p>
      )}
      {product && (
        <ul className="variant-pick" aria-label="Variants">
          {product.variants.map((v) => (
            <li key={v.id}>
              <label htmlFor={`add-v-${v.id}`}>
                {v.name} <span className="muted">{formatUsd(v.cost)}</span>
              </label>
              <input
                id={`add-v-${v.id}`}
                inputMode="numeric"
                placeholder="0"
                value={qty[v.id] ?? ''}
                onChange={(e) => setQty((q) => ({ ...q, [v.id]: e.target.value.replace(/\D/g, '').slice(0, 4) }))}
              />
            </li>
          ))}
        </ul>
      )}
      {formError && (
        <div className="form-error" role="alert">
          {formError}
        </div>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn primary"
          disabled={!product || busy}
          onClick={async () => {
            if (!item) return;
            if (chosen.length === 0) {
              setFormError('Please enter a quantity for at least one variant');
              return;
            }
            if (chosen.some((c) => !isCartQuantity(c.quantity))) {
              setFormError(CommerceMessages.badQuantity);
              return;
            }
            setBusy(true);
            const res = await cartApi.addVariants(item.productid, chosen, {
              anotherName: item.anotherName,
              ...(item.myProductId ? { myProductId: item.myProductId } : {}),
            });
            setBusy(false);
            if (res.code === 200) {
              toast('success', 'Added to the cart');
              onSaved();
              onClose();
            } else setFormError(res.msg);
          }}
        >
          Add to cart
        </button>
      </div>
    </Modal>
  );
}

export function LineImage({ src, alt }: { src: string; alt: string }) {
  return src ? (
    <img className="line-img" src={`${src}?size=3`} alt={alt} width={72} height={72} loading="lazy" />
  ) : (
    <span className="line-img placeholder" aria-hidden />
  );
}
