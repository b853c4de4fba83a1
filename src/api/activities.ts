/** The campaign's calls (server/activities/routes.ts). */
import { call } from './http';
import type { Campaign } from '../../contract/activities';
import type { CouponReceipt } from '../../contract/commerce';

export const activityApi = {
  campaign: () => call<Campaign>('get', 'api/activities/couponCampaign', { hideLoading: true }),
  /** E-mails the claim code; errors come back to the caller, which shows them by the form. */
  sendCode: (id: number) => call<never>('post', 'api/user/sendCouponsEmailCode', { json: { id }, showError: false }),
  activate: (id: number, emailCode: string) =>
    call<CouponReceipt>('post', 'api/user/activateCouponStatus', { json: { id, emailCode }, showError: false }),
  /**
   * Counts this visit (once a day per visitor); never shown, never in the way. A POST, although
   * the calls are named like reads: a count is a write, and a GET would be counted again by every
   * link preview and prefetch.
   */
  countVisit: (type: number) =>
    call<never>('post', 'api/shareCodeIp/addShopClickIp', { json: { type }, showError: false, hideLoading: true }),
  countShareVisit: (type: number, code: string) =>
    call<never>('post', 'api/shareCodeIp/addShopCodeIp', { json: { type, code }, showError: false, hideLoading: true }),
};
