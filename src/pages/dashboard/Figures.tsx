/**
 * The dashboard's figures: orders by state, the balance and what orders cost, saved products and
 * store pushes, each linking to its page, and a chart of orders and spend over the last six months.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { balanceApi, orderApi } from '../../api/commerce';
import { myProductsApi } from '../../api/products';
import { storesApi } from '../../api/shops';
import { formatUsd, type OrderStatistics, type OrderTrendMonth } from '../../../contract/commerce';
import { OrdersSpendChart } from '../../components/charts/OrdersSpendChart';

interface Figures {
  stats: OrderStatistics | null;
  balance: number | null;
  paid: number | null;
  products: number | null;
  pushes: number | null;
  trend: OrderTrendMonth[] | null;
}

const EMPTY: Figures = { stats: null, balance: null, paid: null, products: null, pushes: null, trend: null };
const shown = (v: number | null, format: (n: number) => string = String) => (v === null ? '–' : format(v));

export function DashboardFigures() {
  const [f, setF] = useState<Figures>(EMPTY);
  useEffect(() => {
    let live = true;
    const set = (part: Partial<Figures>) => {
      if (live) setF((old) => ({ ...old, ...part }));
    };
    void orderApi.statistics().then((r) => r.code === 200 && r.data && set({ stats: r.data }));
    void balanceApi.totalPaid().then((r) => r.code === 200 && r.data && set({ balance: r.data.balance, paid: r.data.totalPaid }));
    void myProductsApi.list({ pageNum: 1, pageSize: 5 }).then((r) => r.code === 200 && set({ products: r.total ?? 0 }));
    void storesApi.queue().then((r) => r.code === 200 && set({ pushes: (r.data ?? []).length }));
    void orderApi.trend(6).then((r) => r.code === 200 && set({ trend: r.data ?? [] }));
    return () => {
      live = false;
    };
  }, []);

  const tiles: { label: string; value: string; to: string }[] = [
    { label: 'Orders', value: shown(f.stats?.totalOrder ?? null), to: '/orders' },
    { label: 'Pending payment', value: shown(f.stats?.pendingOrder ?? null), to: '/orders?tabname=ORDER_PENDING' },
    { label: 'Processing', value: shown(f.stats?.processingOrder ?? null), to: '/orders?tabname=ORDER_PROCESSING' },
    { label: 'Shipped', value: shown(f.stats?.fulfilledOrder ?? null), to: '/orders?tabname=ORDER_FULFILLED' },
    { label: 'Balance', value: shown(f.balance, formatUsd), to: '/balance' },
    { label: 'Paid for orders', value: shown(f.paid, formatUsd), to: '/balance' },
    { label: 'Products', value: shown(f.products), to: '/my-products' },
    { label: 'Store pushes', value: shown(f.pushes), to: '/my-products' },
  ];

  return (
    <section className="dashboard-figures" aria-labelledby="figures-title">
      <h2 id="figures-title">Your figures</h2>
      <dl className="figure-tiles">
        {tiles.map((t) => (
          <div key={t.label}>
            <dt>
              <Link to={t.to}>{t.label}</Link>
            </dt>
            <dd>{t.value}</dd>
          </div>
        ))}
      </dl>
      <h3>Orders and spend, last 6 months</h3>
      {f.trend === null ? <p className="muted">Loading the chart…</p> : <OrdersSpendChart months={f.trend} />}
    </section>
  );
}
