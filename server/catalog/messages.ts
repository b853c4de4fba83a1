/** The catalogue calls' refusal messages that the handlers (not the request schemas) give. */
export const CatalogMessages = {
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  subcategoryNotFound: 'Subcategory not found',
  variantNotFound: 'The variant does not belong to this product',
} as const;
