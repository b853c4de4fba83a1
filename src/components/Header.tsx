import { useRef, useState } from 'react';
import { Icon } from './Icon';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import { ui } from '../state/ui';
import { useCategories } from './catalog/useCatalog';
import { CartPopover, CouponsPopover, SignupCouponTeaser, StoreSwitch, UserMenu } from './HeaderWidgets';
import { BookmarkBanner } from './BookmarkBanner';

/** Scrolls smoothly to a home anchor on the home route; elsewhere navigates there. */
function useAnchor() {
  const location = useLocation();
  const navigate = useNavigate();
  return (id: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    if (location.pathname === '/') document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });
    else navigate(`/#${id}`);
  };
}

export function Header() {
  const snap = useSnapshot(session);
  const anchor = useAnchor();
  const [menuOpen, setMenuOpen] = useState(false);
  // The API's categories (tblwaretype/list) once they answer; the static list paints first.
  const { categories } = useCategories();
  const menu = categories.filter((c) => c.inMenu);
  const close = () => setMenuOpen(false);
  // A mouse opens the menu by hovering: the click that follows must not close it again.
  const hoverOpened = useRef(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const escape = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  };
  return (
    <header className="site-header">
      <BookmarkBanner />
      <div className="header-bar">
        <Link to="/" className="logo" aria-label="POD Studio home">
          POD<span>Studio</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <div
            className="mega"
            onMouseEnter={() => {
              if (!menuOpen) hoverOpened.current = true;
              setMenuOpen(true);
            }}
            onMouseLeave={() => {
              hoverOpened.current = false;
              setMenuOpen(false);
            }}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setMenuOpen(false);
            }}
          >
            <button
              ref={menuButton}
              type="button"
              className="nav-btn"
              aria-expanded={menuOpen}
              aria-controls="product-menu"
              onClick={() => {
                const keep = hoverOpened.current;
                hoverOpened.current = false;
                setMenuOpen((o) => keep || !o);
              }}
              onKeyDown={escape}
            >
              Products <Icon name="chevronDown" size={14} />
            </button>
            {menuOpen && (
              <div id="product-menu" className="mega-panel" role="region" aria-label="Product menu" onKeyDown={escape}>
                <Link to="/all-products" className="mega-all" onClick={close}>
                  All products
                </Link>
                <div className="mega-cols">
                  {menu.map((c) => (
                    <div key={c.slug} className="mega-col">
                      <Link to={c.path} className="mega-cat" onClick={close}>
                        {c.icon && <img src={`${c.icon}?size=4`} alt="" width={24} height={24} className="mega-icon" />}
                        {c.title}
                      </Link>
                      {c.hasSubMenu && c.subs.length > 0 && (
                        <ul>
                          {c.subs.map((s) => (
                            <li key={s.slug}>
                              <Link to={s.path} onClick={close}>
                                {s.title}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  ))}
                </div>
              </div>
            )}
          </div>
          <a href="/#how-we-work" onClick={anchor('how-we-work')}>
            How it works
          </a>
          <button
            type="button"
            className="nav-btn"
            onClick={() => {
              ui.addStoreDialog = true;
            }}
          >
            Integrations
          </button>
          <a href="/#standout-advantage" onClick={anchor('standout-advantage')}>
            Advantage
          </a>
          <Link to="/branding-project">Branding</Link>
          <Link to="/blog">Blog</Link>
        </nav>
        <div className="header-right">
          <CouponsPopover />
          <CartPopover />
          {snap.loggedIn ? (
            <>
              <StoreSwitch />
              <UserMenu />
            </>
          ) : (
            <>
              <SignupCouponTeaser />
              <button
                type="button"
                className="btn"
                onClick={() => {
                  ui.loginDialog = true;
                }}
              >
                Login
              </button>
              <Link to="/register" className="btn primary">
                Register
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
