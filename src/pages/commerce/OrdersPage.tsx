/**
 * /orders?tabname=ORDER_PENDING|ORDER_PROCESSING|ORDER_FULFILLED: the three tabs, each a tile with
 * its orders' count and amount (order/orderStatistics), the chart of every status, sorting (created or updated, newest or oldest), page
 * sizes 5/10/15/25 and paging, all kept in the URL; the detail with items, address, shipments
 * and tracking, payments and the order's history; paying or cancelling a pending order.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog, Modal } from '../../components/Modal';
import { Pagination } from '../../components/catalog/Pagination';
import { orderApi, type OrderDetail, type OrderSummary } from '../../api/commerce';
import { toast } from '../../state/ui';
import { ORDER_SORTS, formatUsd, type OrderSort, type OrderStatistics } from '../../../contract/commerce';
import { ORDER_TABS, PAGE_SIZES } from '../../../contract/constants';
import {
  ORDER_SORT_LABELS,
  ORDER_STATUS_NAMES,
  ORDER_TAB_AMOUNT,
  ORDER_TAB_COUNT,
  ORDER_TAB_KEYS,
  defaultOrdersTab,
  ordersSearch,
  pageCount,
  readOrdersQuery,
  shortTime,
  type OrdersQuery,
} from './logic';
import { OrderPersonalizations } from './OrderPersonalizations';
import { OrderBrandItems, OrderIossNote, OrderItemsTable, OrderTotalsList } from './OrderParts';
import { OrderStatusChart } from '../../components/charts/OrderStatusChart';
import { Tabs } from '../../ui/Tabs';
import { Select } from '../../ui/Select';
import { EmptyState } from '../../ui/EmptyState';
import { buttonClass } from '../../ui/Button';
import { ORDER_CANCEL_CONFIRM } from './texts';
import { counted } from '../../text/counted';
import '../../styles/commerce.css';

export function OrdersPage() {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const q = readOrdersQuery(sp);
  const [stats, setStats] = useState<OrderStatistics | null>(null);
  const [list, setList] = useState<{ rows: OrderSummary[]; total: number } | null>(null);
  const [error, setError] = useState('');
  const [detailId, setDetailId] = useState<number | null>(null);
  const [cancelId, setCancelId] = useState<number | null>(null);
  const go = (next: Partial<OrdersQuery>) => navigate(`/orders${ordersSearch({ ...q, ...next })}`);
  const key = ordersSearch(q);
  // A link without a tab (the menus' "Orders") opens the tab that holds the latest order.
  const named = sp.has('tabname');
  useEffect(() => {
    if (named) return;
    let live = true;
    void orderApi.statistics().then((s) => {
      if (!live || s.code === 100) return;
      const tab = defaultOrdersTab(s.code === 200 ? (s.data ?? null) : null);
      navigate(`/orders${ordersSearch({ ...readOrdersQuery(sp), tab })}`, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [named, navigate, sp]);

  const reload = useCallback(async () => {
    if (!named) return;
    const [s, l] = await Promise.all([orderApi.statistics(), orderApi.list(q)]);
    if (s.code === 200 && s.data) setStats(s.data);
    if (l.code === 200) {
      setList({ rows: l.rows ?? [], total: l.total ?? 0 });
      setError('');
    } else if (l.code !== 100) setError(l.msg);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, named]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const pages = pageCount(list?.total ?? 0, q.pageSize);

  return (
    <div className="commerce orders-page">
      <h1>Orders</h1>
      {stats && stats.totalOrder > 0 && <OrderStatusChart stats={stats} />}

      {/* The statistics are the tabs: one tile per tab with its orders' count and what they come to,
          so a figure is never shown for a list the page cannot open. */}
      <Tabs
        label="Order status"
        listClassName="tiles"
        value={q.tab}
        onValueChange={(t) => go({ tab: t, pageNum: 1 })}
        items={ORDER_TAB_KEYS.map((t) => ({
          value: t,
          label: (
            <>
              <span className="ui-tab-title">{ORDER_TABS[t]}</span>{' '}
              <span className="ui-tab-figure">{stats ? counted(stats[ORDER_TAB_COUNT[t]], 'order') : '–'}</span>{' '}
              <span className="ui-tab-note">{stats ? formatUsd(stats[ORDER_TAB_AMOUNT[t]]) : ''}</span>
            </>
          ),
        }))}
      >
        <div className="orders-tools">
          <Select label="Sort by" value={q.sort} onChange={(e) => go({ sort: e.target.value as OrderSort, pageNum: 1 })}>
            {ORDER_SORTS.map((s) => (
              <option key={s} value={s}>
                {ORDER_SORT_LABELS[s]}
              </option>
            ))}
          </Select>
          <Select label="Per page" value={q.pageSize} onChange={(e) => go({ pageSize: Number(e.target.value), pageNum: 1 })}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
          {list && (
            <span className="muted" role="status">
              {counted(list.total, 'order')}
            </span>
          )}
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {list === null ? (
          <p className="page-loading" role="status">
            Loading orders…
          </p>
        ) : list.rows.length === 0 ? (
          <EmptyState
            action={
              <div className="empty-actions">
                <Link className={buttonClass({ variant: 'primary' })} to="/all-products">
                  Browse products
                </Link>
                <Link className={buttonClass()} to="/shopping-cart">
                  Go to cart
                </Link>
              </div>
            }
          >
            <p>No orders here yet. Order a sample from the catalogue, or check out what is in your cart.</p>
          </EmptyState>
        ) : (
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Created</th>
                <th scope="col">Updated</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((o) => (
                <tr key={o.id}>
                  <th scope="row">{o.orderNo}</th>
                  <td>{shortTime(o.createTime)}</td>
                  <td>{shortTime(o.updateTime)}</td>
                  <td>
                    {o.quantity}
                    <span className="muted small">
                      {' '}
                      ·{' '}
                      {o.items
                        .map((i) => i.title)
                        .slice(0, 2)
                        .join(', ')}
                      {o.items.length > 2 ? '…' : ''}
                    </span>
                  </td>
                  <td>{formatUsd(o.total)}</td>
                  <td>
                    <span className={`status status-${o.status}`}>{ORDER_STATUS_NAMES[o.status] ?? o.status}</span>
                  </td>
                  <td className="line-actions">
                    <button
                      type="button"
                      className="link-btn"
                      aria-label={`Details of order ${o.orderNo}`}
                      onClick={() => setDetailId(o.id)}
                    >
                      Details
                    </button>
                    {o.status === 'pending' && (
                      <Link to={`/shopping-cart/pay?orderId=${o.id}`} aria-label={`Pay order ${o.orderNo}`}>
                        Pay
                      </Link>
                    )}
                    {o.status === 'pending' && (
                      <button
                        type="button"
                        className="link-btn danger"
                        aria-label={`Cancel order ${o.orderNo}`}
                        onClick={() => setCancelId(o.id)}
                      >
                        Cancel
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pagination page={Math.min(q.pageNum, pages)} pages={pages} hrefFor={(n) => `/orders${ordersSearch({ ...q, pageNum: n })}`} />
      </Tabs>

      <OrderDetailDialog
        id={detailId}
        onClose={() => setDetailId(null)}
        onCancel={(id) => {
          setDetailId(null);
          setCancelId(id);
        }}
      />
      <ConfirmDialog
        open={cancelId !== null}
        text={ORDER_CANCEL_CONFIRM}
        onCancel={() => setCancelId(null)}
        onConfirm={async () => {
          const id = cancelId;
          setCancelId(null);
          if (id === null) return;
          const res = await orderApi.cancel(id);
          if (res.code === 200) toast('success', 'Order cancelled');
          await reload();
        }}
      />
    </div>
  );
}

function OrderDetailDialog({ id, onClose, onCancel }: { id: number | null; onClose: () => void; onCancel: (id: number) => void }) {
  const [order, setOrder] = useState<OrderDetail | null>(null);
  useEffect(() => {
    setOrder(null);
    if (id === null) return;
    let live = true;
    void orderApi.detail(id).then((res) => {
      if (live && res.code === 200 && res.data) setOrder(res.data);
    });
    return () => {
      live = false;
    };
  }, [id]);
  return (
    <Modal open={id !== null} title={order ? `Order ${order.orderNo}` : 'Order'} onClose={onClose} width={820}>
      {!order ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : (
        <div className="order-detail">
          <p>
            <span className={`status status-${order.status}`}>{ORDER_STATUS_NAMES[order.status] ?? order.status}</span> · created{' '}
            {shortTime(order.createTime)}
            {order.paidTime ? ` · paid ${shortTime(order.paidTime)}` : ''}
          </p>
          <h3>Items</h3>
          <OrderItemsTable items={order.items} />
          <OrderPersonalizations orderId={order.id} items={order.items} />
          <OrderBrandItems items={order.brandItems ?? []} />
          <div className="detail-cols">
            <section aria-label="Shipping address">
              <h3>Shipping address</h3>
              <address>
                {[order.address.first_name, order.address.last_name].filter(Boolean).join(' ')}
                <br />
                {[order.address.address1, order.address.address2].filter(Boolean).join(', ')}
                <br />
                {[order.address.city, order.address.province, order.address.zip].filter(Boolean).join(', ')}
                {order.address.city || order.address.province || order.address.zip ? <br /> : null}
                {order.address.country}
                {order.address.phone ? (
                  <>
                    <br />
                    {order.address.phone}
                  </>
                ) : null}
              </address>
              {order.ioss && <OrderIossNote ioss={order.ioss} />}
            </section>
            <section aria-label="Totals">
              <h3>Totals</h3>
              <OrderTotalsList order={order} />
              {order.coupon && <p className="small">Coupon: {order.coupon.title}</p>}
            </section>
          </div>
          <h3>Shipping and tracking</h3>
          <ul className="plain shipments">
            {order.shipments.map((s) => (
              <li key={s.shipFrom}>
                From {s.shipFrom}: {s.ship_method} ({s.carrier}, {s.shiptime}) · {formatUsd(s.cost)}
                {s.trackingNumber ? (
                  <>
                    {' '}
                    · Tracking number <strong>{s.trackingNumber}</strong>
                    {s.trackUrl && (
                      <>
                        {' '}
                        ·{' '}
                        <a href={s.trackUrl} target="_blank" rel="noopener noreferrer">
                          Track parcel
                        </a>
                      </>
                    )}
                  </>
                ) : (
                  <span className="muted"> · not shipped yet</span>
                )}
              </li>
            ))}
          </ul>
          <h3>Payments</h3>
          {order.payments.length === 0 ? (
            <p className="muted">No payment yet.</p>
          ) : (
            <ul className="plain">
              {order.payments.map((p) => (
                <li key={p.id}>
                  {p.typeName ?? p.method}: {formatUsd(p.amount)} · {p.status}
                  {p.paidTime ? ` · ${shortTime(p.paidTime)}` : ''}
                </li>
              ))}
            </ul>
          )}
          <h3>History</h3>
          <ol className="events">
            {order.events.map((e, i) => (
              <li key={i}>
                {shortTime(e.time)} · {ORDER_STATUS_NAMES[e.to] ?? e.to}
                {e.note ? ` (${e.note})` : ''}
              </li>
            ))}
          </ol>
          {order.status === 'pending' && (
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => onCancel(order.id)}>
                Cancel order
              </button>
              <Link className="btn primary" to={`/shopping-cart/pay?orderId=${order.id}`}>
                Pay now
              </Link>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
