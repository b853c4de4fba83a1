import { useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { ui } from '../state/ui';

/**
 * The toasts live in a manual popover, in the browser's top layer: a modal dialog is there too
 * and covers everything outside it (z-index cannot lift anything above it), so a toast raised
 * while a dialog is open ("Uploaded successfully" in the designer) would sit behind its backdrop.
 * Showing the popover again whenever a toast arrives puts it above the newest dialog.
 */
export function Toasts() {
  const snap = useSnapshot(ui);
  const ref = useRef<HTMLDivElement>(null);
  const count = snap.toasts.length;
  const newest = snap.toasts[count - 1]?.id;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (count > 0) el.showPopover();
  }, [count, newest]);
  return (
    <div ref={ref} className="toasts" popover="manual" aria-live="polite">
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
