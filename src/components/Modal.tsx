/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside)
 * and Escape or an outside click closes it, unless `dismissible` is false (confirmations and
 * notices that must be answered with their own buttons).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /**
   * Escape and outside clicks close it (default true); 'escape': only Escape does (a large
   * working dialog a stray click beside it must not close). Closing goes through onClose, so a
   * dialog with unsaved work can ask first.
   */
  dismissible?: boolean | 'escape';
  showClose?: boolean;
}

export function Modal({ open, title, onClose, children, width = 440, dismissible = true, showClose = true }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      style={{ width }}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(e) => {
        if (dismissible === true && e.target === ref.current) onClose();
      }}
    >
      <div className="modal-inner">
        <header className="modal-head">
          <h2 id={titleId}>{title}</h2>
          {showClose && (
            <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </header>
        {open && children}
      </div>
    </dialog>
  );
}

export function ConfirmDialog(props: {
  open: boolean;
  title?: string;
  text: string;
  confirmText?: string;
  cancelText?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={props.open} title={props.title ?? 'Message'} onClose={props.onCancel} dismissible={false} width={400}>
      <p className="confirm-text">{props.text}</p>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={props.onCancel}>
          {props.cancelText ?? 'Cancel'}
        </button>
        <button type="button" className="btn primary" onClick={props.onConfirm} autoFocus>
          {props.confirmText ?? 'Confirm'}
        </button>
      </div>
    </Modal>
  );
}
