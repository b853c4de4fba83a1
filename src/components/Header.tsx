import { useState } from 'react';
import { Icon } from './Icon';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../stores/session';
import { ui } from '../stores/ui';
import { productMenu } from '../nav';
import { CartPopover, CouponsPopover, StoreSwitch, UserMenu } from './HeaderWidgets';
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
  return (
    <header className="site-header">
      <BookmarkBanner />
      <div className="header-bar">
        <Link to="/" className="logo" aria-label="POD Studio home">POD<span>Studio</span></Link>
        <nav aria-label="Main" className="main-nav">
          <div className="mega" onMouseEnter={() => setMenuOpen(true)} onMouseLeave={() => setMenuOpen(false)}>
            <button type="button" className="nav-btn" aria-expanded={menuOpen} aria-controls="product-menu" onClick={() => setMenuOpen((o) => !o)}
              onKeyDown={(e) => { if (e.key === 'Escape') setMenuOpen(false); }}>Products <Icon name="chevronDown" size={14} /></button>
            {menuOpen && (
              <div id="product-menu" className="mega-panel" role="region" aria-label="Product menu" onKeyDown={(e) => { if (e.key === 'Escape') setMenuOpen(false); }}>
                <a href="/all-products" className="mega-all">All products</a>
                <div className="mega-cols">
                  {productMenu.map((c) => (
                    <div key={c.slug} className="mega-col">
                      <a href={`/all-products/${c.slug}`} className="mega-cat">{c.title}</a>
                      {c.sub.length > 0 && (
                        <ul>{c.sub.map((s) => <li key={s.slug}><a href={`/all-products/${c.slug}/${s.slug}`}>{s.title}</a></li>)}</ul>
                      )}
                    </div>
                  ))}
                </div>
              </div>
            )}
          </div>
          <a href="/#how-we-work" onClick={anchor('how-we-work')}>How it works</a>
          <button type="button" className="nav-btn" onClick={() => { ui.addStoreDialog = true; }}>Integrations</button>
          <a href="/#standout-advantage" onClick={anchor('standout-advantage')}>Advantage</a>
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
              <span className="teaser"><Icon name="gift" /> Sign-up coupon</span>
              <button type="button" className="btn" onClick={() => { ui.loginDialog = true; }}>Login</button>
              <Link to="/register" className="btn primary">Register</Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
