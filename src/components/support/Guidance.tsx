/**
 * The new merchant's guide on the dashboard: the steps from connecting a store to meeting the
 * customer service manager, each marked done when the account shows it, with the way to do it.
 * A step can be hidden, or the whole guide; the server keeps what was hidden per merchant, so it
 * stays hidden on every device. The last step subscribes to "Custom made for you".
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { supportApi } from '../../api/support';
import { ui } from '../../state/ui';
import { chatPanel } from './ServiceChat';
import type { GuidanceStep, GuidanceStepKey } from '../../../contract/support';
import '../../styles/support.css';

function StepAction({ step, subscribed, onSubscribe }: { step: GuidanceStepKey; subscribed: boolean; onSubscribe: (on: boolean) => void }) {
  switch (step) {
    case 'connect-store':
      return (
        <button
          type="button"
          className="btn small"
          onClick={() => {
            ui.addStoreDialog = true;
          }}
        >
          Connect a store
        </button>
      );
    case 'design-product':
      return (
        <Link className="btn small" to="?design=new">
          Start designing
        </Link>
      );
    case 'push-product':
      return (
        <Link className="btn small" to="/my-products">
          Go to My Products
        </Link>
      );
    case 'order-sample':
      return (
        <Link className="btn small" to="/all-products">
          Browse products
        </Link>
      );
    case 'meet-manager':
      return (
        <button
          type="button"
          className="btn small"
          onClick={() => {
            chatPanel.open = true;
          }}
        >
          Open the chat
        </button>
      );
    case 'custom-made':
      return subscribed ? (
        <button type="button" className="link-btn" onClick={() => onSubscribe(false)}>
          Unsubscribe
        </button>
      ) : (
        <button type="button" className="btn small" onClick={() => onSubscribe(true)}>
          Subscribe
        </button>
      );
  }
}

export function Guidance() {
  const [steps, setSteps] = useState<GuidanceStep[] | null>(null);
  const [subscribed, setSubscribed] = useState(false);

  const load = useCallback(async () => {
    const res = await supportApi.guidance();
    if (res.code !== 200) return;
    setSteps(res.rows ?? []);
    setSubscribed(res.customizedSubscribed === true);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const close = async (id: number | 'all') => {
    const res = await supportApi.closeGuidance(id);
    if (res.code === 200) await load();
  };

  const subscribe = async (on: boolean) => {
    const res = await supportApi.customizedSubscribe(on);
    if (res.code === 200) await load();
  };

  const open = steps?.filter((s) => !s.closed) ?? [];
  if (open.length === 0) return null;
  const done = steps?.filter((s) => s.done).length ?? 0;
  return (
    <section className="card guidance" aria-labelledby="guidance-h">
      <div className="guidance-head">
        <h2 id="guidance-h">Getting started</h2>
        <p className="muted small">
          {done} of {steps?.length ?? 0} steps done
        </p>
        <button type="button" className="link-btn" onClick={() => void close('all')}>
          Hide the guide
        </button>
      </div>
      <ol className="guidance-steps">
        {open.map((s) => (
          <li key={s.id} className={s.done ? 'guidance-step done' : 'guidance-step'} aria-labelledby={`guidance-step-${s.id}`}>
            <span className="guidance-mark" aria-hidden="true">
              {s.done ? '✓' : s.id}
            </span>
            <div className="guidance-body">
              <h3 id={`guidance-step-${s.id}`}>
                {s.title}
                {s.done && <span className="visually-hidden"> (done)</span>}
              </h3>
              <p className="muted small">{s.text}</p>
            </div>
            <div className="guidance-actions">
              {(!s.done || s.key === 'custom-made') && (
                <StepAction step={s.key} subscribed={subscribed} onSubscribe={(on) => void subscribe(on)} />
              )}
              <button type="button" className="link-btn" aria-label={`Hide the step ${s.title}`} onClick={() => void close(s.id)}>
                Hide
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
