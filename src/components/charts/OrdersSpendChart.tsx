/**
 * Orders placed (bars, left axis) and spend (line, right axis, USD) per month, drawn with
 * Recharts. The same figures are there as a table for screen readers and for anyone who wants
 * the numbers.
 */
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd, type OrderTrendMonth } from '../../../contract/commerce';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** '2026-11' → 'Nov 26'. */
export const monthLabel = (month: string): string => MONTH.format(new Date(`${month}-01T00:00:00Z`));

export function OrdersSpendChart({ months }: { months: readonly OrderTrendMonth[] }) {
  const data = months.map((m) => ({ label: monthLabel(m.month), orders: m.orders, spend: m.spend / 100 }));
  const totalOrders = months.reduce((a, m) => a + m.orders, 0);
  const totalSpend = months.reduce((a, m) => a + m.spend, 0);
  return (
    <figure className="chart">
      <div
        className="chart-canvas"
        role="img"
        aria-label={`Orders and spend over the last ${months.length} months: ${totalOrders} orders, ${formatUsd(totalSpend)} spent`}
      >
        <ResponsiveContainer width="100%" height={260}>
          <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e4e7ee" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: '#4a5263', fontSize: 12 }} />
            <YAxis yAxisId="orders" allowDecimals={false} tick={{ fill: '#4a5263', fontSize: 12 }} width={36} />
            <YAxis
              yAxisId="spend"
              orientation="right"
              tick={{ fill: '#4a5263', fontSize: 12 }}
              tickFormatter={(v: number) => `$${v}`}
              width={56}
            />
            <Tooltip formatter={(value, name) => (name === 'Spend' ? formatUsd(Math.round(Number(value) * 100)) : value)} />
            <Legend />
            <Bar yAxisId="orders" dataKey="orders" name="Orders" fill="#2f5fb3" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Line yAxisId="spend" dataKey="spend" name="Spend" stroke="#b45309" strokeWidth={2} dot isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <details className="chart-table">
        <summary>Show the figures as a table</summary>
        <table aria-label="Orders and spend by month">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Orders</th>
              <th scope="col">Spend</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{m.orders}</td>
                <td>{formatUsd(m.spend)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
