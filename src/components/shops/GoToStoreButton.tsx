/** The top bar's go-to-store icon: nothing without user info; no store opens the authorisation dialog. */
import { useSnapshot } from 'valtio';
import { Icon } from '../Icon';
import { session } from '../../state/session';
import { goToStoreTarget } from './logic';
import { openStoreAuth } from './state';

export function GoToStoreButton() {
  const user = useSnapshot(session).user;
  const go = () => {
    if (!user) return;
    const t = goToStoreTarget(user);
    if (t.kind === 'authorize') openStoreAuth(1);
    else if (t.kind === 'open') window.open(t.url, '_blank', 'noopener');
  };
  return (
    <button type="button" className="icon-btn" aria-label="Go to store" onClick={go}>
      <Icon name="store" />
    </button>
  );
}
