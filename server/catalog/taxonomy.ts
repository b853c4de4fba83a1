/**
 * Categories (tblwaretype) and subcategories (tblwaretypetwo) of the catalogue: the menu the
 * header shows and the slugs the catalogue URLs use. Ids are fixed here (category id, and
 * category id x 100 + position for subcategories) so URLs and filters survive a rebuild.
 */
import { slugify } from '../../contract/slug';

export interface SubcategoryDef {
  id: number;
  name: string;
  slug: string;
  /** Listed by hotSellingCategoriesList (the home page strip). */
  hot: boolean;
}

export interface CategoryDef {
  id: number;
  name: string;
  slug: string;
  /** Left out of the main product menu (the hot-selling category). */
  inMenu: boolean;
  /** The header shows a sub-menu for it (Women's, Men's, Shoes & Socks, Bags, Home Deco). */
  hasSubMenu: boolean;
  subcategories: SubcategoryDef[];
}

function category(
  id: number,
  name: string,
  opts: { inMenu?: boolean; hasSubMenu?: boolean },
  subs: readonly (readonly [string, boolean])[],
): CategoryDef {
  return {
    id,
    name,
    slug: slugify(name),
    inMenu: opts.inMenu ?? true,
    hasSubMenu: opts.hasSubMenu ?? false,
    subcategories: subs.map(([sub, hot], i) => ({ id: id * 100 + i + 1, name: sub, slug: slugify(sub), hot })),
  };
}

/** The hot-selling category lists the products flagged hot, whatever their own category. */
export const HOT_SELLING_SLUG = 'hot-selling';

export const CATEGORIES: readonly CategoryDef[] = [
  category(1, "Women's Clothing", { hasSubMenu: true }, [
    ['T-shirt', true],
    ['Swimsuit', true],
    ['Dress', false],
    ['Leggings', false],
  ]),
  category(2, "Men's Clothing", { hasSubMenu: true }, [
    ['Hoodie & Jacket', true],
    ['T-shirt', true],
    ['Tank Top', false],
  ]),
  category(3, 'Shoes & Socks', { hasSubMenu: true }, [
    ['Sports Shoes', true],
    ['Socks', false],
    ['Slippers', false],
  ]),
  category(4, 'Bags', { hasSubMenu: true }, [
    ['Tote Bag', true],
    ['Backpack', false],
  ]),
  category(5, 'Home Deco', { hasSubMenu: true }, [
    ['Pillow', true],
    ['Blanket', true],
    ['Wall Art', false],
    ['Drinkware', true],
    ['Kitchen', false],
  ]),
  category(6, 'Kids & Baby', {}, [
    ['Baby Bodysuit', false],
    ['Kids T-shirt', false],
  ]),
  category(7, 'Pet Supplies', {}, [
    ['Pet Bandana', false],
    ['Pet Bed', false],
  ]),
  category(8, 'Fully Printing Hat', {}, [
    ['Baseball Cap', true],
    ['Bucket Hat', false],
  ]),
  category(9, 'Phone Cases', {}, [
    ['iPhone Case', false],
    ['Samsung Case', false],
  ]),
  category(10, 'Stationery', {}, [
    ['Notebook', false],
    ['Mouse Pad', false],
    ['Temporary Tattoo', false],
  ]),
  category(11, 'Hot Selling', { inMenu: false }, []),
];
