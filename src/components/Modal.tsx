/**
 * The app's modal and confirmation dialogs, on the kit's Dialog (src/ui/Dialog.tsx): `Modal` keeps
 * its long-standing name and props so every caller stays as it was.
 */
import { Dialog, type DialogProps } from '../ui/Dialog';
import { Button } from '../ui/Button';

export type ModalProps = DialogProps;

export const Modal = Dialog;

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
        <Button onClick={props.onCancel}>{props.cancelText ?? 'Cancel'}</Button>
        <Button variant="primary" onClick={props.onConfirm} autoFocus>
          {props.confirmText ?? 'Confirm'}
        </Button>
      </div>
    </Modal>
  );
}
