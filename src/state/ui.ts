/** UI state that is not the document: toasts, the request loading indicator, global dialogs. */
import { proxy } from 'valtio';
import { LOADING_DEBOUNCE_MS, TOAST_MS } from '../../contract/constants';
import type { ToastItem, ToastKind } from '../ui/Toast';

export type { ToastKind };
export type Toast = ToastItem;

export const ui = proxy({
  toasts: [] as Toast[],
  loading: false,
  loginDialog: false,
  addStoreDialog: false,
  /** A dialog for codes 10003/10004 (store not installed, permissions updated). */
  storeNotice: null as null | { code: number; text: string; link?: string },
});

let toastSeq = 0;
/** Only one error toast at a time: a new one replaces the old. */
export function toast(kind: ToastKind, text: string, ms: number = TOAST_MS): void {
  if (kind === 'error') ui.toasts = ui.toasts.filter((t) => t.kind !== 'error');
  const id = ++toastSeq;
  ui.toasts.push({ id, kind, text });
  setTimeout(() => {
    ui.toasts = ui.toasts.filter((t) => t.id !== id);
  }, ms);
}

let inFlight = 0;
let hideTimer: ReturnType<typeof setTimeout> | null = null;
/** Counted across requests; hides only after all finish and 300 ms passed with none new. */
export function loadingStart(): void {
  inFlight++;
  if (hideTimer) {
    clearTimeout(hideTimer);
    hideTimer = null;
  }
  ui.loading = true;
}
export function loadingEnd(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight > 0) return;
  if (hideTimer) clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    if (inFlight === 0) ui.loading = false;
  }, LOADING_DEBOUNCE_MS);
}

/** Runs `then` once the merchant is logged in: now, or after the login dialog succeeds. */
let afterLogin: (() => void) | null = null;
export function requireLoginThen(loggedIn: boolean, then: () => void): void {
  if (loggedIn) return then();
  afterLogin = then;
  ui.loginDialog = true;
}
export function takeAfterLogin(): (() => void) | null {
  const f = afterLogin;
  afterLogin = null;
  return f;
}
