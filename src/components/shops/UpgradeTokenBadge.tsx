/**
 * The badge for merchants whose Shopify store is still connected through the old private-app token
 * (apiType 1 on a Shopify store, the "upgraded-token flag"): 'Upgrade Your Private API token'
 * opens the store authorisation for that store, which connects it through the current app.
 * Shown only to a logged-in merchant with the flag.
 */
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { openStoreAuth } from './state';
import { needsTokenUpgrade, ShopMessages } from '../../../contract/shops';
import '../../styles/upgrade-token.css';

export function UpgradeTokenBadge() {
  const snap = useSnapshot(session);
  const user = snap.user;
  if (!snap.loggedIn || !user || !needsTokenUpgrade(user)) return null;
  return (
    <button type="button" className="badge upgrade-token-badge" onClick={() => openStoreAuth(2, user.domain ?? '')}>
      {ShopMessages.upgradeTokenBadge}
    </button>
  );
}
