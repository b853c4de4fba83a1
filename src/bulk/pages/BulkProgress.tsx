/**
 * A running or finished bulk job: the progress bar (mockups done of all, products finished, time
 * left), each product's state with its first mockup once rendered, cancel, retry of the failed
 * ones, and saving everything rendered as the merchant's products.
 */
import { useSnapshot } from 'valtio';
import { bulk, cancelRender, discardJob, render, retryFailedItems } from '../run/runner';
import { formatSeconds, progressOf, secondsLeft, type ItemState } from '../model/job';
import { Button } from '../../ui/Button';

const STATE_LABEL: Record<ItemState, string> = {
  pending: 'Waiting',
  rendering: 'Rendering',
  rendered: 'Ready',
  failed: 'Failed',
  saved: 'Saved',
};

export function BulkProgress({ onSave }: { onSave: () => void }) {
  const snap = useSnapshot(bulk);
  const job = snap.job;
  if (!job) return null;
  const p = progressOf(job);
  const pct = p.mockupsTotal > 0 ? Math.round((100 * p.mockupsDone) / p.mockupsTotal) : 0;
  const pending = job.items.filter((it) => it.state === 'pending' || it.state === 'rendering').length;
  const left = snap.running ? secondsLeft(pending, snap.finishedThisRun, performance.now() - snap.runStartedAt) : null;
  const canSave = !snap.running && !snap.saving && pending === 0 && job.items.some((it) => it.state === 'rendered');

  return (
    <section className="card bulk-section" aria-labelledby="bulk-progress-h">
      <h2 id="bulk-progress-h">{pending > 0 ? 'Rendering mockups' : 'Mockups ready'}</h2>
      <div className="bulk-progress">
        <div
          role="progressbar"
          aria-label="Mockups rendered"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          className="bulk-bar"
        >
          <span style={{ width: `${pct}%` }} />
        </div>
        <p role="status" aria-live="polite">
          {p.finished} / {p.total} products · {p.mockupsDone} / {p.mockupsTotal} mockups
          {p.failed > 0 ? ` · ${p.failed} failed` : ''}
          {left !== null && pending > 0 ? ` · about ${formatSeconds(left)} left` : ''}
        </p>
      </div>
      <div className="bulk-actions">
        {snap.running ? (
          <Button onClick={cancelRender}>Cancel</Button>
        ) : (
          job.items.some((it) => it.state === 'pending') && <Button onClick={() => void render()}>Continue rendering</Button>
        )}
        {!snap.running && p.failed > 0 && <Button onClick={() => void retryFailedItems()}>Retry failed</Button>}
        <Button variant="primary" disabled={!canSave} onClick={onSave}>
          {snap.saving ? 'Saving…' : 'Save all and set prices'}
        </Button>
        <button type="button" className="link-btn" disabled={snap.saving} onClick={() => void discardJob()}>
          Discard this bulk design
        </button>
      </div>
      {snap.message && (
        <p role="alert" className="field-error">
          {snap.message}
        </p>
      )}
      <ul className="bulk-items" aria-label="Products in this bulk design">
        {job.items.map((it) => (
          <li key={it.key} className={`bulk-item is-${it.state}`}>
            {it.images[0]?.thumbnailUrl ? (
              <img src={it.images[0].thumbnailUrl} alt={`${it.productTitle} mockup`} width={96} height={96} />
            ) : (
              <span className="bulk-item-ph" aria-hidden />
            )}
            <span className="bulk-item-title">{it.title ?? it.productTitle}</span>
            <span className="bulk-item-state">
              {STATE_LABEL[it.state]}
              {it.state === 'rendering' && it.total > 0 ? ` ${it.done}/${it.total}` : ''}
            </span>
            {it.error && <span className="field-error">{it.error}</span>}
          </li>
        ))}
      </ul>
      {job.rejected.length > 0 && (
        <div role="alert" className="bulk-rejected">
          <h3>Rows not created</h3>
          <ul>
            {job.rejected.map((r) => (
              <li key={r.row}>
                Row {r.row}: {r.msg}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
