/**
 * Store orders that came without a shipping address (a platform kept it from the app): each waits
 * here until the merchant enters the address, which makes it an order in Orders.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { storesApi, rowsOf } from '../../api/shops';
import { toast } from '../../state/ui';
import { Field } from '../../components/Field';
import type { StoreOrderAddress, WaitingStoreOrder } from '../../../contract/shops';

const EMPTY: StoreOrderAddress = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  province: '',
  zip: '',
  countryCode: '',
  phone: '',
};

const FIELDS: { key: keyof StoreOrderAddress; label: string; required?: boolean; maxLength: number }[] = [
  { key: 'firstName', label: 'First name', maxLength: 100 },
  { key: 'lastName', label: 'Last name', maxLength: 100 },
  { key: 'address1', label: 'Street address', required: true, maxLength: 200 },
  { key: 'address2', label: 'Apartment, suite (optional)', maxLength: 200 },
  { key: 'city', label: 'City', required: true, maxLength: 100 },
  { key: 'province', label: 'State / province', maxLength: 100 },
  { key: 'zip', label: 'ZIP / postal code', maxLength: 20 },
  { key: 'countryCode', label: 'Country code (e.g. US)', required: true, maxLength: 2 },
  { key: 'phone', label: 'Phone (optional)', maxLength: 40 },
];

function AddressForm({ order, onDone }: { order: WaitingStoreOrder; onDone: () => Promise<void> }) {
  const [values, setValues] = useState<StoreOrderAddress>(EMPTY);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await storesApi.enterOrderAddress(order.id, values);
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg);
      await onDone();
    } else setError(res.msg);
  }

  return (
    <form className="waiting-order-form" aria-label={`Shipping address for ${order.name}`} onSubmit={(e) => void submit(e)}>
      {FIELDS.map((f) => (
        <Field
          key={f.key}
          label={f.label}
          required={f.required}
          maxLength={f.maxLength}
          value={values[f.key]}
          onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
        />
      ))}
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <button type="submit" className="btn primary small" disabled={busy}>
        Save address and add the order
      </button>
    </form>
  );
}

export function WaitingOrdersSection() {
  const [orders, setOrders] = useState<WaitingStoreOrder[]>([]);
  const [open, setOpen] = useState<number | null>(null);

  const load = useCallback(async () => {
    const res = await storesApi.ordersNeedingAddress();
    if (res.code === 200) setOrders(rowsOf<WaitingStoreOrder>(res));
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="waiting-orders-title">
      <h3 id="waiting-orders-title">Orders waiting for a shipping address</h3>
      <p className="muted small">
        These store orders of your products came without the customer&apos;s shipping address. Enter it to add the order to your orders.
      </p>
      <ul className="store-list" aria-label="Orders waiting for a shipping address">
        {orders.map((o) => (
          <li key={o.id} aria-label={o.name}>
            <div className="store-info">
              <strong>{o.name}</strong>
              <span className="muted small">
                {o.storeName} · {new Date(o.createTime).toLocaleDateString()} ·{' '}
                {o.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')}
              </span>
            </div>
            <div className="store-actions">
              <button
                type="button"
                className="btn small"
                aria-expanded={open === o.id}
                onClick={() => setOpen(open === o.id ? null : o.id)}
              >
                Enter address
              </button>
            </div>
            {open === o.id && (
              <AddressForm
                order={o}
                onDone={async () => {
                  setOpen(null);
                  await load();
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
