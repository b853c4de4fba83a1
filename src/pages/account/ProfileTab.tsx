/** The account's profile as the server knows it: e-mail, display name, gender, current store. */
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session';
import { storeLabel, storeTypeName } from '../../components/stores/logic';

const GENDER: Record<number, string> = { 1: 'Male', 2: 'Female' };

export function ProfileTab() {
  const user = useSnapshot(session).user;
  if (!user) return null;
  const current = user.sShops.find((s) => s.id === user.shopid);
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <dl className="profile-list">
        <dt>Email</dt><dd>{user.sShopUser.email.email}</dd>
        <dt>Display name</dt><dd>{user.displayname || '—'}</dd>
        <dt>Gender</dt><dd>{GENDER[user.gender] ?? 'Not set'}</dd>
        <dt>Current store</dt><dd>{current ? `${storeLabel(current)} (${storeTypeName(current.type)})` : 'No store connected'}</dd>
        {user.sShopUser.taxNumber && <><dt>Tax number</dt><dd>{user.sShopUser.taxNumber}</dd></>}
      </dl>
    </section>
  );
}
