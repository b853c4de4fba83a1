/** Parts of an order shown on the payment page and in the order detail: items, totals and IOSS. */
import { Link } from 'react-router-dom';
import { formatUsd } from '../../../contract/commerce';
import type { OrderIoss } from '../../../contract/shop-settings';
import type { OrderItem, OrderSummary } from '../../api/commerce';
import { LineImage } from './CartWidgets';
import type { BrandOrderItem } from '../../../contract/branding';
import { ItemPreview } from '../branding/ItemPreview';
import '../../styles/branding.css';

export function OrderItemsTable({ items }: { items: readonly OrderItem[] }) {
  return (
    <table className="cart-table">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Unit cost</th>
          <th scope="col">Quantity</th>
          <th scope="col">Subtotal</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.id}>
            <td>
              <div className="line">
                <LineImage src={i.imagefirst} alt={i.title} />
                <div>
                  <div className="line-title">{i.title}</div>
                  <div className="muted small">
                    {i.variantTitle}
                    {i.sku ? ` · ${i.sku}` : ''} · ships from {i.shipFrom}
                  </div>
                </div>
              </div>
            </td>
            <td>{formatUsd(i.cost)}</td>
            <td>{i.quantity}</td>
            <td>{formatUsd(i.subtotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The server's totals as they are: nothing is added up here. */
export function OrderTotalsList({ order }: { order: Pick<OrderSummary, 'subtotal' | 'shippingCost' | 'discount' | 'total'> }) {
  return (
    <dl className="totals" aria-label="Order totals">
      <div>
        <dt>Products</dt>
        <dd>{formatUsd(order.subtotal)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{formatUsd(order.shippingCost)}</dd>
      </div>
      <div>
        <dt>Discount</dt>
        <dd>{order.discount > 0 ? `−${formatUsd(order.discount)}` : formatUsd(0)}</dd>
      </div>
      <div className="total">
        <dt>Total</dt>
        <dd data-testid="order-total">{formatUsd(order.total)}</dd>
      </div>
    </dl>
  );
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/** The IOSS of an order to the EU: the number it was placed under, and whether IOSS covers its goods. */
export function OrderIossNote({ ioss }: { ioss: OrderIoss }) {
  return (
    <section aria-labelledby="order-ioss-title" className="order-ioss">
      <h3 id="order-ioss-title">IOSS (EU import VAT)</h3>
      {ioss.iossNumber ? (
        <p>
          IOSS number <strong data-testid="order-ioss-number">{ioss.iossNumber}</strong>
          {ioss.eligible
            ? ` · goods worth ${euros(ioss.goodsValueEurCents)}, within the 150 EUR limit.`
            : ` does not apply: the goods are worth ${euros(ioss.goodsValueEurCents)}, over the 150 EUR limit, so import VAT is due on delivery.`}
        </p>
      ) : (
        <p>
          No IOSS number: your customer may be charged import VAT on delivery.{' '}
          <Link to="/my-account?tabname=shipping">Add your IOSS number</Link> for the orders you place from now on.
        </p>
      )}
    </section>
  );
}

/** The branded items (hang tags, labels, cards…) the package in use added to the order, included in its price. */
export function OrderBrandItems({ items }: { items: readonly BrandOrderItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="order-brand-title">
      <h3 id="order-brand-title">Branded items ({items[0]!.packageTitle})</h3>
      <ul className="order-brand-items">
        {items.map((i) => (
          <li key={i.id}>
            <ItemPreview kind={i.kind} choice={i.choice} artwork={i.picture} />
            <strong>{i.title}</strong>
            <span className="muted">
              {i.choice} · × {i.quantity} · included
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
