/**
 * The branding project's calls (brandSupport): packages, the merchant's package records, saving,
 * pricing, submitting, paying and switching a package in or out of use. Calls never throw
 * (src/api/http.ts): callers read `code`.
 */
import { call } from './http';
import type { ProviderStart } from './commerce';
import type { BrandCustom, BrandPackage, BrandPrice } from '../../contract/branding';

const B = 'api/brandSupport';

/** What savePackageInfo takes: each field given replaces the stored one ('' clears it). */
export interface BrandSaveBody {
  package_id: number;
  logo?: string;
  order_pic?: string;
  diao_pai?: string;
  biao_qian?: string;
  bao_zhuang_dai?: string;
  zhi_xiang?: string;
  jiao_zhi?: string;
  ka_pian_pic?: string;
  ka_pian?: 1 | 2;
  options?: Record<string, string>;
  skype?: string;
  whatsapp?: string;
  diao_pai_info?: string;
}

export interface BrandPayAnswer extends Partial<ProviderStart> {
  paymentId: number;
  method: string;
  amount: number;
  status: string;
  outcome?: string;
  replayed?: boolean;
  balance?: number;
  confirmationUrl?: string | null;
  custom: BrandCustom;
}

export type BrandPayMethod = 'balance' | 'paypal' | 'card' | 'stripe';

export const brandingApi = {
  packages: () => call<BrandPackage[]>('get', `${B}/packageList`, { hideLoading: true }),
  packageInfo: (packageId: number) => call<BrandPackage>('get', `${B}/getPackageInfo`, { searchParams: { package_id: packageId } }),
  /** data: the record of the package asked for (null when none yet); rows: every record of the merchant. */
  current: (packageId?: number) =>
    call<BrandCustom | null, { rows: BrandCustom[] }>('get', `${B}/getCurrentCustomInfo`, {
      searchParams: packageId ? { package_id: packageId } : {},
      hideLoading: true,
    }),
  save: (body: BrandSaveBody) => call<BrandCustom>('post', `${B}/savePackageInfo`, { json: body }),
  price: (packageId: number, options: Record<string, string>) =>
    call<BrandPrice>('post', `${B}/getPackagePrice`, { json: { package_id: packageId, options }, hideLoading: true, showError: false }),
  submit: (packageId: number) => call<BrandCustom>('post', `${B}/submitPackageInfo`, { json: { package_id: packageId } }),
  pay: (packageId: number, method: BrandPayMethod, idempotencyKey: string) =>
    call<BrandPayAnswer>('post', `${B}/payment_brand`, { json: { package_id: packageId, method, idempotencyKey } }),
  /** PayPal approved the payment: capture it. */
  onAuthorize: (packageId: number, paypalOrderId: string) =>
    call<BrandPayAnswer>('post', `${B}/onAuthorize_brand`, { json: { package_id: packageId, paypalOrderId } }),
  payWithShopify: (packageId: number) => call<BrandPayAnswer>('post', `${B}/shopify_payment_brand`, { json: { package_id: packageId } }),
  /** 1 when unshipped orders carry the package's items (closing is refused), else 0. */
  beforeSwitch: (packageId: number) => call<0 | 1>('post', `${B}/beforeSwitchIsUse`, { json: { package_id: packageId } }),
  switchUse: (packageId: number, isUse: 0 | 1) =>
    call<BrandCustom>('post', `${B}/switchIsUse`, { json: { package_id: packageId, is_use: isUse } }),
};
