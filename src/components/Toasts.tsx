import { useSnapshot } from 'valtio';
import { ui } from '../state/ui';
import { Toaster } from '../ui/Toast';

/** The app's toasts (raised with `toast()` from state/ui), shown by the kit's Toaster. */
export function Toasts() {
  const snap = useSnapshot(ui);
  return <Toaster toasts={snap.toasts} />;
}

export function LoadingBar() {
  const snap = useSnapshot(ui);
  return snap.loading ? <div className="loading-bar" role="progressbar" aria-label="Loading" /> : null;
}
