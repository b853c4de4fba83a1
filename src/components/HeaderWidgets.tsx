/** The header's popovers and menus: cart, coupons, store switch, user menu, logout confirmation. */
import { useEffect, useState } from 'react';
import { Icon } from './Icon';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Popover } from './Popover';
import { ConfirmDialog } from './Modal';
import { session, logout } from '../state/session';
import { requireLoginThen, toast, ui } from '../state/ui';
import { cart, cartItems, deleteCartItem } from '../state/cart';
import { couponApi, orderApi } from '../api/commerce';
import { CART_DELETE_CONFIRM } from '../pages/commerce/texts';
import { formatUsd, type CartGroup, type CartItem } from '../../contract/commerce';
import '../styles/commerce.css';
import { shortStoreName, userMenu } from '../nav';
import { useStoreSwitch } from './shops/useStoreSwitch';
import { CART_POPOVER_WIDTH } from '../../contract/constants';
import { Messages } from '../../contract/envelope';
import { counted } from '../text/counted';

export function CartPopover() {
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const c = useSnapshot(cart);
  const [confirm, setConfirm] = useState<CartItem | null>(null);
  const items = cartItems(c.groups as CartGroup[] | null);
  const loggedIn = snap.loggedIn === true;
  const count = loggedIn ? c.count : 0;
  const goToCart = () => requireLoginThen(loggedIn, () => navigate('/shopping-cart'));
  return (
    <>
      <Popover
        label={`Cart, ${counted(count, 'item')}`}
        width={CART_POPOVER_WIDTH}
        button={
          <>
            <Icon name="cart" /> Cart{' '}
            {count > 0 && (
              <span className="badge" aria-hidden>
                {count}
              </span>
            )}
          </>
        }
      >
        {loggedIn && items.length > 0 ? (
          <>
            <p className="popover-title">{counted(count, 'item')} in your cart</p>
            <ul className="mini-cart" aria-label="Cart items">
              {items.map((i) => (
                <li key={i.id}>
                  {i.imagefirst ? <img src={`${i.imagefirst}?size=4`} alt="" width={44} height={44} /> : <span className="mini-cart-img" />}
                  <span className="mini-cart-text">
                    <span className="mini-cart-title">{i.title}</span>
                    <span className="muted small">
                      {i.variantTitle} · {formatUsd(i.cost)} × {i.quantity}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="link-btn"
                    aria-label={`Delete ${i.title} ${i.variantTitle}`}
                    onClick={() => setConfirm(i)}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
            <p className="mini-cart-sum">
              Subtotal <strong>{formatUsd(c.subtotal)}</strong>
            </p>
          </>
        ) : (
          <div className="empty-state small">
            <p>Your cart is empty.</p>
            <Link className="btn primary" to="/all-products">
              Design product
            </Link>
          </div>
        )}
        <button type="button" className="btn block" onClick={goToCart}>
          Go to cart
        </button>
      </Popover>
      <ConfirmDialog
        open={confirm !== null}
        text={CART_DELETE_CONFIRM}
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          const item = confirm;
          setConfirm(null);
          if (item && (await deleteCartItem(item.id))) toast('success', 'Deleted from the cart');
        }}
      />
    </>
  );
}

export function CouponsPopover() {
  const snap = useSnapshot(session);
  const [usable, setUsable] = useState<{ total: number; titles: string[] } | null>(null);
  const loggedIn = snap.loggedIn === true;
  useEffect(() => {
    if (!loggedIn) {
      setUsable(null);
      return;
    }
    let live = true;
    void couponApi.mine({ status: 0, pageSize: 5 }, true).then((res) => {
      if (live && res.code === 200) setUsable({ total: res.total ?? 0, titles: (res.rows ?? []).map((r) => r.title) });
    });
    return () => {
      live = false;
    };
  }, [loggedIn]);
  const total = usable?.total ?? 0;
  return (
    <Popover
      label="Coupons"
      button={
        <>
          <Icon name="ticket" /> Coupons
        </>
      }
    >
      <p className="popover-title">{counted(total, 'item')}</p>
      {loggedIn ? (
        total > 0 ? (
          <ul className="menu-list coupon-mini" aria-label="Your coupons">
            {usable!.titles.map((t, i) => (
              <li key={`${i}-${t}`}>{t}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">No usable coupons right now.</p>
        )
      ) : (
        <p className="muted">Register to get a sign-up coupon.</p>
      )}
      <Link to="/coupons">See coupons</Link>
    </Popover>
  );
}

/** The sign-up coupon teaser: visitors' hint that registering brings a coupon. */
export function SignupCouponTeaser() {
  return (
    <Link to="/register" className="teaser" title="New merchants get a coupon for their first order">
      <Icon name="gift" /> Sign-up coupon
    </Link>
  );
}

/** The store switch popover: Now for the current store, Switch for the others, then Add store and Log Out. */
export function StoreSwitch() {
  const snap = useSnapshot(session);
  const user = snap.user;
  const [confirm, setConfirm] = useState(false);
  const { request: switchTo, dialog: switchDialog } = useStoreSwitch(user?.shopid ?? null);
  if (!user || user.sShops.length === 0) return null;
  const current = user.sShops.find((s) => s.id === user.shopid);
  return (
    <>
      <Popover label="Switch store" button={<>{shortStoreName(current?.simplename ?? current?.myshopifyDomain)}</>}>
        <ul className="menu-list store-switch-list" aria-label="Your stores">
          {user.sShops.map((s) => {
            const name = s.simplename ?? s.myshopifyDomain ?? 'Store';
            return (
              <li key={s.id}>
                <span title={name}>{shortStoreName(name)}</span>
                {/* The current store stays a button: choosing it again is answered, not silently ignored. */}
                {s.id === user.shopid ? (
                  <button type="button" className="tag now" onClick={() => switchTo({ id: s.id, name })}>
                    Now
                  </button>
                ) : (
                  <button type="button" className="link-btn" aria-label={`Switch to ${name}`} onClick={() => switchTo({ id: s.id, name })}>
                    Switch
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="btn block"
          onClick={() => {
            ui.addStoreDialog = true;
          }}
        >
          Add store
        </button>
        <button type="button" className="btn block" onClick={() => setConfirm(true)}>
          Log Out
        </button>
      </Popover>
      {switchDialog}
      <LogoutConfirm open={confirm} onClose={() => setConfirm(false)} />
    </>
  );
}

export function LogoutConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      text={Messages.logoutConfirm}
      onCancel={onClose}
      onConfirm={async () => {
        onClose();
        await logout();
        navigate('/', { replace: true });
      }}
    />
  );
}

export function UserMenu() {
  const snap = useSnapshot(session);
  const [confirm, setConfirm] = useState(false);
  const [pending, setPending] = useState(0);
  const userId = snap.user?.sShopUser.id;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void orderApi.statistics().then((res) => {
      if (live && res.code === 200 && res.data) setPending(res.data.pendingOrder);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (!snap.user) return null;
  return (
    <>
      <Popover
        label="Account menu"
        button={
          <>
            <span className="avatar" aria-hidden>
              {snap.user.displayname.slice(0, 1).toUpperCase()}
            </span>{' '}
            {snap.user.displayname}
          </>
        }
      >
        <ul className="menu-list" aria-label="Account">
          {userMenu.map((m) => (
            <li key={m.to}>
              <a href={m.to} target="_blank" rel="noopener">
                {m.label}
                {m.label === 'Orders' && pending > 0 ? (
                  <span className="badge" aria-label={`${pending} pending`}>
                    {pending}
                  </span>
                ) : null}
              </a>
            </li>
          ))}
          <li>
            <button type="button" className="link-btn" onClick={() => setConfirm(true)}>
              Log out
            </button>
          </li>
        </ul>
      </Popover>
      <LogoutConfirm open={confirm} onClose={() => setConfirm(false)} />
    </>
  );
}
