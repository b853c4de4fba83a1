import { Link } from 'react-router-dom';
import { COPYRIGHT, FOOTER_TAGLINE } from '../../contract/constants';
import { ui } from '../state/ui';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-cols">
        <div>
          <Link to="/" className="logo">
            POD<span>Studio</span>
          </Link>
          <p className="tagline">{FOOTER_TAGLINE}</p>
        </div>
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <a href="/all-products">Print On Demand Products</a>
            </li>
            <li>
              <Link to="/contact-us">Contact Us</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to="/branding-project">Branding Project</Link>
            </li>
            <li>
              <button
                type="button"
                className="link-btn"
                onClick={() => {
                  ui.addStoreDialog = true;
                }}
              >
                Connect your store
              </button>
            </li>
          </ul>
          <ul>
            <li>
              <Link to="/policy/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/policy/refund">Refund Policy</Link>
            </li>
            <li>
              <Link to="/policy/shipping">Shipping Policy</Link>
            </li>
            <li>
              <Link to="/policy/term-condition">Terms &amp; Conditions</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="rights">{COPYRIGHT} POD Studio. All rights reserved.</p>
    </footer>
  );
}
