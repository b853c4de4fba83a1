/**
 * Account & Settings calls: password change, the pricing rule and its application to saved
 * products, profile, e-mail change, currency, tax number, messages. Calls never throw
 * (src/api/http.ts): callers read `code`. Store calls (switch, default, transfer) live in
 * src/api/stores.ts.
 */
import { call } from './http';
import type { ChangePasswordBody } from '../../contract/api';
import type { PriceRule } from '../../contract/products';
import type { ChangeEmailBody, CurrencyBody, ProfileBody, Rate, ShopMessage } from '../../contract/account';

export const accountApi = {
  changePassword: (body: ChangePasswordBody) => call<never>('post', 'api/user/changePassword', { json: body, showError: false }),
  priceRule: () => call<PriceRule>('get', 'api/shops/getPriceRule', { hideLoading: true }),
  savePriceRule: (rule: PriceRule) => call<PriceRule>('put', 'api/shops/priceRule', { json: rule, showError: false }),
  /** Re-prices every saved product by the saved rule. */
  applyPrice: () => call<{ products: number; variants: number }>('put', 'api/shops/applyPrice', { json: {}, showError: false }),
  updateProfile: (body: ProfileBody) => call<never>('put', 'api/shops/update', { json: body, showError: false }),
  /** Sends the code to the new address. */
  sendChangeEmailCode: (email: string) =>
    call<never>('post', 'api/user/updateShopUserEmailSendCode', { json: { email }, showError: false }),
  changeEmail: (body: ChangeEmailBody) =>
    call<never, { email: string }>('post', 'api/user/updateShopUserEmail', { json: body, showError: false }),
  rateList: () => call<Rate[]>('get', 'api/shops/rateList', { hideLoading: true }),
  updateCurrency: (body: CurrencyBody) =>
    call<never>('put', 'api/shops/updateCurrencySETAndCurrencySale', { json: body, showError: false }),
  /** Form-encoded (taxNumber as a form field, not JSON); an empty value clears the number. */
  updateTaxNumber: (taxNumber: string) =>
    call<never>('post', 'api/shops/updateTaxNumber', { body: new URLSearchParams({ taxNumber }), showError: false }),
};

/** The merchant's messages (/notification). */
export const messageApi = {
  list: (pageNum: number, pageSize: number) => call<ShopMessage[]>('get', 'api/sMessgaeShop/list', { searchParams: { pageNum, pageSize } }),
  /** `all` marks every message of the merchant read. */
  markRead: (ids: number[] | 'all') =>
    call<never, { updated: number }>('put', `api/sMessgaeShop/updateRead/${ids === 'all' ? 'all' : ids.join(',')}`),
  unreadCount: () => call<number>('get', 'api/shops/getUnReadMsgByShopid', { hideLoading: true }),
};
