/** Etsy's required trademark notice, shown before the merchant is sent to authorise. */
import { ConfirmDialog } from '../Modal';
import { StoreMessages } from '../../../contract/stores';

export function EtsyDisclaimer({ open, onAgree, onCancel }: { open: boolean; onAgree: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Etsy"
      text={StoreMessages.etsyDisclaimer}
      confirmText="Continue to Etsy"
      onConfirm={onAgree}
      onCancel={onCancel}
    />
  );
}
