/**
 * /notification: the merchant's messages (platform message, notice, product complete, product
 * details), newest first, unread ones marked; mark one or all read; paging lives in the address so
 * it survives a reload.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messageApi } from '../../api/account';
import { Pagination } from '../../components/catalog/Pagination';
import { refreshUnread } from './unread';
import { PAGE_SIZES } from '../../../contract/constants';
import { MESSAGE_TYPE_NAMES, type ShopMessage } from '../../../contract/account';
import '../../styles/account.css';

const DEFAULT_SIZE = 10;

function readQuery(params: URLSearchParams): { pageNum: number; pageSize: number } {
  const pageNum = Math.max(1, Math.floor(Number(params.get('pageNum')) || 1));
  const size = Number(params.get('pageSize'));
  return { pageNum, pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE };
}

export function NotificationPage() {
  const [params, setParams] = useSearchParams();
  const { pageNum, pageSize } = readQuery(params);
  const [list, setList] = useState<{ rows: ShopMessage[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    const res = await messageApi.list(pageNum, pageSize);
    if (res.code === 200) {
      setList({ rows: res.rows ?? [], total: res.total ?? 0 });
      setFailed(false);
    } else if (res.code !== 100) setFailed(true);
  }, [pageNum, pageSize]);
  useEffect(() => {
    void load();
  }, [load]);

  async function markRead(ids: number[] | 'all') {
    const res = await messageApi.markRead(ids);
    if (res.code !== 200) return;
    await Promise.all([load(), refreshUnread()]);
  }

  const pages = Math.max(1, Math.ceil((list?.total ?? 0) / pageSize));
  const anyUnread = list?.rows.some((r) => !r.hasRead) ?? false;
  const search = (n: number, size = pageSize) => `/notification?pageNum=${n}&pageSize=${size}`;
  return (
    <section className="notification-page" aria-labelledby="notification-title">
      <div className="section-head">
        <h1 id="notification-title">Notifications</h1>
        <div className="form-actions">
          <label>
            Per page{' '}
            <select value={pageSize} onChange={(e) => setParams({ pageNum: '1', pageSize: e.target.value })}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn small" disabled={!anyUnread} onClick={() => void markRead('all')}>
            Mark all as read
          </button>
        </div>
      </div>
      {failed ? (
        <p role="alert">
          The messages could not be loaded.{' '}
          <button type="button" className="link-btn" onClick={() => void load()}>
            Try again
          </button>
        </p>
      ) : list === null ? (
        <p className="page-loading" role="status">
          Loading messages…
        </p>
      ) : list.rows.length === 0 ? (
        <div className="empty-state">
          <p>No messages yet.</p>
        </div>
      ) : (
        <ul className="message-list" aria-label="Messages">
          {list.rows.map((m) => (
            <li key={m.id} className={m.hasRead ? undefined : 'unread'}>
              <div className="message-head">
                <span className="tag">{MESSAGE_TYPE_NAMES[m.type] ?? 'Message'}</span>
                {!m.hasRead && <span className="tag warn">Unread</span>}
                <time className="muted small" dateTime={m.createTime}>
                  {new Date(m.createTime).toLocaleString('en-US')}
                </time>
              </div>
              <p className="message-title">{m.title}</p>
              {m.content && <p className="muted">{m.content}</p>}
              {!m.hasRead && (
                <button type="button" className="link-btn" aria-label={`Mark "${m.title}" as read`} onClick={() => void markRead([m.id])}>
                  Mark as read
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={Math.min(pageNum, pages)} pages={pages} hrefFor={(n) => search(n)} />
    </section>
  );
}
