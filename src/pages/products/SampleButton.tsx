/**
 * "Order a sample" of a saved product: a saved product sells several variants, so the merchant
 * picks which one (colour, size…, with its cost) before anything goes into the cart.
 */
import { useId, useState } from 'react';
import { Modal } from '../../components/Modal';
import { money } from '../../components/catalog/format';
import { AddToCartButton } from '../commerce/AddToCartButton';
import type { MyProductDetail } from '../../api/products';

export function SampleButton({ product, parentId }: { product: MyProductDetail; parentId: number }) {
  const [open, setOpen] = useState(false);
  const choices = product.variants.filter((v) => v.available);
  const [variantId, setVariantId] = useState<number | null>(choices[0]?.variantId ?? null);
  const id = useId();
  const chosen = choices.find((v) => v.variantId === variantId) ?? null;
  return (
    <>
      <button type="button" className="btn primary" onClick={() => setOpen(true)} disabled={choices.length === 0}>
        Order a sample
      </button>
      <Modal open={open} title="Order a sample" onClose={() => setOpen(false)}>
        <fieldset className="sample-choices">
          <legend>Which variant?</legend>
          {choices.map((v) => (
            <label key={v.id} className="sample-choice">
              <input type="radio" name={`${id}-variant`} checked={v.variantId === variantId} onChange={() => setVariantId(v.variantId)} />
              <span>{v.title}</span>
              <span className="muted">{money(v.cost)}</span>
            </label>
          ))}
        </fieldset>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            Cancel
          </button>
          {chosen && (
            <AddToCartButton
              productId={parentId}
              myProductId={product.id}
              variantId={chosen.variantId}
              label={`Add ${chosen.title} to cart`}
              className="btn primary"
              onAdded={() => setOpen(false)}
            />
          )}
        </div>
      </Modal>
    </>
  );
}
