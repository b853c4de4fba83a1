/** The header's popovers and menus: cart, coupons, store switch, user menu, logout confirmation. */
import { useState } from 'react';
import { Icon } from './Icon';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Popover } from './Popover';
import { ConfirmDialog } from './Modal';
import { session, logout } from '../stores/session';
import { requireLoginThen, ui } from '../stores/ui';
import { shortStoreName, userMenu } from '../nav';
import { CART_POPOVER_WIDTH } from '../../contract/constants';
import { Messages } from '../../contract/envelope';

export function CartPopover() {
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  return (
    <Popover label="Cart" width={CART_POPOVER_WIDTH} button={<><Icon name="cart" /> Cart</>}>
      <div className="empty-state small">
        <p>Your cart is empty.</p>
        <a className="btn primary" href="/all-products">Design product</a>
      </div>
      <button type="button" className="btn block" onClick={() => requireLoginThen(!!snap.loggedIn, () => navigate('/shopping-cart'))}>Go to cart</button>
    </Popover>
  );
}

export function CouponsPopover() {
  return (
    <Popover label="Coupons" button={<><Icon name="ticket" /> Coupons</>}>
      <p className="popover-title">0 items</p>
      <p className="muted">No coupons yet. New merchants get a sign-up coupon.</p>
      <a href="/coupons">See coupons</a>
    </Popover>
  );
}

export function StoreSwitch() {
  const snap = useSnapshot(session);
  const user = snap.user;
  const [confirm, setConfirm] = useState(false);
  if (!user || user.sShops.length === 0) return null;
  const current = user.sShops.find((s) => s.id === user.shopid);
  return (
    <>
      <Popover label="Switch store" button={<>{shortStoreName(current?.simplename ?? current?.myshopifyDomain)}</>}>
        <ul className="menu-list">
          {user.sShops.map((s) => (
            <li key={s.id}>
              <span>{shortStoreName(s.simplename ?? s.myshopifyDomain)}</span>
              {s.id === user.shopid ? <span className="tag">Now</span> : <button type="button" className="link-btn" disabled title="Store switching arrives with store connections">Switch</button>}
            </li>
          ))}
        </ul>
        <button type="button" className="btn block" onClick={() => { ui.addStoreDialog = true; }}>Add store</button>
        <button type="button" className="btn block" onClick={() => setConfirm(true)}>Log Out</button>
      </Popover>
      <LogoutConfirm open={confirm} onClose={() => setConfirm(false)} />
    </>
  );
}

export function LogoutConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <ConfirmDialog open={open} text={Messages.logoutConfirm} onCancel={onClose}
      onConfirm={async () => {
        onClose();
        await logout();
        navigate('/', { replace: true });
      }} />
  );
}

export function UserMenu() {
  const snap = useSnapshot(session);
  const [confirm, setConfirm] = useState(false);
  if (!snap.user) return null;
  return (
    <>
      <Popover label="Account menu" button={<><span className="avatar" aria-hidden>{snap.user.displayname.slice(0, 1).toUpperCase()}</span> {snap.user.displayname}</>}>
        <ul className="menu-list" aria-label="Account">
          {userMenu.map((m) => (
            <li key={m.to}><a href={m.to} target="_blank" rel="noopener">{m.label}{m.label === 'Orders' ? <span className="badge" aria-label="0 pending">0</span> : null}</a></li>
          ))}
          <li><button type="button" className="link-btn" onClick={() => setConfirm(true)}>Log out</button></li>
        </ul>
      </Popover>
      <LogoutConfirm open={confirm} onClose={() => setConfirm(false)} />
    </>
  );
}
