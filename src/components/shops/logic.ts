/**
 * Decisions of the store UI, kept pure so they are unit-tested: what a push click does, when the
 * queue polls, what a platform callback URL carries, and the names the lists show.
 */
import { ShopType, canQueuePush, needsTokenUpgrade, storeAdminUrl, type PushQueueItem, type ShopPlatform } from '../../../contract/shops';

export interface PushUser {
  apiType: number | null;
  type: number | null;
  sShops: readonly unknown[];
}

/**
 * What pressing "Push to store" does: no store → connect one; the old private Shopify token → the
 * upgrade prompt; Etsy → its own listing push; a type outside 6, 9, 100 or empty → refused;
 * otherwise the product joins the queue.
 */
export type PushDecision = 'no-store' | 'upgrade' | 'etsy' | 'refused' | 'queue';

export function pushDecision(user: PushUser): PushDecision {
  if (user.sShops.length === 0) return 'no-store';
  if (needsTokenUpgrade(user)) return 'upgrade';
  if (user.type === ShopType.ETSY) return 'etsy';
  return canQueuePush(user.type) ? 'queue' : 'refused';
}

/** The queue view polls while something in it is still on its way (queued or running). */
export function queueNeedsPolling(items: readonly Pick<PushQueueItem, 'status'>[]): boolean {
  return items.some((i) => i.status === 'queued' || i.status === 'running');
}

export const PUSH_STATUS_LABEL: Record<PushQueueItem['status'], string> = {
  queued: 'Queued',
  running: 'Pushing',
  done: 'Done',
  failed: 'Failed',
};

const TYPE_NAMES: Record<number, string> = {
  [ShopType.SHOPIFY]: 'Shopify',
  [ShopType.ETSY]: 'Etsy',
  [ShopType.WOOCOMMERCE]: 'WooCommerce',
};

export function storeTypeName(type: number | null | undefined): string {
  return (type !== null && type !== undefined && TYPE_NAMES[type]) || 'Store';
}

/** The name a list shows for a store: its short name, else its domain. */
export function storeLabel(s: { simplename: string | null; myshopifyDomain: string | null }): string {
  return s.simplename || s.myshopifyDomain || 'Store';
}

/**
 * What a return to /auth/{platform} carries. Shopify comes back with `code` after consent, or
 * (opened from the Shopify admin) with only `shop` + `hmac`, which means "start the install";
 * Etsy with `code` + `state` or `error`; WooCommerce with our `state` and `success` = 1 or 0.
 */
export type CallbackKind = 'finish' | 'install' | 'denied' | 'invalid';

export function callbackKind(platform: ShopPlatform, q: URLSearchParams): CallbackKind {
  if (q.get('error') || q.get('success') === '0') return 'denied';
  if (platform === 'shopify') {
    if (q.get('code') && q.get('state') && q.get('hmac') && q.get('shop')) return 'finish';
    if (q.get('hmac') && q.get('shop')) return 'install';
    return 'invalid';
  }
  if (platform === 'etsy') return q.get('code') && q.get('state') ? 'finish' : 'invalid';
  // WooCommerce returns to the return_url we gave (carrying our state) with success=1 or 0.
  return q.get('state') ? 'finish' : 'invalid';
}

/** Every query parameter as a plain object, the shape the server verifies (Shopify signs all of them). */
export function queryObject(q: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of q) out[k] = v;
  return out;
}

/**
 * Shopify's query as its signature covers it: every value of a repeated parameter
 * (`ids[]=1&ids[]=2`, sent when the app opens on several selected items) kept, as a list.
 */
export function shopifyQueryObject(q: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const k of new Set(q.keys())) {
    const all = q.getAll(k);
    out[k] = all.length > 1 || k.endsWith('[]') ? all : (all[0] ?? '');
  }
  return out;
}

export interface GoToStoreUser {
  shopid: number | null;
  type: number | null;
  domain: string | null;
  sShops: readonly { id: number; simplename: string | null; myshopifyDomain: string | null }[];
}

/**
 * Go to store: no store → the authorisation dialog; otherwise the current store's admin by type (6
 * Shopify admin, 11 the Etsy shop by its name, others wp-admin).
 */
export function goToStoreTarget(user: GoToStoreUser): { kind: 'authorize' } | { kind: 'open'; url: string } | { kind: 'none' } {
  if (user.sShops.length === 0) return { kind: 'authorize' };
  const current = user.sShops.find((s) => s.id === user.shopid);
  const domain = user.type === ShopType.ETSY ? current?.simplename || user.domain : (user.domain ?? current?.myshopifyDomain ?? null);
  const url = storeAdminUrl(user.type, domain);
  return url ? { kind: 'open', url } : { kind: 'none' };
}
