/** The header's popovers and menus: cart, coupons, store switch, user menu, logout confirmation. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Icon } from './Icon';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Popover } from './Popover';
import { Tooltip } from '../ui/Tooltip';
import { ConfirmDialog } from './Modal';
import { LogoutConfirm } from './LogoutConfirm';

export { LogoutConfirm };
import { session } from '../state/session';
import { requireLoginThen, toast, ui } from '../state/ui';
import { cart, cartItems, deleteCartItem } from '../state/cart';
import { couponApi } from '../api/commerce';
import { CART_DELETE_CONFIRM } from '../pages/commerce/texts';
import { formatUsd, type CartGroup, type CartItem } from '../../contract/commerce';
import '../styles/commerce.css';
import { shortStoreName } from '../nav';
import { useStoreSwitch } from './shops/useStoreSwitch';
import { CART_POPOVER_WIDTH } from '../../contract/constants';
import { counted } from '../text/counted';
import { EmptyState } from '../ui/EmptyState';
import { buttonClass } from '../ui/Button';

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
          <EmptyState
            small
            action={
              <Link className={buttonClass({ variant: 'primary' })} to="/all-products">
                Design product
              </Link>
            }
          >
            <p>Your cart is empty.</p>
          </EmptyState>
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
    <Tooltip content="New merchants get a coupon for their first order">
      <Link to="/register" className="teaser">
        <Icon name="gift" /> Sign-up coupon
      </Link>
    </Tooltip>
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

// The menus load on first use (a visitor's home page carries no menu code); their button keeps its
// place meanwhile, and a click on it then opens the menu as soon as it has loaded.
const LazyAccountMenu = lazy(() => import('./UserMenus').then((m) => ({ default: m.AccountMenu })));
const LazyDashboardUserMenu = lazy(() => import('./UserMenus').then((m) => ({ default: m.DashboardUserMenu })));

function MenuButtonPlaceholder({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  return (
    <button type="button" className="nav-btn" aria-label={label} aria-haspopup="menu" onClick={onClick}>
      <span className="avatar" aria-hidden>
        {name.slice(0, 1).toUpperCase()}
      </span>{' '}
      <span className="account-name">{name}</span>
    </button>
  );
}

/** The site header's account menu (logged in only). */
export function UserMenu() {
  const snap = useSnapshot(session);
  const [wanted, setWanted] = useState(false);
  if (!snap.user) return null;
  return (
    <Suspense fallback={<MenuButtonPlaceholder label="Account menu" name={snap.user.displayname} onClick={() => setWanted(true)} />}>
      <LazyAccountMenu defaultOpen={wanted} />
    </Suspense>
  );
}

/** The dashboard top bar's user menu: Setting and Log out. */
export function DashboardUserMenu() {
  const snap = useSnapshot(session);
  const [wanted, setWanted] = useState(false);
  return (
    <Suspense fallback={<MenuButtonPlaceholder label="User menu" name={snap.user?.displayname ?? ''} onClick={() => setWanted(true)} />}>
      <LazyDashboardUserMenu defaultOpen={wanted} />
    </Suspense>
  );
}
