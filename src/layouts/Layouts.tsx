/** The product's layouts: each shows the back-to-top button after 800 px of scroll. */
import { NotificationLink } from '../pages/notification/NotificationLink';
import { useEffect, useState } from 'react';
import { Icon } from '../components/Icon';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Header } from '../components/Header';
import { Footer } from '../components/Footer';
import { BackToTop } from '../components/BackToTop';
import { CartPopover, DashboardUserMenu, StoreSwitch, UserMenu } from '../components/HeaderWidgets';
import { mobileHref } from '../routes/site';
import { session } from '../state/session';
import { cart } from '../state/cart';
import { toast, ui } from '../state/ui';
import { Modal } from '../components/Modal';
import { Messages } from '../../contract/envelope';
import { dashboardMenu } from '../nav';
import { GoToStoreButton } from '../components/shops/GoToStoreButton';
import { counted } from '../text/counted';

export function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as { title?: string } | undefined;
    if (h?.title) return h.title;
  }
  return 'POD Studio';
}

export function DefaultLayout() {
  return (
    <div className="layout default">
      <Header />
      <main id="main" className="container">
        <Outlet />
      </main>
      <Footer />
      <BackToTop />
    </div>
  );
}

/** Full-width content between the full header and footer (home, catalogue). */
export function FullLayout() {
  return (
    <div className="layout full">
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
      <BackToTop />
    </div>
  );
}

export function BlogLayout() {
  return (
    <div className="layout blog">
      <Header />
      <main id="main" className="container narrow">
        <Outlet />
      </main>
      <Footer />
      <BackToTop />
    </div>
  );
}

/** Left menu plus top bar: the logged-in merchant's working area. */
export function DashboardLayout() {
  const title = useRouteTitle();
  const snap = useSnapshot(session);
  const cartSnap = useSnapshot(cart);
  const user = snap.user;
  // On a phone the menu folds under its button (it took the whole first screen); a page change closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className="layout dashboard">
      <aside className={menuOpen ? 'side-menu open' : 'side-menu'} aria-label="Dashboard menu">
        <div className="side-head">
          <Link to="/" className="logo">
            POD<span>Studio</span>
          </Link>
          <button
            type="button"
            className="icon-btn side-toggle"
            aria-expanded={menuOpen}
            aria-controls="dashboard-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <Icon name="menu" /> Menu
          </button>
        </div>
        <nav id="dashboard-menu" aria-label="Dashboard">
          <ul>
            {dashboardMenu.map((m) => (
              <li key={m.to}>
                {'newTab' in m && m.newTab ? (
                  <a href={m.to} target="_blank" rel="noopener">
                    {m.label}
                    {'mark' in m && m.mark ? <span className={`mark ${m.mark}`}>{m.mark}</span> : null}
                  </a>
                ) : (
                  <NavLink to={m.to} end={m.to === '/dashboard'}>
                    {m.label}
                    {'mark' in m && m.mark ? <span className={`mark ${m.mark}`}>{m.mark}</span> : null}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="side-bottom" id="dashboard-menu-more">
          <Link to="/shopping-cart" aria-label={`Cart, ${counted(cartSnap.count, 'item')}`} className="cart-icon">
            <Icon name="cart" /> Cart{' '}
            <span className="badge" aria-hidden>
              {cartSnap.count}
            </span>
          </Link>
          <a href="/prod-api/api/shopifyOAuth/sendEpoloLogin" target="_blank" rel="noopener">
            Dropshipping platform
          </a>
          <a href="https://help.podstudio.example" target="_blank" rel="noopener">
            Help Center
          </a>
        </div>
      </aside>
      <div className="dash-main">
        <header className="top-bar">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <a href="/" target="_blank" rel="noopener">
              Home
            </a>{' '}
            <span aria-hidden>›</span> <span aria-current="page">{title}</span>
          </nav>
          <div className="top-actions">
            <Link to="/branding-project">Branding Project</Link>
            <button
              type="button"
              className="btn small"
              onClick={() => {
                ui.addStoreDialog = true;
              }}
            >
              Add Store
            </button>
            {user && user.sShops.length > 0 && <StoreSwitch />}
            <GoToStoreButton />
            <NotificationLink />
            <DashboardUserMenu />
          </div>
        </header>
        <main id="main" className="dash-content">
          <Outlet />
        </main>
      </div>
      <BackToTop />
    </div>
  );
}

const MOBILE_MENU: readonly [string, string][] = [
  ['/', 'Home'],
  ['/all-products', 'All products'],
  ['/branding-project', 'Branding'],
  ['/blog', 'Blog'],
  ['/contact-us', 'Contact Us'],
];

/**
 * Mobile site: a menu button (the navigation popup), the logo home, the cart popup, and login
 * (the login popup) and register, or the user popup once logged in.
 */
export function MobileLayout() {
  const snap = useSnapshot(session);
  const [nav, setNav] = useState(false);
  return (
    <div className="layout mobile">
      <header className="m-header">
        <button type="button" className="icon-btn" aria-label="Menu" aria-haspopup="dialog" onClick={() => setNav(true)}>
          <Icon name="menu" />
        </button>
        <Link to={mobileHref('/')} className="logo">
          POD<span>Studio</span>
        </Link>
        <span className="m-actions">
          <CartPopover />
          {snap.loggedIn ? (
            <UserMenu />
          ) : (
            <span className="m-auth">
              <button type="button" className="link-btn" onClick={() => (ui.loginDialog = true)}>
                Login
              </button>
              <Link to={mobileHref('/register')}>Register</Link>
            </span>
          )}
        </span>
      </header>
      <Modal open={nav} title="Menu" onClose={() => setNav(false)} width={320}>
        <nav className="m-nav" aria-label="Mobile">
          <ul>
            {MOBILE_MENU.map(([to, label]) => (
              <li key={to}>
                <Link to={to === '/blog' ? to : mobileHref(to)} onClick={() => setNav(false)}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Modal>
      <main id="main" className="m-content">
        <Outlet />
      </main>
      <MobileNotice />
      <MobileFooter />
      <BackToTop />
    </div>
  );
}

/** Mobile pages without the header chrome (login, register, reset). */
export function MobileBareLayout() {
  return (
    <div className="layout mobile bare">
      <main id="main" className="m-content">
        <Outlet />
      </main>
      <BackToTop />
    </div>
  );
}

const NOTICE_KEY = 'pod.mobileNotice';

/** Tells phone visitors the design tool is best on a PC; OK copies the site address to paste there. */
function MobileNotice() {
  const [open, setOpen] = useState(() => sessionStorage.getItem(NOTICE_KEY) !== 'seen');
  const close = () => {
    sessionStorage.setItem(NOTICE_KEY, 'seen');
    setOpen(false);
  };
  return (
    <Modal open={open} title="Welcome to POD Studio" onClose={close} width={340}>
      <p>
        <Link to="/" className="logo" onClick={close}>
          POD<span>Studio</span>
        </Link>
      </p>
      <p>For the best experience, please log in on a PC.</p>
      <div className="modal-actions">
        <button
          type="button"
          className="btn primary"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(window.location.origin)
              .then(() => toast('success', Messages.successfulCopy))
              .catch(() => {});
            close();
          }}
        >
          OK
        </button>
      </div>
    </Modal>
  );
}

function MobileFooter() {
  return (
    <footer className="site-footer m-footer">
      <ul>
        <li>
          <Link to={mobileHref('/')}>Home</Link>
        </li>
        <li>
          <Link to={mobileHref('/all-products')}>Print On Demand Products</Link>
        </li>
        <li>
          <Link to={mobileHref('/contact-us')}>Contact Us</Link>
        </li>
        <li>
          <Link to="/blog">Blog</Link>
        </li>
        <li>
          <Link to={mobileHref('/branding-project')}>Branding Project</Link>
        </li>
      </ul>
      <details>
        <summary>Policy</summary>
        <ul>
          <li>
            <Link to={mobileHref('/policy/privacy')}>Privacy Policy</Link>
          </li>
          <li>
            <Link to={mobileHref('/policy/refund')}>Refund Policy</Link>
          </li>
          <li>
            <Link to={mobileHref('/policy/shipping')}>Shipping Policy</Link>
          </li>
          <li>
            <Link to={mobileHref('/policy/term-condition')}>Terms &amp; Conditions</Link>
          </li>
        </ul>
      </details>
    </footer>
  );
}
