/**
 * Store connections (connecting a store, pushing products to it, switching stores): store-type
 * codes, the push queue's wire shapes, the go-to-store link and the wording the product shows.
 * Pure: shared by the UI and the server.
 */

/** Store type codes carried in shops.type and userInfo.type. */
export const ShopType = {
  SHOPIFY: 6,
  /** WooCommerce's code is our choice: 9, one of the codes a push accepts (6, 9, 100). */
  WOOCOMMERCE: 9,
  ETSY: 11,
} as const;
export type ShopTypeCode = (typeof ShopType)[keyof typeof ShopType];

export type ShopPlatform = 'shopify' | 'etsy' | 'woocommerce';

export const PLATFORM_TYPE: Record<ShopPlatform, ShopTypeCode> = {
  shopify: ShopType.SHOPIFY,
  etsy: ShopType.ETSY,
  woocommerce: ShopType.WOOCOMMERCE,
};

/** The dashboard's store-type list and the add-store dialog's choices: 1 Etsy, 2 WooCommerce, 3 Shopify. */
export const DASHBOARD_STORE_TYPES = [
  { code: 1, name: 'Etsy', platform: 'etsy' },
  { code: 2, name: 'WooCommerce', platform: 'woocommerce' },
  { code: 3, name: 'Shopify', platform: 'shopify' },
] as const satisfies readonly { code: number; name: string; platform: ShopPlatform }[];

/** Store types a queued push (sendProductShopify/addQueque) accepts; empty (no type) included. */
export const PUSHABLE_TYPES: readonly (number | null)[] = [6, 9, 100, null];

export function canQueuePush(type: number | null | undefined): boolean {
  return PUSHABLE_TYPES.includes(type ?? null);
}

/** The old private-app token: apiType 1 on a Shopify-type store (the "upgraded-token flag"). */
export function needsTokenUpgrade(user: { apiType: number | null; type: number | null }): boolean {
  return user.apiType === 1 && user.type === ShopType.SHOPIFY;
}

/** The store switch popover shows at most 6 characters of a name, then an ellipsis. */
export function shortStoreName(name: string | null | undefined): string {
  const s = name ?? '';
  return [...s].length > 6 ? `${[...s].slice(0, 6).join('')}...` : s;
}

/**
 * Go to store: 6 opens the Shopify admin, 11 the Etsy shop, anything else the WordPress admin.
 * `domain` is the myshopify domain, the Etsy shop name or the WooCommerce site URL.
 */
export function storeAdminUrl(type: number | null, domain: string | null): string | null {
  if (!domain) return null;
  if (type === ShopType.SHOPIFY) return `https://${domain}/admin`;
  if (type === ShopType.ETSY) return `https://www.etsy.com/shop/${encodeURIComponent(domain)}`;
  const base = /^https?:\/\//i.test(domain) ? domain : `https://${domain}`;
  return `${base.replace(/\/+$/, '')}/wp-admin`;
}

/** A store the merchant has connected (GET /api/stores/list). */
export interface ShopSummary {
  id: number;
  type: number | null;
  platform: ShopPlatform | null;
  myshopifyDomain: string | null;
  simplename: string | null;
  isDefault: boolean;
  isCurrent: boolean;
  /** active, or reauthorize when the platform revoked the app or changed its permissions. */
  status: 'active' | 'reauthorize' | 'uninstalled' | 'none';
  adminUrl: string | null;
  /** What the merchant must know about the connection (a webhook the platform refused, data it keeps from the app). */
  notices: string[];
}

/** A shipping address the merchant enters for a store order that came without one. */
export interface StoreOrderAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  phone: string;
}

/** A store order of the merchant's products waiting for its shipping address (GET /api/stores/ordersNeedingAddress). */
export interface WaitingStoreOrder {
  id: number;
  shopId: number;
  storeName: string;
  platform: ShopPlatform | null;
  /** The store's own name of the order (#1001, Etsy receipt 123). */
  name: string;
  createTime: string;
  lines: { title: string; quantity: number }[];
}

export type PushJobStatus = 'queued' | 'running' | 'done' | 'failed';

/** A row of sendProductShopify/getSendProductQueue. */
export interface PushQueueItem {
  id: number;
  shopId: number;
  myProductId: number;
  title: string;
  action: 'push' | 'downshelf';
  status: PushJobStatus;
  attempts: number;
  /** The store's own message for a failure, or the success note. */
  message: string;
  hasRead: boolean;
  externalProductId: string | null;
  createTime: string;
  updateTime: string;
}

/** The queue page polls every 100 seconds while the queue has unfinished pushes. */
export const PUSH_QUEUE_POLL_MS = 100_000;

/** What an OAuth or key-grant start answers: where to send the browser. */
export interface AuthorizeStart {
  url: string;
}

/**
 * What finishing a connection answers. `bound`: the store is now on the caller's account;
 * `login`: a session for the store's owner; `claim`: a store connected without an account yet,
 * to be claimed by logging in (/auth/store-login) or by setting a password (/auth/set-password).
 */
export type ConnectResult =
  | { status: 'bound'; shopId: number }
  | { status: 'login'; token: string; shopId: number }
  | { status: 'claim'; claimToken: string; email: string | null; accountExists: boolean; platform: ShopPlatform; shop: string };

export const ShopMessages = {
  addStoreDefault: 'Please Select the store type and install it.',
  cancelPush: 'Cancel push',
  upgradePrompt: 'The old app is no longer available. Please upgrade to the new app to keep pushing products.',
  upgradeNow: 'Upgrade Now',
  /** The home and dashboard badge for the old private-app token (needsTokenUpgrade). */
  upgradeTokenBadge: 'Upgrade Your Private API token',
  submitting: 'Submitting, Please do not refresh.',
  pushQueued: 'The product has been added to the push queue',
  alreadyQueued: 'This product is already waiting in the push queue',
  pushDone: 'Pushed successfully',
  downshelfDone: 'Taken off the shelf',
  noStore: 'Please connect a store first',
  storeTypeCannotPush: 'This store type cannot receive pushed products',
  etsyPushOnly: 'Etsy listings are submitted with the Etsy push',
  storeNotFound: 'The store does not exist',
  productNotFound: 'The product does not exist',
  notPushed: 'This product has not been pushed to the current store',
  alreadyCurrent: 'This is already the current store',
  switched: 'Store switched',
  defaultSet: 'Default store set',
  transferred: 'The store has been transferred',
  transferSelf: 'The store is already on this account',
  transferTargetUnknown: 'No account is registered with this email address',
  invalidShopDomain: 'Please enter your store address, e.g. your-store.myshopify.com',
  invalidStoreUrl: 'Please enter the address of your WordPress store, e.g. https://your-store.com',
  badSignature: 'The request signature is invalid',
  stateInvalid: 'The authorization request has expired or is invalid, please try again',
  claimInvalid: 'The store connection has expired, please connect the store again',
  connectedElsewhere: 'This store is already connected to another account',
  notConfigured: 'This store platform is not configured on the server',
  themeStyleInvalid: 'themeStyle must be a JSON object with a scriptUrl',
  scriptMissing: 'Please provide the store script',
  scriptTooLarge: 'The store script must be at most 64 KB',
  scriptNotText: 'The store script must be plain JavaScript text',
  scriptNotYours: 'The store script must be one uploaded to this account',
  themeStyleSaved: 'Theme style saved',
  orderNotWaiting: 'This store order is not waiting for an address',
  orderAddressIncomplete: 'Please enter the name, street, city and country',
  orderImported: 'The order has been added to your orders',
  etsyDisclaimer:
    'The term "Etsy" is a trademark of Etsy, Inc. This application uses the Etsy API but is not endorsed or certified by Etsy, Inc.',
} as const;
