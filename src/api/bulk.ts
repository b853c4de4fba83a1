/** Bulk design calls: many products saved at once, each with its view images; copies into a store. */
import { call } from './http';
import type { SaveProductBody, ViewImageInput } from '../../contract/products';

export type BatchAddEntry = SaveProductBody & { images: ViewImageInput[]; requestKey: string };
export interface BatchAddAnswer {
  created: number;
  results: { index: number; id?: number; msg?: string }[];
}

export const bulkApi = {
  batchAdd: (list: BatchAddEntry[]) =>
    call<BatchAddAnswer>('post', 'api/Myexclusive/batchAdd', { json: { list }, dedupe: false, showError: false, hideLoading: true }),
  copyToStore: (ids: readonly number[], shopId?: number) =>
    call<{ ids: number[]; shopId: number }>('post', 'api/Myexclusive/shopBatchCopyProduct', {
      json: shopId === undefined ? { ids } : { ids, shopId },
      showSuccess: true,
      dedupe: false,
    }),
};
