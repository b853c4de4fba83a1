/**
 * Store connection and push calls (connect and authorise, switch, push queue, Etsy listing, theme
 * style), typed by contract/shops.ts. Calls never throw (src/api/http.ts): callers read `code`.
 * Codes 10003/10004 open the global store notice by themselves (http.ts).
 */
import { call } from './http';
import type { AuthorizeStart, ConnectResult, PushQueueItem, ShopSummary, StoreOrderAddress, WaitingStoreOrder } from '../../contract/shops';
import type { LoginBody } from '../../contract/api';

export interface EtsyPushBody {
  id: number;
  taxonomyId: number;
  shippingProfileId: number;
  readinessStateId: number;
}
export interface EtsyCategory {
  id: number;
  level: number;
  name: string;
  parentId: number | null;
  hasChildren: boolean;
}
/** Etsy's ShippingProfile and ShopProcessingTime (readiness state definition), the fields shown. */
export interface EtsyShippingProfile {
  shipping_profile_id: number;
  title: string;
}
export interface EtsyReadinessState {
  readiness_state_id: number;
  readiness_state: string;
  min_processing_time: number;
  max_processing_time: number;
  processing_time_unit: string;
}

/** What queueing a push or a take-off-the-shelf answers. */
export interface QueuedJob {
  id: number;
  status: PushQueueItem['status'];
}

export const storesApi = {
  list: () => call<ShopSummary[]>('get', 'api/stores/list', { hideLoading: true }),

  // ---- connecting (each start answers where to send the browser; each finish what happened) ----
  shopifyStart: (shop: string) => call<AuthorizeStart>('post', 'api/shopifyauthShopify', { searchParams: { shop }, showError: false }),
  /** Logged in: bind the store to this account; logged out: "connect now" (claim or log in). */
  shopifyFinish: (query: Record<string, string | string[]>, loggedIn: boolean) =>
    call<ConnectResult>('post', loggedIn ? 'api/shopifyOAuth/bindShop' : 'api/shopifyOAuth/shopifyDo', { json: query, showError: false }),
  /** The app opened from the Shopify admin (shop + hmac): log its owner in, or where to install. */
  shopifyLaunch: (query: Record<string, string | string[]>) =>
    call<ConnectResult | ({ status: 'authorize' } & AuthorizeStart)>('post', 'api/shopifyOAuth/shopifyDo', {
      json: query,
      showError: false,
    }),
  /** Whether the current Shopify store's token still works with every permission (10003/10004 otherwise). */
  checkShopifyToken: () => call<never>('get', 'api/shopifyOAuth/checkShopifyToken'),
  etsyStart: () => call<AuthorizeStart>('post', 'api/etsy/auth', { showError: false }),
  etsyFinish: (query: Record<string, string>, loggedIn: boolean) =>
    call<ConnectResult>('post', loggedIn ? 'api/etsy/connectEtsyForLogin' : 'api/etsy/connectEtsyNow', { json: query, showError: false }),
  /** WooCommerce's key grant for the store at `storeUrl`; logged in, the store joins this account. */
  wooStart: (storeUrl: string, loggedIn: boolean) =>
    call<AuthorizeStart>('post', loggedIn ? 'woocommerce/woocommerce/connectWCForLogin' : 'woocommerce/woocommerce/connectWCNow', {
      json: { storeUrl },
      showError: false,
    }),
  /** Back from the key grant: how it ended (the store posted its keys to the server meanwhile). */
  wooFinish: (query: Record<string, string>) =>
    call<ConnectResult>('post', 'woocommerce/woocommerce/connectResult', { json: { state: query.state ?? '' }, showError: false }),
  /** Password login that claims the waiting store in the same step (/auth/store-login). */
  storeLogin: (body: LoginBody & { claimToken: string }) =>
    call<{ shopId: number }, { token: string }>('post', 'api/user/manyStoreLogin', { json: body, showError: false }),
  /** A store connected without an account, claimed by the logged-in merchant. */
  claimForAccount: (claimToken: string) =>
    call<{ shopId: number }>('post', 'api/shopifyOAuth/signUpByWebLogin', { json: { claimToken }, showError: false }),
  /** …or by creating the account (the store's e-mail) with a password; answers a session. */
  claimBySetPassword: (body: { claimToken: string; password: string; confirmPassword: string }) =>
    call<{ shopId: number }, { token: string }>('post', 'api/shopifyOAuth/setPassword', { json: body, showError: false }),

  // ---- several stores per account ----
  switchStore: (id: number) => call<never>('post', 'api/shops/switchshopLogin', { json: { id } }),
  setDefault: (id: number) => call<never>('put', 'api/user/updateDefault', { json: { id } }),
  transferSendCode: (shopId: number, email: string) =>
    call<never>('post', 'api/user/transferShopSendCode', { json: { shopId, email }, showError: false }),
  transfer: (shopId: number, email: string, code: string) =>
    call<never>('post', 'api/user/transferShop', { json: { shopId, email, code }, showError: false }),

  // ---- store orders that came without a shipping address ----
  ordersNeedingAddress: () => call<WaitingStoreOrder[]>('get', 'api/stores/ordersNeedingAddress', { hideLoading: true }),
  enterOrderAddress: (id: number, address: StoreOrderAddress) =>
    call<{ orderId: number }>('post', 'api/stores/orderAddress', { json: { id, address }, showError: false }),

  // ---- pushing ----
  queuePush: (myProductId: number) => call<QueuedJob>('post', `api/sendProductShopify/addQueque/${myProductId}`),
  queue: () => call<PushQueueItem[]>('get', 'api/sendProductShopify/getSendProductQueue', { hideLoading: true }),
  markRead: (ids: number[]) => call<never>('post', 'api/sendProductShopify/updateMsgHasRead', { json: { ids } }),
  downshelf: (myProductId: number) => call<QueuedJob>('post', `api/sendProductShopify/downshelf/${myProductId}`),
  /** After prices change here: queue the pushed product again so the store's prices follow. */
  repushPrices: (myProductId: number, opts: { showError?: boolean } = {}) =>
    call<QueuedJob>('put', 'api/sendProductShopify/editLocalPriceAvailable', { json: { id: myProductId }, hideLoading: true, ...opts }),
  pushEtsy: (body: EtsyPushBody) => call<QueuedJob>('post', 'api/etsy/pushEtsyProduct', { json: body }),
  // Etsy listing settings: category levels and children, the shop's shipping profiles and
  // processing times. Errors of the category-by-level and shipping-profile calls are not shown.
  etsyCategories: (level = 1) =>
    call<EtsyCategory[]>('post', 'api/etsy/getEtsyCategoryByLevel', { json: { level }, showError: false, hideLoading: true }),
  etsyCategoryChildren: (parentId: number) =>
    call<EtsyCategory[]>('post', 'api/etsy/getEtsyCategoryByParent', { json: { parentId }, hideLoading: true }),
  etsyShippingProfiles: () =>
    call<EtsyShippingProfile[]>('post', 'api/etsy/getEtsyShippingProfiles', { json: {}, showError: false, hideLoading: true }),
  etsyReadinessStates: () =>
    call<EtsyReadinessState[]>('post', 'api/etsy/getShopReadinessStateDefinitions', { json: {}, hideLoading: true }),

  /** Saves the theme style (settings of the Shopify storefront script) as a JSON string. */
  saveThemeStyle: (themeStyle: string) => call<never>('post', 'api/shopifyOAuth/updateShopifyThemeStyle', { json: { themeStyle } }),
  /** Stores the generated storefront script (src/components/shops/storeScript.ts); answers its url. */
  uploadThemeScript: (script: string) => call<{ url: string }>('post', 'api/shopifyOAuth/uploadThemeScript', { json: { script } }),
};

/** The rows of a list answer, whichever of `data` or `rows` the server put them in. */
export function rowsOf<T>(res: { data?: T[] | undefined; rows?: unknown }): T[] {
  if (Array.isArray(res.data)) return res.data;
  return Array.isArray(res.rows) ? (res.rows as T[]) : [];
}
