/**
 * Starting a store connection: ask the server where to authorise (it makes the OAuth state),
 * then send the browser there. Answers the server's message when it refused, so the form can
 * show it beside the field; on success the page is leaving.
 */
import { storesApi } from '../../api/shops';
import { session } from '../../state/session';
import { ShopMessages, type ShopPlatform } from '../../../contract/shops';

/** Follows an authorisation link; kept apart so the one place that leaves the app is obvious. */
export function goTo(url: string): void {
  window.location.assign(url);
}

export async function startConnect(platform: ShopPlatform, address = ''): Promise<string | null> {
  const a = address.trim();
  if (platform === 'shopify' && !a) return ShopMessages.invalidShopDomain;
  if (platform === 'woocommerce' && !a) return ShopMessages.invalidStoreUrl;
  const res =
    platform === 'shopify'
      ? await storesApi.shopifyStart(a)
      : platform === 'woocommerce'
        ? await storesApi.wooStart(a, session.loggedIn === true)
        : await storesApi.etsyStart();
  if (res.code === 200 && res.data?.url) {
    goTo(res.data.url);
    return null;
  }
  return res.msg || ShopMessages.notConfigured;
}
