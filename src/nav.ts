/**
 * The product menu's first paint: a built-in category list with its known sub-menus. The header,
 * home page and catalogue sidebar replace it with the API's tblwaretype/list as soon as that
 * answers (src/components/catalog/useCatalog.ts), and keep it when the API cannot be reached.
 * The hot-selling category is kept out of the main list.
 */
import { STORE_NAME_CUT } from '../contract/constants';
import { slugify } from '../contract/slug';

export interface NavCategory {
  title: string;
  slug: string;
  sub: { title: string; slug: string }[];
}

const cat = (title: string, subs: string[] = []): NavCategory => ({
  title,
  slug: slugify(title),
  sub: subs.map((s) => ({ title: s, slug: slugify(s) })),
});

export const productMenu: NavCategory[] = [
  cat("Women's Clothing", ['T-shirt', 'Swimsuit', 'Dress', 'Leggings']),
  cat("Men's Clothing", ['Hoodie & Jacket', 'T-shirt', 'Tank Top']),
  cat('Shoes & Socks', ['Sports Shoes', 'Socks', 'Slippers']),
  cat('Bags', ['Tote Bag', 'Backpack']),
  cat('Home Deco', ['Pillow', 'Blanket', 'Wall Art', 'Drinkware']),
  cat('Kids & Baby'),
  cat('Pet Supplies'),
  cat('Fully Printing Hat'),
  cat('Phone Cases'),
  cat('Stationery'),
];

export const dashboardMenu = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/all-products', label: 'Products Catalog', mark: 'new', newTab: true },
  { to: '/my-templates', label: 'My Templates' },
  { to: '/my-products', label: 'My Products' },
  { to: '/orders', label: 'Orders' },
  { to: '/balance', label: 'Balance' },
  { to: '/my-account?tabname=profile', label: 'Account & Settings' },
  { to: '/branding-project', label: 'Branding Project', newTab: true },
  { to: '/coupons', label: 'Coupons', mark: 'beta' },
] as const;

export const userMenu = [
  { to: '/dashboard', label: 'My Dashboard' },
  { to: '/my-templates', label: 'My Templates' },
  { to: '/my-products', label: 'My Products' },
  { to: '/orders', label: 'Orders' },
  { to: '/my-account?tabname=profile', label: 'Account & Settings' },
] as const;

export const storeTypes = [
  { code: 1, name: 'Etsy', blurb: 'A marketplace for handmade and unique goods.' },
  { code: 2, name: 'WooCommerce', blurb: 'The store plugin for WordPress sites.' },
  { code: 3, name: 'Shopify', blurb: 'Hosted online stores of every size.' },
] as const;

/** The store name as the switcher shows it: STORE_NAME_CUT characters and an ellipsis. */
export const shortStoreName = (name: string | null | undefined): string =>
  !name ? 'Store' : name.length > STORE_NAME_CUT ? `${name.slice(0, STORE_NAME_CUT)}...` : name;
