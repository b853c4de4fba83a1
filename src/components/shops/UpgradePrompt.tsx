/**
 * The old private-app token prompt (a push with apiType 1 and type 6): 'Upgrade Now' opens the
 * store authorisation for the current store; Cancel warns 'Cancel push'.
 */
import { useSnapshot } from 'valtio';
import { ConfirmDialog } from '../Modal';
import { session } from '../../state/session';
import { toast } from '../../state/ui';
import { openStoreAuth, storeDialogs } from './state';
import { ShopMessages } from '../../../contract/shops';

export function UpgradePrompt() {
  const snap = useSnapshot(storeDialogs);
  const user = useSnapshot(session).user;
  return (
    <ConfirmDialog
      open={snap.upgrade}
      text={ShopMessages.upgradePrompt}
      confirmText={ShopMessages.upgradeNow}
      onCancel={() => {
        storeDialogs.upgrade = false;
        toast('warning', ShopMessages.cancelPush);
      }}
      onConfirm={() => {
        storeDialogs.upgrade = false;
        openStoreAuth(2, user?.domain ?? '');
      }}
    />
  );
}
