/**
 * The order statistics as bars, one per status. The same counts are in the statistics list beside
 * it, so the chart is one image with a summary for screen readers.
 */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OrderStatistics } from '../../../contract/commerce';

const STATUSES = [
  { key: 'pendingOrder', label: 'Pending Payment', colour: '#b45309' },
  { key: 'processingOrder', label: 'Processing', colour: '#2f5fb3' },
  { key: 'fulfilledOrder', label: 'Shipped', colour: '#17663a' },
  { key: 'canceledOrder', label: 'Cancelled', colour: '#6b7385' },
  { key: 'failedOrder', label: 'Failed', colour: '#b42318' },
] as const;

export function OrderStatusChart({ stats }: { stats: OrderStatistics }) {
  const data = STATUSES.map((s) => ({ label: s.label, count: stats[s.key], colour: s.colour }));
  return (
    <div
      className="chart order-status-chart"
      role="img"
      aria-label={`Orders by status: ${data.map((d) => `${d.label} ${d.count}`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height={180}>
        <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
          <CartesianGrid stroke="#e4e7ee" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fill: '#4a5263', fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={120} tick={{ fill: '#4a5263', fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="count" name="Orders" isAnimationActive={false} radius={[0, 3, 3, 0]}>
            {data.map((d) => (
              <Cell key={d.label} fill={d.colour} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
