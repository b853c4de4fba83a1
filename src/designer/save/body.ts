/**
 * The Myexclusive/add|update body of a
 * custom product (editObj, productfid, printtype, sectionType, prototypeGroupId,
 * prototypeGroupName, customType, colorIds, optionsvalue fields). Pure.
 */
import type { CustomTemplate } from '@pod-studio/engine/model';
import type { SaveProductBody } from '../../../contract/products';
import type { WireOption } from '../../api/catalog';
import type { ChosenColour, MultiSelection } from '../model/options';

export interface SaveInput {
  id: number | null;
  productfid: number;
  customType: number;
  template: CustomTemplate;
  /** Inline JSON, or null when the document went up as a file. */
  editObj: string | null;
  editObjUrl: string | null;
  options: readonly WireOption[];
  selection: MultiSelection;
  colours: readonly ChosenColour[];
  title: string;
  bodyHtml: string;
  prices: readonly { variantId: number; price: number }[];
  isTemplate: boolean;
  sourceTemplateId: number | null;
}

export function saveBody(input: SaveInput): SaveProductBody {
  const t = input.template;
  const valuesAt = (position: 1 | 2 | 3) => {
    const i = input.options.findIndex((o) => o.position === position);
    return i >= 0 ? [...(input.selection[i] ?? [])] : undefined;
  };
  const body: SaveProductBody = {
    productfid: input.productfid,
    editObj: input.editObj,
    editObjUrl: input.editObjUrl,
    printtype: 1,
    sectionType: t.sectionType,
    prototypeGroupId: t.prototypeGroupId,
    prototypeGroupName: t.prototypeGroupName,
    customType: input.customType,
    colorIds: input.colours.map((c) => ({ id: c.value, color: c.hex, name: c.name })),
    title: input.title.trim(),
    bodyHtml: input.bodyHtml,
    variants: input.prices.map((p) => ({ variantId: p.variantId, price: p.price })),
    isTemplate: input.isTemplate ? 1 : 0,
    sourceTemplateId: input.sourceTemplateId,
  };
  const v1 = valuesAt(1);
  const v2 = valuesAt(2);
  const v3 = valuesAt(3);
  if (v1) body.optionsvalue = v1;
  if (v2) body.optionsvalue2 = v2;
  if (v3) body.optionsvalue3 = v3;
  if (input.id !== null) body.id = input.id;
  return body;
}
