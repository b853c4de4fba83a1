/**
 * My products and My templates calls, and the account's price rule.
 * Saving a design lives with the designer (src/api/designer.ts); these are the list and detail
 * pages' calls. Like every call, they resolve with the envelope and never throw.
 */
import { call } from './http';
import type { MyProductCard, MyProductDetail, PriceRule, ProductListQuery, UpdateProductInfoBody } from '../../contract/products';

export type { MyProductCard, MyProductDetail, MyProductImage, MyProductVariant, PriceRule } from '../../contract/products';

export const myProductsApi = {
  list: (q: ProductListQuery, signal?: AbortSignal) =>
    call<MyProductCard[]>('get', 'api/Myexclusive/list', { searchParams: { ...q }, signal, hideLoading: true }),
  info: (id: number) => call<MyProductDetail>('get', `api/Myexclusive/getInfo/${id}`, { showError: false }),
  remove: (ids: readonly number[]) =>
    call<{ deleted: number }>('delete', `api/Myexclusive/delete/${ids.join(',')}`, { showSuccess: true, dedupe: false }),
  copy: (id: number, isTemplate?: 0 | 1) =>
    call<{ id: number }>('post', 'api/Myexclusive/copyProduct', {
      json: isTemplate === undefined ? { id } : { id, isTemplate },
      showSuccess: true,
      dedupe: false,
    }),
  /** Shows "Saved successfully" unless told not to (a bulk save tells once for all its products). */
  updateInfo: (body: UpdateProductInfoBody, opts: { showSuccess?: boolean } = {}) =>
    call<{ id: number }>('put', 'api/Myexclusive/updateMyProductInfo', {
      json: body,
      showSuccess: opts.showSuccess ?? true,
      dedupe: false,
    }),
  priceRule: () => call<PriceRule>('get', 'api/shops/priceRule', { showError: false, hideLoading: true }),
  setPriceRule: (rule: Partial<PriceRule>) =>
    call<PriceRule>('put', 'api/shops/priceRule', { json: rule, showSuccess: true, dedupe: false }),
  applyPrice: (ids?: readonly number[]) =>
    call<{ products: number; variants: number }>('put', 'api/shops/applyPrice', {
      json: ids ? { ids } : {},
      showSuccess: true,
      dedupe: false,
    }),
};
