/**
 * Our product → Shopify's ProductSetInput (GraphQL Admin productSet): options with their
 * values, one variant per combination with its price and picture, the product's media from
 * URLs. With a known Shopify product the identifier is its id (an update); without one it is
 * our stable handle, so a push whose answer was lost finds the product it made instead of
 * making a second one.
 */
import { centsToDecimal } from '../../../contract/commerce';
import type { PushProduct } from '../push-product';
import type { ProductLink } from '../connector-types';

const DEFAULT_OPTION = 'Title';
const DEFAULT_VALUE = 'Default Title';

export function productSetVariables(product: PushProduct, link: ProductLink | null, status: 'ACTIVE' | 'DRAFT' = 'ACTIVE') {
  const options = product.options.length > 0 ? product.options : [{ name: DEFAULT_OPTION, values: [DEFAULT_VALUE] }];
  const input = {
    title: product.title,
    descriptionHtml: product.bodyHtml,
    handle: product.handle,
    status,
    productOptions: options.map((o, i) => ({ name: o.name, position: i + 1, values: o.values.map((name) => ({ name })) })),
    files: product.images.map((img) => ({ originalSource: img.url, alt: img.alt, contentType: 'IMAGE' })),
    variants: product.variants.map((v) => {
      const known = link?.variantMap[String(v.id)];
      return {
        ...(known ? { id: known } : {}),
        optionValues:
          product.options.length > 0
            ? product.options.map((o, i) => ({ optionName: o.name, name: v.optionValues[i] ?? '' }))
            : [{ optionName: DEFAULT_OPTION, name: DEFAULT_VALUE }],
        price: centsToDecimal(v.priceCents),
        sku: v.sku,
        inventoryPolicy: 'CONTINUE',
        ...(v.imageUrl ? { file: { originalSource: v.imageUrl, contentType: 'IMAGE' } } : {}),
      };
    }),
  };
  const identifier = link ? { id: link.externalProductId } : { handle: product.handle };
  return { identifier, input, synchronous: true };
}

/** Shopify's variants back to ours, matched by their option values (unique within a product). */
export function variantMapFrom(
  product: PushProduct,
  nodes: { id: string; selectedOptions: { name: string; value: string }[] }[],
): Record<string, string> {
  const key = (values: string[]) => values.map((s) => s.trim().toLowerCase()).join('\u0000');
  const byValues = new Map(nodes.map((n) => [key(n.selectedOptions.map((o) => o.value)), n.id]));
  const map: Record<string, string> = {};
  for (const v of product.variants) {
    const id = byValues.get(key(product.options.length > 0 ? v.optionValues : [DEFAULT_VALUE]));
    if (id) map[String(v.id)] = id;
  }
  return map;
}
