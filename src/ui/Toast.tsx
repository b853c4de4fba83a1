/**
 * The kit's toasts. They live in a manual popover, in the browser's top layer: that layer is
 * painted above everything else on the page whatever its z-index, dialogs and their overlays
 * included (and above a native modal <dialog>, which is in the top layer too), so a toast raised
 * while a dialog is open ("Uploaded successfully" in the designer) is never behind its overlay.
 * Showing the popover again whenever a toast arrives puts it above the newest top-layer element.
 * The region is a polite live region, which the dialogs' screen-reader hiding leaves alone.
 */
import { useLayoutEffect, useRef } from 'react';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

export function Toast({ kind, text }: { kind: ToastKind; text: string }) {
  return (
    <div className={`toast ${kind}`} role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}>
      {text}
    </div>
  );
}

export function Toaster({ toasts }: { toasts: readonly ToastItem[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const count = toasts.length;
  const newest = toasts[count - 1]?.id;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (count > 0) el.showPopover();
  }, [count, newest]);
  return (
    <div ref={ref} className="toasts" popover="manual" aria-live="polite">
      {toasts.map((t) => (
        <Toast key={t.id} kind={t.kind} text={t.text} />
      ))}
    </div>
  );
}
