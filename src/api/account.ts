/**
 * Account & Settings calls (spec section 7 "User and shop"): password change, the pricing rule
 * and its application to saved products. Calls never throw (src/api/http.ts): callers read `code`.
 * Store calls (switch, default, transfer) live in src/api/stores.ts.
 */
import { call } from './http';
import type { ChangePasswordBody } from '../../contract/api';
import type { PriceRule } from '../../contract/products';

export const accountApi = {
  changePassword: (body: ChangePasswordBody) => call<never>('post', 'api/user/changePassword', { json: body, showError: false }),
  priceRule: () => call<PriceRule>('get', 'api/shops/getPriceRule', { hideLoading: true }),
  savePriceRule: (rule: PriceRule) => call<PriceRule>('put', 'api/shops/priceRule', { json: rule, showError: false }),
  /** Re-prices every saved product by the saved rule. */
  applyPrice: () => call<{ products: number; variants: number }>('put', 'api/shops/applyPrice', { json: {}, showError: false }),
};
