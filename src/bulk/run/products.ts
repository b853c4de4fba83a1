/**
 * What rendering and saving a bulk product needs from the catalogue: the product with its options
 * and variants and its templates per colour, checked as the designer checks them. Loaded once
 * per product and page, a few at a time.
 */
import type { CustomTemplate } from '@pod-studio/engine/model';
import { catalogApi, type ProductDetail } from '../../api/catalog';
import { designerApi, type ColourTemplateRow } from '../../api/designer';
import { checkedTemplateRows, templateFor } from '../../designer/model/designer';

export interface LoadedProduct {
  product: ProductDetail;
  rows: ColourTemplateRow[];
  template: CustomTemplate;
}

const cache = new Map<number, Promise<LoadedProduct>>();

async function fetchProduct(id: number): Promise<LoadedProduct> {
  const [info, rows] = await Promise.all([catalogApi.info(id), designerApi.colourTemplates(id)]);
  if (info.code !== 200 || !info.data) throw new Error(info.msg || 'The product does not exist');
  if (rows.code !== 200 || !rows.rows?.length) throw new Error(rows.msg || 'Data error');
  const checked = checkedTemplateRows(rows.rows);
  if (!checked) throw new Error('Data error');
  const template = templateFor(checked, null);
  if (!template) throw new Error('Data error');
  return { product: info.data, rows: checked, template };
}

export function loadProduct(id: number): Promise<LoadedProduct> {
  let p = cache.get(id);
  if (!p) {
    p = fetchProduct(id);
    // A failure is not kept: the retry asks again.
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return p;
}
