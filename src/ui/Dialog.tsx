/**
 * The kit's modal dialog, on Radix's Dialog: focus moves in on open, is trapped inside, and goes
 * back to the opener on close; the page behind is hidden from screen readers and scroll-locked.
 *
 * Every way of closing — the × button, Escape, a click on the overlay — calls the one `onClose`, so
 * a dialog holding unsaved work can ask first and stay open. `dismissible` says which of them may
 * close it besides its own buttons.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /**
   * Escape and outside clicks close it (default true); 'escape': only Escape does (a large
   * working dialog a stray click beside it must not close); false: only its own buttons do
   * (confirmations and notices that must be answered).
   */
  dismissible?: boolean | 'escape';
  showClose?: boolean;
  /** An extra class on the panel (its layout inside stays the caller's). */
  className?: string;
}

/**
 * Focus goes back to whatever had it when the dialog opened (these dialogs open from state, not
 * from a Radix trigger, so Radix has no trigger to return to), if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (e: Event) => {
      e.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    },
  };
}

/** A press on a toast (in the top layer, above every dialog) is not a press beside the dialog. */
function onToast(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('.toasts') !== null;
}

export function Dialog({ open, title, onClose, children, width = 440, dismissible = true, showClose = true, className }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-dialog-overlay" />
        <RadixDialog.Content
          className={className ? `modal ${className}` : 'modal'}
          style={{ width }}
          // The dialogs carry their text in their body; none has a separate description.
          aria-describedby={undefined}
          {...returnFocus}
          onEscapeKeyDown={(e) => {
            e.preventDefault();
            if (dismissible) onClose();
          }}
          onPointerDownOutside={(e) => {
            e.preventDefault();
            if (dismissible === true && !onToast(e.target)) onClose();
          }}
          // Focus leaving for a toast or another layer never closes a dialog by itself.
          onFocusOutside={(e) => e.preventDefault()}
        >
          <div className="modal-inner">
            <header className="modal-head">
              <RadixDialog.Title>{title}</RadixDialog.Title>
              {showClose && (
                <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
                  ×
                </button>
              )}
            </header>
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
