/**
 * WooCommerce's own REST client. The package is CommonJS with `exports.default`: under Node's ESM
 * loader the default import is the exports object, under bundlers the class; take whichever holds it.
 */
import WooCommerceModule from '@woocommerce/woocommerce-rest-api';

type WooClass = typeof WooCommerceModule;
const WooCommerceRestApi: WooClass = (WooCommerceModule as unknown as { default?: WooClass }).default ?? WooCommerceModule;

export type WooClient = InstanceType<WooClass>;

export function wooClient(url: string, consumerKey: string, consumerSecret: string, timeout = 30_000): WooClient {
  return new WooCommerceRestApi({ url, consumerKey, consumerSecret, version: 'wc/v3', timeout });
}
