/**
 * What the catalogue calls answer (all GET, open to visitors), as pure types and constants shared
 * by the server and the pages. Money is integer
 * cents everywhere ("cost", "minCost", "maxCost"); the client formats it.
 */

/**
 * Page sizes a list accepts: the product-wide page-size choices 5, 10, 15, 25 plus multiples of the
 * catalogue grid's chunk of 4 cards: 4 and 8 for one or two rows on the home page, 12 for the
 * related-products strip, 24 for the catalogue grid (6 rows of 4).
 */
export const CATALOG_PAGE_SIZES = [4, 5, 8, 10, 12, 15, 24, 25] as const;
export const DEFAULT_CATALOG_PAGE_SIZE = 24;
export const DEFAULT_STRIP_PAGE_SIZE = 8;
/** A page number beyond this is refused: nobody pages that far and OFFSET cost grows with it. */
export const MAX_PAGE_NUM = 1000;

export const CATALOG_SORTS = ['newest', 'oldest', 'price_asc', 'price_desc', 'popular'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Custom types 2, 3, 5, 6, 7 are the 3D or flat types and 8, 9 the photo types, with no fixed meaning; this catalogue names them so. */
export const CUSTOM_TYPES: Readonly<Record<number, { name: string; description: string }>> = {
  2: { name: 'All-Over Print', description: 'Cut-and-sew and sublimated goods printed edge to edge (3D mockup, Bezier warps)' },
  3: { name: 'Print Area', description: 'Garments and bags with a placed print area (3D mockup, Bezier warps)' },
  5: { name: 'Wrap Print', description: 'Drinkware printed around the body (3D mockup, cylinder)' },
  6: { name: 'Flat Print', description: 'Flat goods: posters, phone cases, stationery (2D mockup)' },
  7: { name: 'Wall Art', description: 'Canvas and framed prints (3D mockup, perspective)' },
  8: { name: 'Photo Print', description: "Photo prints and canvases: the merchant's photo, cropped to the print and adjusted" },
  9: { name: 'Photo Gift', description: "Mugs and blankets printed with the merchant's photo, cropped to the print and adjusted" },
  12: {
    name: 'Personalised Gift',
    description: 'Gifts each buyer personalises in the store with a name, a photo or a choice, printed with their values',
  },
};

export type ShipFromName = 'China' | 'USA' | 'Australia';

export interface ColorSwatch {
  name: string;
  /** '#RRGGBB' */
  hex: string;
}

/** A product in a list (productsCatalogList, list, related, hot, 3D). */
export interface ProductCard {
  id: number;
  handle: string;
  title: string;
  /** Cover image (first colour, front view). Append ?size=1..5 or ?w= for a resized copy. */
  pic1: string;
  minCost: number;
  maxCost: number;
  customType: number;
  /** 1: ships from a local warehouse (shipFrom USA or Australia) and only inside its zone. */
  shipFlag: 0 | 1;
  shipFrom: ShipFromName;
  shipFromCode: 'CN' | 'US' | 'AU';
  waretypeid: number;
  waretypetwoid: number;
  categorySlug: string;
  subcategorySlug: string;
  /** Product page path: category slug, subcategory slug, then the handle. */
  url: string;
  hotSelling: 0 | 1;
  is3D: 0 | 1;
  customizedGift: 0 | 1;
  colors: ColorSwatch[];
  sales: number;
  /** ISO 8601. */
  createdTime: string;
}

export interface WireOption {
  id: string;
  name: string;
  position: 1 | 2 | 3;
  isColor: boolean;
  values: { name: string; hex: string | null }[];
}

export interface WireVariant {
  id: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  imagesId: number | null;
  cost: number;
  sku: string;
  weightGrams: number;
}

/** A product image row without its template (productImages/list adds editZone). */
export interface WireImage {
  id: number;
  productid: number;
  customType: number;
  sectionType: number | null;
  prototypeGroupId: string | null;
  prototypeGroupName: string;
  sectionName: string;
  colorName: string;
  /** '#RRGGBB' of the colour the image shows. */
  imgname: string;
  src: string;
  iscolor: 0 | 1;
  isoverlay: 0 | 1;
  editimgwidth: number;
  editimgheight: number;
  dpl: null;
}

export interface GalleryImage {
  colorName: string;
  hex: string;
  viewId: string;
  viewName: string;
  src: string;
}

/**
 * getInfo / getInfoByHandle / getProductList. Besides the structured `options`, the legacy flat
 * option fields are filled: option values as bracketed comma lists ('[White,Black]'), hex lists
 * with '%23' for '#', a colour flag; no suffix for the first option, 2 and 3 for the others
 * (optionsname, optionsvalue, optionshex, optionsiscolor, optionsid; optionsname2, ...).
 */
export interface ProductDetail extends ProductCard {
  description: string;
  bodyHtml: string;
  category: { id: number; name: string; slug: string };
  subcategory: { id: number; name: string; slug: string };
  options: WireOption[];
  variants: WireVariant[];
  images: WireImage[];
  gallery: GalleryImage[];
  properties: { name: string; value: string }[];
  defaultLogisticsId: number;
  logistics: { logistics_id: number; is_tiered: 0 | 1; firstCost: number; additionalCost: number }[];
  customInfo: Record<string, unknown>;
  customTemplateId: string;
  [flatOptionField: `options${string}`]: unknown;
}
