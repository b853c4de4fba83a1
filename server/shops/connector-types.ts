/** What every platform connector offers the push queue and the order import. */
import type { PushProduct } from './push-product';

/** Our product as the store knows it: its product id and, per our variant id, the store's variant id. */
export interface ProductLink {
  externalProductId: string;
  variantMap: Record<string, string>;
  /** Per our picture URL, the store's image id (platforms that would otherwise fetch a picture on every push). */
  imageMap?: Record<string, string>;
}

/** Something about a store connection the merchant must know or act on, shown with the store. */
export interface StoreNotice {
  /** Stable per kind (`shopify:webhook:ORDERS_CREATE`): a later check replaces the notice with its code. */
  code: string;
  message: string;
}

/** What an order pull reports as it goes. */
export interface PullHooks {
  /** The pull found a limit of the connection (`message`), or found it gone (null). */
  notice?(code: string, message: string | null): Promise<void>;
}

export interface ShopOrderAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  countryCode: string;
  phone: string;
}

/** One name/value pair a store keeps on an order line. */
export interface LineProperty {
  name: string;
  value: string;
}

/** An order placed in a store, in one shape whichever platform it came from. */
export interface ShopOrder {
  externalId: string;
  name: string;
  createdAt: Date;
  email: string | null;
  address: ShopOrderAddress | null;
  lines: {
    externalProductId: string | null;
    externalVariantId: string | null;
    sku: string | null;
    quantity: number;
    title: string;
    /** The line's properties (Shopify line-item properties, WooCommerce item meta): what a buyer personalised. */
    properties?: LineProperty[];
  }[];
}

/** What a push reports as it goes. */
export interface PushHooks {
  /**
   * The store made the product and the push goes on (variants, pictures): recording it now
   * makes a retry after a later failure update this product instead of creating another.
   */
  onCreated?(link: ProductLink): Promise<void>;
}

export interface ShopConnector {
  /** Creates the product, or updates it when `link` says the store has it already. */
  pushProduct(product: PushProduct, link: ProductLink | null, options: Record<string, unknown>, hooks?: PushHooks): Promise<ProductLink>;
  /** Puts a pushed product on or off the shelf (downshelf). */
  setListed(link: ProductLink, listed: boolean): Promise<void>;
  /** Orders created since `since` (all recent ones when null), oldest first. */
  pullOrders(since: Date | null, hooks?: PullHooks): Promise<ShopOrder[]>;
}
