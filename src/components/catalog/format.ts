/** Small shared helpers of the catalogue pages: money, paths on the desktop or mobile site, titles. */
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Integer cents to USD with 2 decimals: 1599 → "$15.99". */
export function money(cents: number): string {
  return usd.format(Math.round(cents) / 100);
}

/** A price range as a card or product page shows it. */
export function priceRange(min: number, max: number): string {
  return min === max ? money(min) : `${money(min)} – ${money(max)}`;
}

/** '/mobile' on the mobile site, '' on the desktop one: catalogue links stay on the site they start on. */
export function useSiteBase(): string {
  const { pathname } = useLocation();
  return pathname === '/mobile' || pathname.startsWith('/mobile/') ? '/mobile' : '';
}

/** A site path ('/all-products/...') on the current site. */
export function onSite(base: string, path: string): string {
  return `${base}${path}`;
}

/**
 * The tab title of a page whose name comes from data (a category, a product). Root sets the
 * route's static title in its own effect, which runs after the page's: set ours just after.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const full = `${title} | POD Studio`;
    document.title = full;
    queueMicrotask(() => {
      document.title = full;
    });
  }, [title]);
}

/** The warehouse rule (Australia ships to AU/NZ only, USA to the US only): its message, or null when the product may go there. */
export function shipRefusal(shipFromCode: string, countryCode: string): string | null {
  const code = countryCode.toUpperCase();
  if (shipFromCode === 'AU' && code !== 'AU' && code !== 'NZ') return 'Only Ship to Australia and New Zealand';
  if (shipFromCode === 'US' && code !== 'US') return 'Only Ship to USA';
  return null;
}

/** Price input filter: digits and one dot, up to 5 integer digits and 2 decimals. */
export function priceInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const [int = '', ...rest] = cleaned.split('.');
  const intPart = int.slice(0, 5);
  if (rest.length === 0) return intPart;
  return `${intPart}.${rest.join('').slice(0, 2)}`;
}

export const PRICE_RE = /^\d{1,5}(\.\d{1,2})?$/;

/**
 * A new page reached by a link starts at its top (the router keeps the old scroll position);
 * back and forward leave the position to the browser.
 */
export function useScrollTopOnPush(key: string): void {
  const type = useNavigationType();
  useEffect(() => {
    if (type === 'PUSH') window.scrollTo({ top: 0, left: 0 });
    // Only when the page itself changes, not with each filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
