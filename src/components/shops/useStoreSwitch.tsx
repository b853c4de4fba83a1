/**
 * Switching the current store: the current store is refused with a message; another one is
 * confirmed first because the page reloads to show that store's data. Used by the header's store
 * switch and the Stores tab of Account & Settings.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../Modal';
import { storesApi } from '../../api/shops';
import { toast } from '../../state/ui';
import { ShopMessages } from '../../../contract/shops';

export interface SwitchTarget {
  id: number;
  name: string;
}

export function useStoreSwitch(currentId: number | null) {
  const [target, setTarget] = useState<SwitchTarget | null>(null);

  const request = (t: SwitchTarget) => {
    if (t.id === currentId) {
      toast('warning', ShopMessages.alreadyCurrent);
      return;
    }
    setTarget(t);
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title="Switch store"
      confirmText="Switch"
      text={target ? `Switch to ${target.name}? The page reloads to show that store's products and orders.` : ''}
      onCancel={() => setTarget(null)}
      onConfirm={async () => {
        const t = target;
        setTarget(null);
        if (!t) return;
        const res = await storesApi.switchStore(t.id);
        if (res.code === 200) window.location.reload();
      }}
    />
  );
  return { request, dialog };
}
