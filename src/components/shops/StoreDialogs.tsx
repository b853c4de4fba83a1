/** The store dialogs any page can open, mounted once beside the other global dialogs. */
import { AddStoreDialog } from './AddStoreDialog';
import { StoreAuthDialog } from './StoreAuthDialog';
import { UpgradePrompt } from './UpgradePrompt';

export function StoreDialogs() {
  return (
    <>
      <AddStoreDialog />
      <StoreAuthDialog />
      <UpgradePrompt />
    </>
  );
}
