/**
 * "Push to store" for one saved product. Applies the store-type rule and the old-token upgrade
 * prompt, checks a Shopify store's token (10003/10004 open their notices), sends Etsy to its
 * listing dialog, then queues the product for the current store and says so. Mount it on a My
 * Products card: <PushToStoreButton productId={id} title={title} />.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { toast, ui } from '../../state/ui';
import { storesApi } from '../../api/shops';
import { pushDecision } from './logic';
import { queueChanged, storeDialogs } from './state';
import { EtsyPushDialog } from './EtsyPushDialog';
import { ShopMessages, ShopType } from '../../../contract/shops';

export function PushToStoreButton({
  productId,
  title,
  className = 'btn small',
}: {
  productId: number;
  title?: string;
  className?: string;
}) {
  const user = useSnapshot(session).user;
  const [busy, setBusy] = useState(false);
  const [etsy, setEtsy] = useState(false);

  async function push() {
    if (!user || busy) return;
    switch (pushDecision(user)) {
      case 'no-store':
        toast('warning', ShopMessages.noStore);
        ui.addStoreDialog = true;
        return;
      case 'upgrade':
        storeDialogs.upgrade = true;
        return;
      case 'refused':
        toast('warning', ShopMessages.storeTypeCannotPush);
        return;
      case 'etsy':
        setEtsy(true);
        return;
      case 'queue': {
        setBusy(true);
        // A Shopify store may have removed the app or changed its permissions since it connected.
        const check = user.type === ShopType.SHOPIFY ? await storesApi.checkShopifyToken() : null;
        const res = check && check.code !== 200 ? null : await storesApi.queuePush(productId);
        setBusy(false);
        if (res?.code === 200) {
          toast('success', res.msg || ShopMessages.pushQueued);
          queueChanged();
        }
      }
    }
  }

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={busy}
        onClick={() => void push()}
        aria-label={title ? `Push ${title} to store` : undefined}
      >
        {busy ? 'Pushing…' : 'Push to store'}
      </button>
      <EtsyPushDialog productId={productId} open={etsy} onClose={() => setEtsy(false)} />
    </>
  );
}
