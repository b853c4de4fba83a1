import { useEffect, useState } from 'react';
import { ReviewPrompt } from '../components/support/ServiceReview';
import { ServiceChat } from '../components/support/ServiceChat';
import { Guidance } from '../components/support/Guidance';
import { UpgradeTokenBadge } from '../components/shops/UpgradeTokenBadge';
import { DashboardFigures } from './dashboard/Figures';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import { ui } from '../state/ui';
import { productMenu, storeTypes } from '../nav';
import { DesignerLauncher } from '../designer/dialog/DesignerLauncher';
import { HELP_ARTICLES, blogPath } from '../../contract/blog';
import { ProductStrip } from '../components/catalog/ProductStrip';
import { catalogApi } from '../api/catalog';
import '../styles/catalog.css';

const slides = [
  { title: 'Design once, sell everywhere', text: 'Push one design to Shopify, Etsy and WooCommerce.' },
  { title: 'Photo-real mockups in every colour', text: 'See your design on the product before you publish it.' },
  { title: 'Brand your parcels', text: 'Add tags, labels, bags and cards with the Branding Project.' },
];
const CAROUSEL_DELAY_MS = 15_000;
const CAROUSEL_SPEED_MS = 1200;

function Carousel() {
  const [i, setI] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setI((n) => (n + 1) % slides.length), CAROUSEL_DELAY_MS);
    return () => clearTimeout(t);
  }, [i]);
  const go = (n: number) => setI((n + slides.length) % slides.length);
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="News">
      <div className="carousel-track" style={{ transform: `translateX(-${i * 100}%)`, transitionDuration: `${CAROUSEL_SPEED_MS}ms` }}>
        {slides.map((s, n) => (
          <div
            key={s.title}
            className="slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${n + 1} of ${slides.length}`}
            aria-hidden={n !== i}
          >
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </div>
        ))}
      </div>
      <button type="button" className="carousel-arrow prev" aria-label="Previous slide" onClick={() => go(i - 1)}>
        ‹
      </button>
      <button type="button" className="carousel-arrow next" aria-label="Next slide" onClick={() => go(i + 1)}>
        ›
      </button>
      <div className="carousel-dots">
        {slides.map((s, n) => (
          <button key={s.title} type="button" aria-label={`Go to slide ${n + 1}`} aria-current={n === i} onClick={() => go(n)} />
        ))}
      </div>
    </section>
  );
}

export function DashboardPage() {
  const snap = useSnapshot(session);
  return (
    <div className="dashboard-page">
      <div className="dashboard-head">
        <h1>Welcome, {snap.user?.displayname}</h1>
        <UpgradeTokenBadge />
        <ServiceChat />
      </div>
      <Guidance />
      <ReviewPrompt />
      {snap.user &&
        (snap.user.sShops.length === 0 ? (
          <p className="store-link">
            No store connected yet.{' '}
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                ui.addStoreDialog = true;
              }}
            >
              Connect your store
            </button>{' '}
            to push products.
          </p>
        ) : (
          <p className="store-link">
            {snap.user.sShops.length === 1 ? 'One store' : `${snap.user.sShops.length} stores`} connected.{' '}
            <Link to="/my-account?tabname=stores">Manage your stores</Link> or{' '}
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                ui.addStoreDialog = true;
              }}
            >
              connect another store
            </button>
            .
          </p>
        ))}
      <DashboardFigures />
      <ul className="cards four shortcuts" aria-label="Shortcuts">
        <li className="card">
          <Link to="?design=new">
            <h2>Custom made for you</h2>
            <p>Pick a product and design it.</p>
          </Link>
        </li>
        <li className="card">
          <Link to="/my-templates">
            <h2>My Templates</h2>
            <p>Designs you can reuse.</p>
          </Link>
        </li>
        <li className="card">
          <Link to="/my-products">
            <h2>My Product</h2>
            <p>Products you designed.</p>
          </Link>
        </li>
        <li className="card">
          <a href="https://help.podstudio.example" target="_blank" rel="noopener">
            <h2>Help Center</h2>
            <p>Guides and answers.</p>
          </a>
        </li>
      </ul>
      {/* The catalogue's own product photographs, so the dashboard shows what a merchant can make. */}
      <ProductStrip
        title="Popular products to design"
        loadKey="dashboard:hot"
        load={() => catalogApi.hotSelling(5)}
        count={5}
        seeAll={{ to: '/all-products/hot-selling', label: 'See all hot sellers' }}
      />
      <DesignerLauncher />
      <Carousel />
      <section aria-labelledby="help-title">
        <h2 id="help-title">Help articles</h2>
        <ul className="help-list">
          {HELP_ARTICLES.map((a) => (
            <li key={a.slug}>
              <Link to={blogPath(a.slug)}>{a.title}</Link>
            </li>
          ))}
          <li>
            <Link to="/blog">All guides on the blog</Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="showcase-title">
        <h2 id="showcase-title">Categories</h2>
        <ul className="chips">
          {productMenu.map((c) => (
            <li key={c.slug}>
              <a href={`/all-products/${c.slug}`}>{c.title}</a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="steps-title">
        <h2 id="steps-title">How it works</h2>
        <ol className="steps compact">
          <li>Connect your store</li>
          <li>Design products</li>
          <li>Push them to your store</li>
          <li>We produce and ship your orders</li>
        </ol>
      </section>
      <section aria-labelledby="types-title">
        <h2 id="types-title">Store types</h2>
        <ol className="store-types">
          {storeTypes.map((s) => (
            <li key={s.code}>
              <strong>{s.name}</strong> <span className="muted">{s.blurb}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
