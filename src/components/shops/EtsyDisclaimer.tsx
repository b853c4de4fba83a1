/** Etsy's required trademark notice, shown before the merchant is sent to authorise. */
import { ConfirmDialog } from '../Modal';
import { ShopMessages } from '../../../contract/shops';

export function EtsyDisclaimer({ open, onAgree, onCancel }: { open: boolean; onAgree: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Etsy"
      text={ShopMessages.etsyDisclaimer}
      confirmText="Continue to Etsy"
      onConfirm={onAgree}
      onCancel={onCancel}
    />
  );
}
