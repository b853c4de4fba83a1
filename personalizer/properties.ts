/**
 * The cart line properties of a confirmed personalisation: one readable line per filled field
 * (what the store's cart, order and packing slip show), then the values as JSON under
 * PERSONALIZATION_PROPERTY for our order import.
 */
import { personalSummary, type PersonalValues, type SkuDesign } from '@pod-studio/engine/model';
import { PERSONALIZATION_PROPERTY, type PersonalizationPayload } from '../contract/personalization';

export function lineProperties(design: SkuDesign, values: PersonalValues): { name: string; value: string }[] {
  const payload: PersonalizationPayload = { v: 1, values };
  return [
    ...personalSummary(design, values).map((l) => ({ name: l.label, value: l.value })),
    { name: PERSONALIZATION_PROPERTY, value: JSON.stringify(payload) },
  ];
}
