/**
 * Shop-settings calls the pages make: shipping defaults per destination and warehouse, the IOSS
 * number, and address parsing. Calls never throw (src/api/http.ts): callers read `code`. The
 * settings forms post form-encoded, as the spec has deleteShopLogistics.
 */
import { call } from './http';
import type { ShipFromCode } from '../../contract/commerce';
import type { AddressInfo, IossParam, LogisticsMethod, ShopLogistics } from '../../contract/shop-settings';

export const shopSettingsApi = {
  /** The methods of a warehouse (all when not given) that reach a country (any when not given). */
  logistics: (filter: { shipFrom?: ShipFromCode; countryCode?: string } = {}) =>
    call<LogisticsMethod[]>('get', 'api/shops/getLogistics', { searchParams: filter, hideLoading: true }),
  shopLogistics: () => call<ShopLogistics[]>('get', 'api/shops/getShopLogistics', { hideLoading: true }),
  setShopLogistics: (body: { countryCode: string; shipFrom: string; logisticsId: string }) =>
    call<ShopLogistics>('post', 'api/shops/setShopLogistics', { body: new URLSearchParams(body), showError: false }),
  deleteShopLogistics: (id: number) =>
    call<never>('post', 'api/shops/deleteShopLogistics', { body: new URLSearchParams({ id: String(id) }), showError: false }),
  iossParam: () => call<IossParam>('get', 'api/shops/getIOSSparam', { hideLoading: true }),
  /** An empty value clears the number. */
  updateIoss: (iossNumber: string) =>
    call<never, { iossNumber: string | null }>('post', 'api/shops/updateIOSSparam', {
      body: new URLSearchParams({ iossNumber }),
      showError: false,
    }),
  addressInfo: (address: string) => call<AddressInfo>('post', 'api/address/getAddressInfo', { json: { address }, showError: false }),
};
