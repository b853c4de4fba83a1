/**
 * /shopping-cart: the cart grouped by where the items ship from, with quantity and variant edits,
 * copy, delete (after confirmation), the shipping address (with the ship-from rules: Australia to
 * AU/NZ only, USA to the US only, and their messages), a shipping method per group with its time
 * and cost (preselected: the merchant's default for the destination and warehouse, set under
 * Account & Settings → Shipping & IOSS, else the product's), the server's totals, and the checkout
 * that turns the chosen lines into a pending order.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ConfirmDialog, Modal } from '../../components/Modal';
import { addressApi, cartApi, newIdempotencyKey, orderApi, type LogisticsCosts } from '../../api/commerce';
import { cart, cartItems, deleteCartItem, refreshCart } from '../../state/cart';
import { toast } from '../../state/ui';
import { formatUsd, orderTotals, type CartGroup, type CartItem, type ShipAddress } from '../../../contract/commerce';
import { FREE_SHIPPING_EU } from '../../../contract/constants';
import { AddressForm } from './AddressForm';
import { AddVariantsDialog, EditVariantDialog, LineImage, QuantityInput } from './CartWidgets';
import { checkoutBlockers, initialMethod } from './logic';
import { CART_DELETE_CONFIRM } from './texts';
import '../../styles/commerce.css';
import { counted } from '../../text/counted';
import { EmptyState } from '../../ui/EmptyState';
import { buttonClass } from '../../ui/Button';

const FREE_EU: ReadonlySet<string> = new Set(FREE_SHIPPING_EU);

function useAddresses() {
  const [list, setList] = useState<ShipAddress[] | null>(null);
  const reload = useCallback(async () => {
    const res = await addressApi.list();
    if (res.code === 200) setList(res.data ?? []);
    return res.code === 200 ? (res.data ?? []) : null;
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { list, setList, reload };
}

export function ShoppingCartPage() {
  const navigate = useNavigate();
  const c = useSnapshot(cart);
  const groups = c.groups as CartGroup[] | null;
  const items = useMemo(() => cartItems(groups), [groups]);
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const selected = items.filter((i) => !unchecked.has(i.id) && i.available);
  const selectedIds = selected.map((i) => i.id);

  const addresses = useAddresses();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [addressDialog, setAddressDialog] = useState<{ editing: ShipAddress | null } | null>(null);
  const address = addresses.list?.find((a) => a.id === addressId) ?? addresses.list?.[0] ?? null;

  const [costs, setCosts] = useState<LogisticsCosts | null>(null);
  const [costError, setCostError] = useState('');
  const [methods, setMethods] = useState<Record<string, number | null>>({});
  const [confirmDelete, setConfirmDelete] = useState<CartItem | null>(null);
  const [editVariant, setEditVariant] = useState<CartItem | null>(null);
  const [addVariants, setAddVariants] = useState<CartItem | null>(null);
  const [busy, setBusy] = useState(false);
  const checkoutKey = useRef<string | null>(null);

  useEffect(() => {
    void refreshCart(false);
  }, []);

  // Shipping for the chosen lines to the address's country, whenever either changes.
  const costKey = address ? `${address.country_code}|${selected.map((i) => `${i.id}x${i.quantity}`).join(',')}` : '';
  useEffect(() => {
    if (!address || selectedIds.length === 0) {
      setCosts(null);
      setCostError('');
      return;
    }
    let live = true;
    void cartApi.logistics(address.country_code, selectedIds).then((res) => {
      if (!live) return;
      if (res.code === 200 && res.data) {
        const data = res.data;
        setCosts(data);
        setCostError('');
        setMethods((prev) => Object.fromEntries(data.groups.map((g) => [g.shipFrom, initialMethod(g.methods, prev[g.shipFrom])])));
      } else if (res.code !== 100) {
        setCosts(null);
        setCostError(res.msg);
      }
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [costKey]);

  // The cart remembers its ship country (updateShipCountryId) for the next visit.
  useEffect(() => {
    if (address && address.country_code !== c.countryCode) void cartApi.setCountry(address.country_code);
  }, [address, c.countryCode]);

  const groupStates = (costs?.groups ?? []).map((g) => ({
    shipFromName: g.shipFromName,
    refused: g.refused,
    methods: g.methods,
    chosen: methods[g.shipFrom] ?? null,
  }));
  const blockers = checkoutBlockers(selected.length, address, groupStates);
  const productSubtotal = (costs?.groups ?? []).reduce((s, g) => s + g.subtotal, 0);
  const shipping = (costs?.groups ?? []).reduce((s, g) => s + (g.methods.find((m) => m.logisticsId === methods[g.shipFrom])?.cost ?? 0), 0);
  const totals = orderTotals(productSubtotal, shipping, 0);

  async function checkout() {
    if (blockers.length > 0 || !address) return;
    checkoutKey.current ??= newIdempotencyKey();
    setBusy(true);
    const logisticsIds = Object.values(methods).filter((m): m is number => m !== null);
    const res = await orderApi.create({ ids: selectedIds, addressId: address.id, logisticsIds }, checkoutKey.current);
    setBusy(false);
    // A business refusal is final, so the next try is a new request; a network failure keeps the key (a retry is the same checkout).
    if (res.code === 200 || res.code === 10000) checkoutKey.current = null;
    if (res.code === 200 && res.data) {
      void refreshCart();
      navigate(`/shopping-cart/pay?orderId=${res.data.id}`);
    }
  }

  if (groups === null)
    return (
      <div className="page-loading" role="status">
        Loading your cart…
      </div>
    );

  return (
    <div className="commerce cart-page">
      <h1>Shopping Cart</h1>
      {items.length === 0 ? (
        <EmptyState
          action={
            <Link className={buttonClass({ variant: 'primary' })} to="/all-products">
              Design product
            </Link>
          }
        >
          <p>Your cart is empty.</p>
        </EmptyState>
      ) : (
        <div className="cart-layout">
          <div className="cart-main">
            {groups.map((g) => {
              const cost = costs?.groups.find((x) => x.shipFrom === g.shipFrom);
              return (
                <section key={g.shipFrom} className="cart-group" aria-labelledby={`group-${g.shipFrom}`}>
                  <h2 id={`group-${g.shipFrom}`}>
                    Ships from {g.shipFromName} <span className="muted small">({counted(g.shipTrolleyItemList.length, 'item')})</span>
                  </h2>
                  <table className="cart-table">
                    <thead>
                      <tr>
                        <th scope="col">
                          <span className="sr-only">Order</span>
                        </th>
                        <th scope="col">Product</th>
                        <th scope="col">Unit cost</th>
                        <th scope="col">Quantity</th>
                        <th scope="col">Subtotal</th>
                        <th scope="col">
                          <span className="sr-only">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {g.shipTrolleyItemList.map((i) => (
                        <tr key={i.id} className={i.available ? undefined : 'unavailable'} aria-label={`${i.title} ${i.variantTitle}`}>
                          <td>
                            <input
                              type="checkbox"
                              aria-label={`Order ${i.title} ${i.variantTitle}`}
                              disabled={!i.available}
                              checked={i.available && !unchecked.has(i.id)}
                              onChange={(e) =>
                                setUnchecked((u) => {
                                  const n = new Set(u);
                                  if (e.target.checked) n.delete(i.id);
                                  else n.add(i.id);
                                  return n;
                                })
                              }
                            />
                          </td>
                          <td>
                            <div className="line">
                              <LineImage src={i.imagefirst} alt={i.title} />
                              <div>
                                <div className="line-title">{i.title}</div>
                                {i.anotherName && <div className="muted small">{i.anotherName}</div>}
                                <div className="muted small">
                                  {i.variantTitle}
                                  {i.sku ? ` · ${i.sku}` : ''}
                                  {i.myProductId ? ' · My product' : ''}
                                </div>
                                {!i.available && <div className="field-error">No longer available</div>}
                              </div>
                            </div>
                          </td>
                          <td>{formatUsd(i.cost)}</td>
                          <td>{i.available ? <QuantityInput item={i} onSaved={() => void refreshCart()} /> : i.quantity}</td>
                          <td>{formatUsd(i.subtotal)}</td>
                          <td className="line-actions">
                            {i.available && (
                              <button
                                type="button"
                                className="link-btn"
                                aria-label={`Change variant of ${i.title} ${i.variantTitle}`}
                                onClick={() => setEditVariant(i)}
                              >
                                Variant
                              </button>
                            )}
                            {i.available && (
                              <button
                                type="button"
                                className="link-btn"
                                aria-label={`Add variants of ${i.title}`}
                                onClick={() => setAddVariants(i)}
                              >
                                Add variants
                              </button>
                            )}
                            {i.available && (
                              <button
                                type="button"
                                className="link-btn"
                                aria-label={`Copy ${i.title} ${i.variantTitle}`}
                                onClick={async () => {
                                  const r = await cartApi.copy(i.id);
                                  if (r.code === 200) {
                                    toast('success', 'Copied');
                                    void refreshCart();
                                  }
                                }}
                              >
                                Copy
                              </button>
                            )}
                            <button
                              type="button"
                              className="link-btn danger"
                              aria-label={`Delete ${i.title} ${i.variantTitle}`}
                              onClick={() => setConfirmDelete(i)}
                            >
                              Delete
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <ShippingChoice
                    group={cost}
                    chosen={methods[g.shipFrom] ?? null}
                    onChoose={(id) => setMethods((m) => ({ ...m, [g.shipFrom]: id }))}
                  />
                </section>
              );
            })}
          </div>

          <aside className="cart-side" aria-label="Order summary">
            <section className="card" aria-labelledby="ship-to">
              <h2 id="ship-to">Ship to</h2>
              {addresses.list === null ? (
                <p className="muted">Loading addresses…</p>
              ) : addresses.list.length === 0 ? (
                <p>No shipping address yet.</p>
              ) : (
                <fieldset className="address-list">
                  <legend className="sr-only">Shipping address</legend>
                  {addresses.list.map((a) => (
                    <label key={a.id} className="address-option">
                      <input type="radio" name="address" checked={address?.id === a.id} onChange={() => setAddressId(a.id)} />
                      <span>
                        <strong>{[a.first_name, a.last_name].filter(Boolean).join(' ') || '(no name)'}</strong>
                        <span className="muted small">
                          {' '}
                          {[a.address1, a.address2, a.city, a.province, a.zip].filter(Boolean).join(', ')}
                        </span>
                        <span className="small">
                          {' '}
                          {a.country}
                          {FREE_EU.has(a.country_code) ? ' · free shipping country' : ''}
                        </span>
                      </span>
                      <button
                        type="button"
                        className="link-btn"
                        aria-label={`Edit address of ${a.first_name || a.last_name}`}
                        onClick={() => setAddressDialog({ editing: a })}
                      >
                        Edit
                      </button>
                    </label>
                  ))}
                </fieldset>
              )}
              <button type="button" className="btn small" onClick={() => setAddressDialog({ editing: null })}>
                Add address
              </button>
            </section>

            <section className="card cart-summary" aria-labelledby="summary-title">
              <h2 id="summary-title">Summary</h2>
              <dl>
                <div>
                  <dt>Items</dt>
                  <dd>{selected.reduce((s, i) => s + i.quantity, 0)}</dd>
                </div>
                <div>
                  <dt>Products</dt>
                  <dd>{costs ? formatUsd(totals.subtotal) : '—'}</dd>
                </div>
                <div>
                  <dt>Shipping</dt>
                  <dd>{costs ? formatUsd(totals.shippingCost) : '—'}</dd>
                </div>
                <div className="total">
                  <dt>Total</dt>
                  <dd>{costs ? formatUsd(totals.total) : '—'}</dd>
                </div>
              </dl>
              {costError && (
                <p className="form-error" role="alert">
                  {costError}
                </p>
              )}
              {blockers.length > 0 && (
                <ul className="blockers" aria-label="Before you order">
                  {blockers.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              )}
              <button
                type="button"
                className="btn primary block"
                disabled={busy || blockers.length > 0 || !costs}
                onClick={() => void checkout()}
              >
                {busy ? 'Placing order…' : 'Check out'}
              </button>
              <p className="muted small">Coupons and payment come next. Coupons are applied on the payment page.</p>
            </section>
          </aside>
        </div>
      )}

      <ConfirmDialog
        open={confirmDelete !== null}
        text={CART_DELETE_CONFIRM}
        onCancel={() => setConfirmDelete(null)}
        onConfirm={async () => {
          const item = confirmDelete;
          setConfirmDelete(null);
          if (item && (await deleteCartItem(item.id))) toast('success', 'Deleted from the cart');
        }}
      />
      <EditVariantDialog item={editVariant} onClose={() => setEditVariant(null)} onSaved={() => void refreshCart()} />
      <AddVariantsDialog item={addVariants} onClose={() => setAddVariants(null)} onSaved={() => void refreshCart()} />
      <Modal
        open={addressDialog !== null}
        title={addressDialog?.editing ? 'Edit address' : 'Add address'}
        onClose={() => setAddressDialog(null)}
        width={620}
      >
        <AddressForm
          editing={addressDialog?.editing ?? null}
          onCancel={() => setAddressDialog(null)}
          onSaved={async (a) => {
            setAddressDialog(null);
            await addresses.reload();
            setAddressId(a.id);
            toast('success', 'Address saved');
          }}
        />
      </Modal>
    </div>
  );
}

function ShippingChoice({
  group,
  chosen,
  onChoose,
}: {
  group: LogisticsCosts['groups'][number] | undefined;
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  if (!group) return null;
  if (group.refused)
    return (
      <p className="ship-refused" role="alert">
        {group.refused}
      </p>
    );
  if (group.methods.length === 0) return <p className="ship-refused">No shipping method is available for these items.</p>;
  return (
    <fieldset className="ship-methods">
      <legend>Shipping from {group.shipFromName}</legend>
      {group.methods.map((m) => (
        <label key={m.logisticsId} className="ship-method">
          <input type="radio" name={`ship-${group.shipFrom}`} checked={chosen === m.logisticsId} onChange={() => onChoose(m.logisticsId)} />
          <span className="ship-name">
            {m.shipMethod}
            {group.shopLogisticsId === m.logisticsId && <span className="tag">Your default</span>}
          </span>
          <span className="muted small">
            {m.carrier} · {m.shipTime}
          </span>
          <span className="ship-cost">{m.freeShipping || m.cost === 0 ? 'Free shipping' : formatUsd(m.cost)}</span>
        </label>
      ))}
    </fieldset>
  );
}
