import { Link } from 'react-router-dom';
import { storeTypes } from '../nav';
import { ui } from '../state/ui';
import { FOOTER_TAGLINE } from '../../contract/constants';
import { CategoriesSection, Custom3DSection, HotSellingSection } from '../components/catalog/HomeSections';
import { useSiteBase } from '../components/catalog/format';
import { UpgradeTokenBadge } from '../components/shops/UpgradeTokenBadge';
import { buttonClass } from '../ui/Button';

const claims = [
  { figure: '1500+', text: 'products to design' },
  { figure: '2 hours', text: 'to production at the earliest' },
  { figure: 'No MOQ', text: 'no minimum order quantity' },
  { figure: 'Bulk', text: 'design many products at once' },
];

const steps = [
  { title: 'Pick a product', text: 'Choose from 1500+ print-on-demand products: apparel, shoes, bags, home deco, drinkware and more.' },
  { title: 'Design it', text: 'Add your images and text on the canvas and see photo-real mockups in every colour as you go.' },
  {
    title: 'Push to your store',
    text: 'Send products with their variants, prices and mockups to Shopify, Etsy or WooCommerce in one click.',
  },
  { title: 'We produce and ship', text: 'Orders sync to the factory, are produced on demand and shipped to your customers with tracking.' },
];

const advantages = [
  { title: 'Production within 2 hours', text: 'The fastest orders go into production within 2 hours of payment.' },
  { title: 'No minimum order quantity', text: 'Order one sample or a thousand pieces: the price per item is the same.' },
  { title: 'Bulk design', text: 'Put one design on many products at once and publish them together.' },
  { title: 'Orders sync to the factory', text: 'Store orders reach production automatically, without copying anything by hand.' },
  { title: 'Fast delivery partners', text: 'Ship from the USA or Australia with carriers chosen for speed and price.' },
  { title: 'Real-time order tracking', text: 'Follow every parcel from the factory to your customer’s door.' },
  { title: 'A dedicated customer service manager', text: 'One person who knows your store answers your questions.' },
];

export function HomePage() {
  const base = useSiteBase();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <UpgradeTokenBadge />
          <h1 id="hero-title">Create your products. We print and ship them.</h1>
          <p className="lead">{FOOTER_TAGLINE} 1500+ products, no minimum order quantity, production within 2 hours at the earliest.</p>
          <div className="hero-actions">
            <Link to={`${base}/all-products`} className={buttonClass({ variant: 'primary', size: 'lg' })}>
              Start designing
            </Link>
            <Link to={`${base}/register`} className={buttonClass({ size: 'lg' })}>
              Create a free account
            </Link>
          </div>
          <ul className="claims" aria-label="Why POD Studio">
            {claims.map((c) => (
              <li key={c.figure}>
                <strong>{c.figure}</strong> <span>{c.text}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HotSellingSection />

      <CategoriesSection />

      <section id="how-we-work" className="band" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title">How we work</h2>
          <ol className="steps">
            {steps.map((s, i) => (
              <li key={s.title}>
                <span className="step-no" aria-hidden>
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <Custom3DSection />

      <section id="standout-advantage" className="band alt" aria-labelledby="adv-title">
        <div className="container">
          <h2 id="adv-title">Our standout advantage</h2>
          <ul className="cards">
            {advantages.map((a) => (
              <li key={a.title} className="card">
                <h3>{a.title}</h3>
                <p>{a.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="integrations" className="band" aria-labelledby="int-title">
        <div className="container">
          <h2 id="int-title">Integrations</h2>
          <p>Connect the store you sell in and push products straight to it.</p>
          <ul className="cards three">
            {storeTypes.map((s) => (
              <li key={s.code} className="card">
                <h3>{s.name}</h3>
                <p>{s.blurb}</p>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn primary"
            onClick={() => {
              ui.addStoreDialog = true;
            }}
          >
            Connect your store
          </button>
        </div>
      </section>
    </div>
  );
}
