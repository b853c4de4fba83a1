/**
 * /balance: the merchant's balance and payment records (balance/list, balance/totalPaid): the
 * balance, what orders cost less refunds and what was topped up, the records newest first with
 * their type, order and the balance after each, filtered by type and dates, paged, and exported
 * as CSV. The filter lives in the address, so a reload or a shared link keeps it. A top-up goes
 * through a payment provider and shows as a Prepayment record once the provider confirms it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Pagination } from '../../components/catalog/Pagination';
import { balanceApi } from '../../api/commerce';
import { toast } from '../../state/ui';
import { TOPUP_MAX, TOPUP_MIN, TOPUP_RANGE_MESSAGE, decimalToCents, formatUsd, type BalanceRecord } from '../../../contract/commerce';
import { ProviderPayments } from './ProviderPayments';
import { pageCount, shortTime } from './logic';
import {
  BALANCE_PAGE_SIZE,
  EXPORT_MAX_ROWS,
  balanceSearch,
  exportFileName,
  rangeProblem,
  readBalanceQuery,
  recordTypeChoices,
  recordsParams,
  recordsTable,
  type BalanceQuery,
} from './balance';
import '../../styles/commerce.css';

async function downloadCsv(rows: (string | number)[][], fileName: string): Promise<void> {
  // SheetJS writes CSV with the quoting spreadsheets expect; loaded only when a merchant exports.
  const XLSX = await import('@e965/xlsx');
  const csv = XLSX.utils.sheet_to_csv(XLSX.utils.aoa_to_sheet(rows), { blankrows: false });
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BalancePage() {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const q = readBalanceQuery(sp);
  const key = balanceSearch(q);
  const [draft, setDraft] = useState(q);
  const [list, setList] = useState<{ rows: BalanceRecord[]; total: number; balance: number } | null>(null);
  const [totals, setTotals] = useState<{ totalPaid: number; toppedUp: number } | null>(null);
  const [error, setError] = useState('');
  const [exporting, setExporting] = useState(false);
  const [topUp, setTopUp] = useState('');
  // Each finished top-up reloads the summary and the records.
  const [reloads, setReloads] = useState(0);
  const topUpCents = decimalToCents(topUp);
  const topUpProblem =
    topUp.trim() === '' ? null : topUpCents === null || topUpCents < TOPUP_MIN || topUpCents > TOPUP_MAX ? TOPUP_RANGE_MESSAGE : null;
  const problem = rangeProblem(q);

  // The form follows the address (back and forward buttons, links).
  useEffect(() => setDraft(readBalanceQuery(new URLSearchParams(key))), [key]);

  useEffect(() => {
    if (problem) return;
    let live = true;
    setError('');
    const query = readBalanceQuery(new URLSearchParams(key));
    void balanceApi.list(recordsParams(query, query.page, BALANCE_PAGE_SIZE)).then((res) => {
      if (!live || res.code === 100) return;
      if (res.code !== 200) {
        setError(res.msg || 'The records could not be loaded.');
        setList({ rows: [], total: 0, balance: 0 });
        return;
      }
      setList({ rows: res.rows ?? [], total: res.total ?? 0, balance: res.balance ?? 0 });
    });
    void balanceApi
      .totalPaid({ ...(query.from ? { startTime: query.from } : {}), ...(query.to ? { endTime: query.to } : {}) })
      .then((res) => {
        if (live && res.code === 200 && res.data) setTotals({ totalPaid: res.data.totalPaid, toppedUp: res.data.toppedUp });
      });
    return () => {
      live = false;
    };
  }, [key, problem, reloads]);

  const go = (next: BalanceQuery) => navigate(`/balance${balanceSearch(next)}`);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    go({ ...draft, page: 1 });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: BalanceRecord[] = [];
      for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
        const res = await balanceApi.list(recordsParams(q, page, BALANCE_PAGE_SIZE));
        if (res.code !== 200) {
          toast('error', res.msg || 'The records could not be exported.');
          return;
        }
        rows.push(...(res.rows ?? []));
        if ((res.rows ?? []).length < BALANCE_PAGE_SIZE || rows.length >= (res.total ?? 0)) break;
      }
      await downloadCsv(recordsTable(rows.slice(0, EXPORT_MAX_ROWS)), exportFileName(q, new Date().toISOString().slice(0, 10)));
    } finally {
      setExporting(false);
    }
  };

  const pages = list ? pageCount(list.total, BALANCE_PAGE_SIZE) : 1;
  const ranged = q.from || q.to ? ' in these dates' : '';

  return (
    <div className="commerce balance-page">
      <h1>Balance</h1>
      <dl className="order-stats" aria-label="Balance summary">
        <div>
          <dt>Balance</dt>
          <dd>{list ? formatUsd(list.balance) : '–'}</dd>
        </div>
        <div>
          <dt>Paid for orders{ranged}</dt>
          <dd>{totals ? formatUsd(totals.totalPaid) : '–'}</dd>
        </div>
        <div>
          <dt>Topped up{ranged}</dt>
          <dd>{totals ? formatUsd(totals.toppedUp) : '–'}</dd>
        </div>
      </dl>

      <section className="card balance-topup" aria-labelledby="topup-title">
        <h2 id="topup-title">Top up</h2>
        <label className="topup-amount">
          Amount (USD){' '}
          <input
            inputMode="decimal"
            value={topUp}
            placeholder="50.00"
            aria-invalid={topUpProblem ? true : undefined}
            aria-describedby="topup-help"
            onChange={(e) => setTopUp(e.target.value)}
          />
        </label>
        <p id="topup-help" className={topUpProblem ? 'field-error' : 'muted small'} role={topUpProblem ? 'alert' : undefined}>
          {topUpProblem ?? `From ${formatUsd(TOPUP_MIN)} to ${formatUsd(TOPUP_MAX)}.`}
        </p>
        <div className="pay-methods">
          <ProviderPayments
            verb={topUpCents && !topUpProblem ? `Top up ${formatUsd(topUpCents)} with` : 'Top up with'}
            disabled={topUpCents === null || topUpProblem !== null}
            start={(m, idempotencyKey) => balanceApi.recharge(topUpCents ?? 0, m, idempotencyKey)}
            onPaid={async () => {
              toast('success', 'Your balance was topped up');
              setTopUp('');
              setReloads((n) => n + 1);
            }}
          />
        </div>
      </section>

      <form className="orders-tools balance-filter" aria-label="Filter the records" onSubmit={apply}>
        <label>
          Type{' '}
          <select
            value={draft.type ?? ''}
            onChange={(e) => setDraft({ ...draft, type: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">All types</option>
            {recordTypeChoices().map((c) => (
              <option key={c.type} value={c.type}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From <input type="date" value={draft.from ?? ''} onChange={(e) => setDraft({ ...draft, from: e.target.value || null })} />
        </label>
        <label>
          To <input type="date" value={draft.to ?? ''} onChange={(e) => setDraft({ ...draft, to: e.target.value || null })} />
        </label>
        <button type="submit" className="btn">
          Show records
        </button>
        {(q.type !== null || q.from || q.to) && (
          <Link to="/balance" className="link-btn">
            Clear filter
          </Link>
        )}
        <button type="button" className="btn" disabled={exporting || !list || list.total === 0} onClick={() => void exportCsv()}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
        {list && (
          <span className="muted" role="status">
            {list.total === 1 ? '1 record' : `${list.total} records`}
          </span>
        )}
      </form>

      {(problem || error) && (
        <p className="form-error" role="alert">
          {problem || error}
        </p>
      )}
      {!problem &&
        !error &&
        (list === null ? (
          <p className="page-loading" role="status">
            Loading records…
          </p>
        ) : list.rows.length === 0 ? (
          <div className="empty-state">
            <p>{q.type !== null || q.from || q.to ? 'No records match this filter.' : 'No payment records yet.'}</p>
          </div>
        ) : (
          <table className="orders-table balance-table" aria-label="Payment records">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Type</th>
                <th scope="col">Order</th>
                <th scope="col">Amount</th>
                <th scope="col">Balance change</th>
                <th scope="col">Balance after</th>
                <th scope="col">Remark</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((r) => (
                <tr key={r.id}>
                  <td>{shortTime(r.createTime)}</td>
                  <th scope="row">{r.typeName}</th>
                  <td>{r.orderNo ?? '–'}</td>
                  <td>{formatUsd(r.amount)}</td>
                  <td className={r.balanceChange < 0 ? 'money-out' : r.balanceChange > 0 ? 'money-in' : undefined}>
                    {r.balanceChange === 0 ? '–' : `${r.balanceChange > 0 ? '+' : ''}${formatUsd(r.balanceChange)}`}
                  </td>
                  <td>{formatUsd(r.balanceAfter)}</td>
                  <td>{r.remark}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {list && list.total > BALANCE_PAGE_SIZE && (
        <Pagination page={q.page} pages={pages} hrefFor={(n) => `/balance${balanceSearch({ ...q, page: n })}`} />
      )}
    </div>
  );
}
