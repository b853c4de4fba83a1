/**
 * Catalogue slugs: lower-cased, '&' becomes '-', apostrophes removed, spaces become '-'. Runs of
 * separators collapse so "Hoodie & Jacket" gives "hoodie-jacket", matching the category URLs in
 * use (/all-products/mens-clothing/hoodie-jacket, /all-products/shoes-socks/sports-shoes).
 */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/&/g, '-')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The product URL: category slug, subcategory slug, then 'details' or the handle. */
export function productPath(category: string, subcategory: string, handle?: string | null): string {
  const tail = handle && handle.trim() ? handle.trim() : 'details';
  return `/all-products/${slugify(category)}/${slugify(subcategory)}/${tail}`;
}
