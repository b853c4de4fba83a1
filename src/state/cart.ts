/**
 * The cart as the header popover, the dashboard's left-menu badge and the cart page share it:
 * the server's groups and the line count. Every change goes through the server first and the
 * store takes the server's answer, so a failed request leaves what the merchant sees unchanged.
 */
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import type { CartGroup, CartItem } from '../../contract/commerce';
import { cartApi, type CartListExtra } from '../api/commerce';
import { session } from './session';

export const cart = proxy({
  /** null until loaded (or when logged out). */
  groups: null as CartGroup[] | null,
  /** Number of cart lines: the badge. */
  count: 0,
  quantity: 0,
  subtotal: 0,
  countryCode: null as string | null,
  loading: false,
});

export const cartItems = (groups: readonly CartGroup[] | null): CartItem[] => (groups ?? []).flatMap((g) => g.shipTrolleyItemList);

function take(groups: CartGroup[], extra: Partial<CartListExtra>): void {
  cart.groups = groups;
  cart.count = extra.total ?? cartItems(groups).length;
  cart.quantity = extra.quantity ?? 0;
  cart.subtotal = extra.subtotal ?? 0;
  cart.countryCode = extra.countryCode ?? null;
}

let seq = 0;
/** Reloads the cart; an older answer arriving after a newer one is dropped. Quiet loads show no toast. */
export async function refreshCart(quiet = true): Promise<boolean> {
  const mine = ++seq;
  cart.loading = true;
  const res = await cartApi.list(quiet);
  if (mine !== seq) return res.code === 200;
  cart.loading = false;
  if (res.code !== 200) return false;
  take(res.data ?? [], res);
  return true;
}

export function clearCart(): void {
  seq++;
  cart.groups = null;
  cart.count = 0;
  cart.quantity = 0;
  cart.subtotal = 0;
  cart.countryCode = null;
  cart.loading = false;
}

/** Deletes a line: on success it leaves the list and the count drops by one; a failure changes nothing. */
export async function deleteCartItem(id: number): Promise<boolean> {
  const res = await cartApi.remove(id);
  if (res.code !== 200) return false;
  if (cart.groups) {
    cart.groups = cart.groups
      .map((g) => ({ ...g, shipTrolleyItemList: g.shipTrolleyItemList.filter((i) => i.id !== id) }))
      .filter((g) => g.shipTrolleyItemList.length > 0);
  }
  cart.count = Math.max(0, cart.count - 1);
  // The server's sums follow (quantity, subtotal per group).
  void refreshCart();
  return true;
}

// The cart follows the login state wherever it is shown (header, dashboard menu, pages).
subscribeKey(session, 'loggedIn', (loggedIn) => {
  if (loggedIn) void refreshCart();
  else clearCart();
});
if (session.loggedIn) void refreshCart();
