/** The connector for a saved connection: its platform's client with the decrypted credentials. */
import type { StoresConfig } from './config';
import type { TokenCipher } from './crypto';
import type { ConnectionRow } from './connections';
import type { StoreConnector } from './types';
import { StoreApiError } from './errors';
import { shopifyConnector } from './shopify/connector';
import { woocommerceConnector } from './woocommerce/connector';
import { etsyConnector } from './etsy/connector';
import { StoreMessages } from '../../contract/stores';

/**
 * `refresh` gets a new access token for platforms whose tokens expire (Etsy) when the store
 * answers that the one in hand no longer works.
 */
export function connectorFor(config: StoresConfig, cipher: TokenCipher, conn: ConnectionRow, refresh?: () => Promise<string>): StoreConnector {
  const token = cipher.decrypt(conn.accessTokenEnc);
  switch (conn.platform) {
    case 'shopify':
      if (!config.shopify) throw new StoreApiError(StoreMessages.notConfigured, 'permanent');
      return shopifyConnector(config.shopify, conn.domain, token);
    case 'woocommerce':
      return woocommerceConnector(conn.domain, token, conn.secretEnc ? cipher.decrypt(conn.secretEnc) : '');
    case 'etsy':
      if (!config.etsy) throw new StoreApiError(StoreMessages.notConfigured, 'permanent');
      return etsyConnector(config.etsy, conn.domain, { token, refresh });
    default:
      throw new StoreApiError(StoreMessages.storeTypeCannotPush, 'permanent');
  }
}
