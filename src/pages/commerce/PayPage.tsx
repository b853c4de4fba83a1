/**
 * /shopping-cart/pay?orderId=…: a pending order's items, address and shipping, its coupon (bind
 * or unbind; the server answers the new totals), and the payment methods: balance, PayPal, card
 * and Stripe. Providers without keys say they are not configured. Every payment request carries
 * an idempotency key kept across retries of one attempt, so a double click or a retried request
 * never pays twice.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { balanceApi, couponApi, orderApi, paymentApi, type AvailableCoupon, type OrderDetail } from '../../api/commerce';
import { toast } from '../../state/ui';
import { ConfirmDialog } from '../../components/Modal';
import { formatUsd } from '../../../contract/commerce';
import { couponCondition, couponValue, ORDER_STATUS_NAMES } from './logic';
import { ProviderPayments, useAttemptKeys } from './ProviderPayments';
import { OrderItemsTable, OrderTotalsList } from './OrderParts';
import '../../styles/commerce.css';

export function PayPage() {
  const [sp, setSp] = useSearchParams();
  const orderId = Number(sp.get('orderId'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [loadError, setLoadError] = useState('');

  const reload = useCallback(async () => {
    if (!valid) return;
    const res = await orderApi.detail(orderId);
    if (res.code === 200 && res.data) {
      setOrder(res.data);
      setLoadError('');
    } else if (res.code !== 100) setLoadError(res.msg);
  }, [orderId, valid]);
  useEffect(() => {
    void reload();
  }, [reload]);

  // Back from PayPal's approval page (it appends token=<PayPal order id>): capture at once.
  const returnedToken = sp.get('token');
  useEffect(() => {
    if (!returnedToken || !order || order.status !== 'pending') return;
    void paymentApi.paypalCapture(returnedToken).then(async (res) => {
      const next = new URLSearchParams(sp);
      next.delete('token');
      next.delete('PayerID');
      setSp(next, { replace: true });
      if (res.code === 200 && res.data?.status === 'succeeded') toast('success', 'Payment successful');
      await reload();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returnedToken, order?.id]);

  if (!valid) {
    return (
      <div className="commerce">
        <h1>Payment</h1>
        <p>Choose the items to order in your cart first.</p>
        <Link className="btn primary" to="/shopping-cart">
          Go to cart
        </Link>
      </div>
    );
  }
  if (loadError)
    return (
      <div className="commerce">
        <h1>Payment</h1>
        <p className="form-error" role="alert">
          {loadError}
        </p>
        <Link to="/orders">See your orders</Link>
      </div>
    );
  if (!order)
    return (
      <div className="page-loading" role="status">
        Loading the order…
      </div>
    );

  return (
    <div className="commerce pay-page">
      <h1>Payment</h1>
      <p className="order-head">
        Order <strong>{order.orderNo}</strong> ·{' '}
        <span className={`status status-${order.status}`}>{ORDER_STATUS_NAMES[order.status] ?? order.status}</span>
      </p>
      <div className="cart-layout">
        <div className="cart-main">
          <section className="card" aria-labelledby="pay-items">
            <h2 id="pay-items">Items</h2>
            <OrderItemsTable items={order.items} />
          </section>
          <section className="card" aria-labelledby="pay-ship">
            <h2 id="pay-ship">Shipping</h2>
            <p>
              {[order.address.first_name, order.address.last_name].filter(Boolean).join(' ')},{' '}
              {[order.address.address1, order.address.address2, order.address.city, order.address.province, order.address.zip]
                .filter(Boolean)
                .join(', ')}
              , {order.address.country}
            </p>
            <ul className="plain">
              {order.shipments.map((s) => (
                <li key={s.shipFrom}>
                  From {s.shipFrom}: {s.ship_method} ({s.carrier}, {s.shiptime}) · {formatUsd(s.cost)}
                </li>
              ))}
            </ul>
          </section>
          {order.status === 'pending' && <CouponBox order={order} onChanged={reload} />}
        </div>
        <aside className="cart-side" aria-label="Pay">
          <section className="card cart-summary" aria-labelledby="pay-total">
            <h2 id="pay-total">Total</h2>
            <OrderTotalsList order={order} />
          </section>
          {order.status === 'pending' ? (
            <PayMethods order={order} onPaid={reload} />
          ) : (
            <section className="card">
              <p role="status">
                This order is {ORDER_STATUS_NAMES[order.status]?.toLowerCase() ?? order.status}
                {order.payTypeName ? ` (paid: ${order.payTypeName})` : ''}.
              </p>
              <Link className="btn primary" to={`/orders?tabname=${order.status === 'fulfilled' ? 'ORDER_FULFILLED' : 'ORDER_PROCESSING'}`}>
                See your orders
              </Link>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}

function CouponBox({ order, onChanged }: { order: OrderDetail; onChanged: () => Promise<void> }) {
  const [list, setList] = useState<AvailableCoupon[] | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void couponApi.availableForOrder(order.id).then((res) => {
      if (live && res.code === 200) setList(res.data ?? []);
    });
    return () => {
      live = false;
    };
  }, [order.id, order.couponReceiptId]);
  const run = async (fn: () => Promise<{ code: number }>, done: string) => {
    setBusy(true);
    const res = await fn();
    setBusy(false);
    if (res.code === 200) {
      toast('success', done);
      await onChanged();
    }
  };
  return (
    <section className="card" aria-labelledby="pay-coupon">
      <h2 id="pay-coupon">Coupon</h2>
      {order.coupon ? (
        <p>
          <strong>{order.coupon.title}</strong> ({couponValue(order.coupon)}) · −{formatUsd(order.discount)}{' '}
          <button
            type="button"
            className="btn small"
            disabled={busy}
            onClick={() => void run(() => orderApi.unbindCoupon(order.id), 'Coupon removed')}
          >
            Remove coupon
          </button>
        </p>
      ) : list === null ? (
        <p className="muted">Loading coupons…</p>
      ) : list.length === 0 ? (
        <p className="muted">
          No coupon can be used for this order. <Link to="/coupons">Get coupons</Link>
        </p>
      ) : (
        <fieldset className="coupon-choice">
          <legend className="sr-only">Available coupons</legend>
          {list.map((c) => (
            <label key={c.id} className="coupon-option">
              <input type="radio" name="coupon" checked={choice === c.id} onChange={() => setChoice(c.id)} />
              <span>
                <strong>{c.title}</strong>{' '}
                <span className="muted small">
                  {couponValue(c)} · {couponCondition(c)} · saves {formatUsd(c.discountAmount)}
                </span>
              </span>
            </label>
          ))}
          <button
            type="button"
            className="btn small"
            disabled={busy || choice === null}
            onClick={() => choice !== null && void run(() => orderApi.bindCoupon(order.id, choice), 'Coupon applied')}
          >
            Use coupon
          </button>
        </fieldset>
      )}
    </section>
  );
}

function PayMethods({ order, onPaid }: { order: OrderDetail; onPaid: () => Promise<void> }) {
  const navigate = useNavigate();
  const [balance, setBalance] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // Money leaves the balance only after the merchant has seen the amount and what is left.
  const [confirmBalance, setConfirmBalance] = useState(false);
  const keys = useAttemptKeys();

  useEffect(() => {
    void balanceApi.balance().then((res) => {
      if (res.code === 200 && res.data) setBalance(res.data.balance);
    });
  }, [order.total]);

  const paid = async () => {
    toast('success', 'Payment successful');
    await onPaid();
    navigate('/orders?tabname=ORDER_PROCESSING');
  };

  async function payBalance() {
    setBusy(true);
    const res = await orderApi.payByBalance(order.id, keys.get('balance'));
    keys.settle('balance', res.code);
    setBusy(false);
    if (res.code === 200) await paid();
    else
      void balanceApi.balance().then((b) => {
        if (b.code === 200 && b.data) setBalance(b.data.balance);
      });
  }

  const short = balance !== null && balance < order.total;

  return (
    <section className="card pay-methods" aria-labelledby="pay-with">
      <h2 id="pay-with">Pay with</h2>
      <div className="pay-method">
        <button type="button" className="btn primary block" disabled={busy || short} onClick={() => setConfirmBalance(true)}>
          {busy ? 'Paying…' : `Pay ${formatUsd(order.total)} with Balance`}
        </button>
        <ConfirmDialog
          open={confirmBalance}
          title="Pay with Balance"
          text={`Pay ${formatUsd(order.total)} for order ${order.orderNo} from your balance?${
            balance !== null ? ` Your balance will be ${formatUsd(balance - order.total)} afterwards.` : ''
          }`}
          confirmText={`Pay ${formatUsd(order.total)}`}
          onCancel={() => setConfirmBalance(false)}
          onConfirm={() => {
            setConfirmBalance(false);
            void payBalance();
          }}
        />
        <p className="muted small" aria-live="polite">
          Balance: {balance === null ? '…' : formatUsd(balance)}
          {short ? ' · Insufficient balance' : ''}
        </p>
      </div>
      <ProviderPayments
        verb="Pay with"
        disabled={busy}
        start={(m, key) => (m === 'paypal' ? paymentApi.paypalCreate(order.id, key) : paymentApi.stripeCreate(order.id, m, key))}
        onPaid={paid}
      />
    </section>
  );
}
