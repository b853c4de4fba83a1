/** What the storefront loader put in the widget's address: the platform, the store and its product id. */
import { PERSONALIZER_PLATFORMS, type PersonalizerPlatform } from '../contract/personalization';

export interface WidgetParams {
  platform: PersonalizerPlatform;
  shop: string;
  product: string;
}

export function widgetParams(search: string): WidgetParams | null {
  const q = new URLSearchParams(search);
  const platform = PERSONALIZER_PLATFORMS.find((p) => p === q.get('platform'));
  const shop = q.get('shop')?.trim() ?? '';
  const product = q.get('product')?.trim() ?? '';
  return platform && shop && product ? { platform, shop, product } : null;
}

/**
 * The origin of the page that framed the widget: the one its answer goes to (postMessage's
 * target), so no other page can read what the buyer entered. Chromium and Safari say it in
 * ancestorOrigins; elsewhere the referrer's origin (the loader's page sends one).
 */
export function parentOrigin(loc: Location, referrer: string): string | null {
  const fromAncestors = loc.ancestorOrigins?.length ? loc.ancestorOrigins[0] : undefined;
  if (fromAncestors && fromAncestors !== 'null') return fromAncestors;
  try {
    return referrer ? new URL(referrer).origin : null;
  } catch {
    return null;
  }
}
