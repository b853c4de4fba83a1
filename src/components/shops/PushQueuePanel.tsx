/**
 * The push queue of the current store: each push with its status and the store's message, unread
 * messages marked read, pushed products taken off the shelf. Reloads after every push from this
 * page and every 100 s while something is on its way. Mount it on the My Products page:
 * <PushQueuePanel />.
 */
import { useCallback, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { storesApi, rowsOf } from '../../api/shops';
import { toast } from '../../state/ui';
import { PUSH_STATUS_LABEL, queueNeedsPolling } from './logic';
import { pushQueue, queueChanged } from './state';
import { PUSH_QUEUE_POLL_MS, ShopMessages, type PushQueueItem } from '../../../contract/shops';
import '../../styles/shops.css';

async function loadQueue(): Promise<void> {
  const res = await storesApi.queue();
  if (res.code !== 200) return;
  pushQueue.items = rowsOf<PushQueueItem>(res);
  pushQueue.loaded = true;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function PushQueuePanel() {
  const snap = useSnapshot(pushQueue);
  const items = snap.items as readonly PushQueueItem[];
  const polling = queueNeedsPolling(items);
  const reload = useCallback(() => void loadQueue(), []);

  useEffect(() => {
    reload();
  }, [snap.version, reload]);
  useEffect(() => {
    if (!polling) return;
    const t = setInterval(reload, PUSH_QUEUE_POLL_MS);
    return () => clearInterval(t);
  }, [polling, reload]);

  const unread = items.filter((i) => !i.hasRead && (i.status === 'done' || i.status === 'failed'));

  async function markRead(ids: number[]) {
    const res = await storesApi.markRead(ids);
    if (res.code === 200) queueChanged();
  }

  async function downshelf(item: PushQueueItem) {
    const res = await storesApi.downshelf(item.myProductId);
    if (res.code === 200) {
      toast('success', res.msg || ShopMessages.downshelfDone);
      queueChanged();
    }
  }

  return (
    <section className="push-queue" aria-labelledby="push-queue-title">
      <header className="push-queue-head">
        <h2 id="push-queue-title">Push queue</h2>
        <div className="push-queue-actions">
          {unread.length > 0 && (
            <button type="button" className="btn small" onClick={() => void markRead(unread.map((i) => i.id))}>
              Mark all as read
            </button>
          )}
          <button type="button" className="btn small" onClick={reload}>
            Refresh
          </button>
        </div>
      </header>
      {!snap.loaded ? (
        <p className="muted" role="status">
          Loading the push queue…
        </p>
      ) : items.length === 0 ? (
        <p className="muted">Nothing has been pushed to this store yet.</p>
      ) : (
        <table className="push-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Action</th>
              <th scope="col">Status</th>
              <th scope="col">Message</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.id} className={!i.hasRead && (i.status === 'done' || i.status === 'failed') ? 'unread' : undefined}>
                <th scope="row">{i.title || `Product ${i.myProductId}`}</th>
                <td>{i.action === 'push' ? 'Push' : 'Take off shelf'}</td>
                <td>
                  <span className={`push-status ${i.status}`}>{PUSH_STATUS_LABEL[i.status]}</span>
                </td>
                <td className="push-message">{i.message}</td>
                <td>{when(i.updateTime)}</td>
                <td className="push-row-actions">
                  {!i.hasRead && (i.status === 'done' || i.status === 'failed') && (
                    <button
                      type="button"
                      className="link-btn"
                      aria-label={`Mark ${i.title || 'message'} as read`}
                      onClick={() => void markRead([i.id])}
                    >
                      Mark read
                    </button>
                  )}
                  {i.action === 'push' && i.status === 'done' && (
                    <button
                      type="button"
                      className="link-btn"
                      aria-label={`Take ${i.title || 'product'} off the shelf`}
                      onClick={() => void downshelf(i)}
                    >
                      Take off shelf
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
