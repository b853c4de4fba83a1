/**
 * "Add to cart" for a catalogue sample or a saved product's variant, for the pages that own those
 * products (product page, My products). Visitors log in first (the login dialog), then the line
 * is added; the header and menu counts follow from the cart store.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { cartApi } from '../../api/commerce';
import { refreshCart } from '../../state/cart';
import { session } from '../../state/session';
import { requireLoginThen, toast } from '../../state/ui';

export function AddToCartButton({
  productId,
  variantId,
  myProductId,
  quantity = 1,
  label = 'Add to cart',
  className = 'btn',
  onAdded,
}: {
  productId: number;
  /** Without one the server takes the product's (or saved product's) first variant. */
  variantId?: number | null;
  myProductId?: number | null;
  quantity?: number;
  label?: string;
  className?: string;
  /** Called once the line is in the cart (a dialog closes itself, say). */
  onAdded?: () => void;
}) {
  const snap = useSnapshot(session);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    const res = await cartApi.add({
      productid: productId,
      quantity,
      ...(variantId ? { variantsid: variantId } : {}),
      ...(myProductId ? { myProductId } : {}),
    });
    setBusy(false);
    if (res.code === 200) {
      toast('success', 'Added to the cart');
      void refreshCart();
      onAdded?.();
    }
  };
  return (
    <button type="button" className={className} disabled={busy} onClick={() => requireLoginThen(snap.loggedIn === true, () => void add())}>
      {busy ? 'Adding…' : label}
    </button>
  );
}
