/** Where a store connected without an account goes next (pure, unit-tested). */
import type { ConnectResult } from '../../../contract/shops';

/** An e-mail with an account logs in to claim the store; otherwise the account is made with a password. */
export function claimPath(r: Extract<ConnectResult, { status: 'claim' }>): string {
  const q = new URLSearchParams({ claim: r.claimToken, shop: r.shop, platform: r.platform });
  if (r.email) q.set('email', r.email);
  return `${r.accountExists ? '/auth/store-login' : '/auth/set-password'}?${q.toString()}`;
}
