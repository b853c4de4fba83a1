/** The merchant's calls about personalised order lines: the buyer's values, and the print design of a line. */
import { call } from './http';
import type { CustomTemplate, SkuDesign } from '@pod-studio/engine';
import type { OrderItemPersonalization } from '../../contract/personalization';

export interface PersonalizedLine extends OrderItemPersonalization {
  orderItemId: number;
}

export interface PrintDesign {
  template: CustomTemplate;
  design: SkuDesign;
  /** The print areas that hold something: one print file each. */
  flatIds: string[];
  lines: { label: string; value: string }[];
}

export const personalizationApi = {
  lines: (orderId: number) =>
    call<PersonalizedLine[]>('get', `api/order/${orderId}/personalizations`, { hideLoading: true, showError: false }),
  printDesign: (orderId: number, itemId: number) => call<PrintDesign>('get', `api/order/${orderId}/items/${itemId}/printDesign`),
};
