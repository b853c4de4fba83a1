/** The connector for a saved connection: its platform's client with the decrypted credentials. */
import type { ShopsConfig } from './config';
import type { TokenCipher } from './token-cipher';
import type { ConnectionRow } from './connections';
import type { ShopConnector } from './connector-types';
import { ShopApiError } from './errors';
import { shopifyConnector } from './shopify/connector';
import { woocommerceConnector } from './woocommerce/connector';
import { etsyConnector } from './etsy/connector';
import { ShopMessages } from '../../contract/shops';

/**
 * `refresh` gets a new access token for platforms whose tokens expire (Etsy) when the store
 * answers that the one in hand no longer works.
 */
export function connectorFor(
  config: ShopsConfig,
  cipher: TokenCipher,
  conn: ConnectionRow,
  refresh?: () => Promise<string>,
): ShopConnector {
  const token = cipher.decrypt(conn.accessTokenEnc);
  switch (conn.platform) {
    case 'shopify':
      if (!config.shopify) throw new ShopApiError(ShopMessages.notConfigured, 'permanent');
      return shopifyConnector(config.shopify, conn.domain, token);
    case 'woocommerce':
      return woocommerceConnector(conn.domain, token, conn.secretEnc ? cipher.decrypt(conn.secretEnc) : '');
    case 'etsy':
      if (!config.etsy) throw new ShopApiError(ShopMessages.notConfigured, 'permanent');
      return etsyConnector(config.etsy, conn.domain, { token, refresh });
    default:
      throw new ShopApiError(ShopMessages.storeTypeCannotPush, 'permanent');
  }
}
