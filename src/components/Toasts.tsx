import { useSnapshot } from 'valtio';
import { ui } from '../state/ui';

export function Toasts() {
  const snap = useSnapshot(ui);
  return (
    <div className="toasts" aria-live="polite">
      {snap.toasts.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'error' || t.kind === 'warning' ? 'alert' : 'status'}>
          {t.text}
        </div>
      ))}
    </div>
  );
}

export function LoadingBar() {
  const snap = useSnapshot(ui);
  return snap.loading ? <div className="loading-bar" role="progressbar" aria-label="Loading" /> : null;
}
