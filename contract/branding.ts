/**
 * The branding project: the two packages (Starter_Pack and Pro_Plan), the branded items they
 * hold (hang tags, labels, packaging bags, boxes, tape, cards), each item's one option and its
 * price, the merchant's customisation of a package (the brand package record), its statuses and
 * the wording client and server share. Prices are integer cents (USD).
 *
 * Item keys are the brand package record's field names: each holds the URL of the merchant's
 * artwork for that item (the card's artwork is `ka_pian_pic`, `ka_pian` itself being the card's
 * 1 one-sided / 2 two-sided choice).
 */

export const BRAND_ITEM_KINDS = ['diao_pai', 'biao_qian', 'bao_zhuang_dai', 'zhi_xiang', 'jiao_zhi', 'ka_pian'] as const;
export type BrandItemKind = (typeof BRAND_ITEM_KINDS)[number];

/** How many of an item go into an order: one per product piece, or one per order. */
export type BrandItemPer = 'piece' | 'order';

export interface BrandChoice {
  value: string;
  label: string;
  /** Added to the package price, cents. */
  surcharge: number;
  /** The item's picture in this choice, when it differs from the item's own. */
  picture?: string;
}

/** Where the artwork sits on the item's picture, as fractions of the picture (0–1). */
export interface PrintArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BrandItemDef {
  kind: BrandItemKind;
  name: string;
  description: string;
  /** The item's generated picture (a static file of the client). */
  picture: string;
  printArea: PrintArea;
  per: BrandItemPer;
  option: { name: string; choices: readonly BrandChoice[] };
}

export const BRAND_ITEMS: Readonly<Record<BrandItemKind, BrandItemDef>> = {
  diao_pai: {
    kind: 'diao_pai',
    name: 'Hang tag',
    description: 'A tag on a string, hung on every product with your logo and a line of text.',
    picture: '/branding/items/hang-tag.svg',
    printArea: { x: 0.3, y: 0.34, width: 0.4, height: 0.34 },
    per: 'piece',
    option: {
      name: 'Paper',
      choices: [
        { value: 'coated', label: 'Coated white', surcharge: 0 },
        { value: 'kraft', label: 'Kraft brown', surcharge: 800, picture: '/branding/items/hang-tag-kraft.svg' },
      ],
    },
  },
  biao_qian: {
    kind: 'biao_qian',
    name: 'Label',
    description: 'A neck label sewn into every garment in place of the maker’s label.',
    picture: '/branding/items/label.svg',
    printArea: { x: 0.24, y: 0.36, width: 0.52, height: 0.28 },
    per: 'piece',
    option: {
      name: 'Material',
      choices: [
        { value: 'woven', label: 'Woven', surcharge: 0 },
        { value: 'satin', label: 'Printed satin', surcharge: 500 },
      ],
    },
  },
  bao_zhuang_dai: {
    kind: 'bao_zhuang_dai',
    name: 'Packaging bag',
    description: 'The mailer bag each parcel travels in, printed with your artwork.',
    picture: '/branding/items/packaging-bag.svg',
    printArea: { x: 0.28, y: 0.34, width: 0.44, height: 0.38 },
    per: 'order',
    option: {
      name: 'Colour',
      choices: [
        { value: 'white', label: 'White', surcharge: 0 },
        { value: 'black', label: 'Black', surcharge: 0, picture: '/branding/items/packaging-bag-black.svg' },
        { value: 'kraft', label: 'Kraft', surcharge: 1000, picture: '/branding/items/packaging-bag-kraft.svg' },
      ],
    },
  },
  zhi_xiang: {
    kind: 'zhi_xiang',
    name: 'Box',
    description: 'A folding mailer box with your artwork on the lid.',
    picture: '/branding/items/box.svg',
    printArea: { x: 0.3, y: 0.2, width: 0.4, height: 0.24 },
    per: 'order',
    option: {
      name: 'Size',
      choices: [
        { value: 's', label: 'Small (25 × 18 × 6 cm)', surcharge: 0 },
        { value: 'm', label: 'Medium (32 × 24 × 10 cm)', surcharge: 1500 },
        { value: 'l', label: 'Large (40 × 30 × 14 cm)', surcharge: 3000 },
      ],
    },
  },
  jiao_zhi: {
    kind: 'jiao_zhi',
    name: 'Tape',
    description: 'Packing tape that closes the box, your artwork repeated along it.',
    picture: '/branding/items/tape.svg',
    printArea: { x: 0.14, y: 0.42, width: 0.72, height: 0.16 },
    per: 'order',
    option: {
      name: 'Width',
      choices: [
        { value: '48', label: '48 mm', surcharge: 0 },
        { value: '72', label: '72 mm', surcharge: 500 },
      ],
    },
  },
  ka_pian: {
    kind: 'ka_pian',
    name: 'Card',
    description: 'A thank-you card in every parcel, printed on one side or both.',
    picture: '/branding/items/card.svg',
    printArea: { x: 0.2, y: 0.26, width: 0.6, height: 0.48 },
    per: 'order',
    option: {
      name: 'Sides',
      choices: [
        { value: '1', label: 'One-sided', surcharge: 0 },
        { value: '2', label: 'Two-sided', surcharge: 600 },
      ],
    },
  },
};

export const BRAND_PACKAGE_NAMES = ['Starter_Pack', 'Pro_Plan'] as const;
export type BrandPackageName = (typeof BRAND_PACKAGE_NAMES)[number];

export interface BrandPackageDef {
  package_id: number;
  name: BrandPackageName;
  title: string;
  description: string;
  /** The package's price before options, cents. */
  price: number;
  items: readonly BrandItemKind[];
}

export const BRAND_PACKAGES: readonly BrandPackageDef[] = [
  {
    package_id: 1,
    name: 'Starter_Pack',
    title: 'Starter Pack',
    description: 'Your brand on every product: a hang tag, a neck label and a thank-you card in each parcel.',
    price: 4900,
    items: ['diao_pai', 'biao_qian', 'ka_pian'],
  },
  {
    package_id: 2,
    name: 'Pro_Plan',
    title: 'Pro Plan',
    description: 'The whole unboxing in your brand: tags, labels, packaging bags, boxes, tape and cards.',
    price: 19900,
    items: ['diao_pai', 'biao_qian', 'bao_zhuang_dai', 'zhi_xiang', 'jiao_zhi', 'ka_pian'],
  },
];

export const brandPackageDef = (packageId: number): BrandPackageDef | undefined => BRAND_PACKAGES.find((p) => p.package_id === packageId);

/** The record's status: 0 by default (being customised), 1 submitted and waiting for payment, 5 paid and ready to use. */
export const BrandStatus = { DRAFT: 0, SUBMITTED: 1, PAID: 5 } as const;
export type BrandStatusCode = (typeof BrandStatus)[keyof typeof BrandStatus];
export const BRAND_STATUS_NAMES: Readonly<Record<number, string>> = { 0: 'Draft', 1: 'Waiting for payment', 5: 'Paid' };

export const BRAND_TEXT_MAX = { skype: 100, whatsapp: 30, diao_pai_info: 200 } as const;
/** WhatsApp numbers: digits with an optional leading +, spaces and dashes allowed. */
export const WHATSAPP_RE = /^\+?[0-9][0-9 -]{5,28}$/;

/** Options chosen per item: the choice's value, by item kind. */
export type BrandOptions = Partial<Record<BrandItemKind, string>>;

/** The default choice of every item of a package. */
export function defaultOptions(items: readonly BrandItemKind[]): Record<string, string> {
  return Object.fromEntries(items.map((k) => [k, BRAND_ITEMS[k].option.choices[0]!.value]));
}

export interface BrandPriceLine {
  kind: BrandItemKind;
  name: string;
  choice: string;
  surcharge: number;
}
export interface BrandPrice {
  package_id: number;
  /** The package before options, cents. */
  base: number;
  lines: BrandPriceLine[];
  /** What the merchant pays, cents. */
  price: number;
}

/** The price of a package with the given options (unknown or missing choices take the default). */
export function brandPrice(pkg: BrandPackageDef, options: BrandOptions): BrandPrice {
  const lines = pkg.items.map((kind) => {
    const def = BRAND_ITEMS[kind];
    const choice = def.option.choices.find((c) => c.value === options[kind]) ?? def.option.choices[0]!;
    return { kind, name: def.name, choice: choice.label, surcharge: choice.surcharge };
  });
  return { package_id: pkg.package_id, base: pkg.price, lines, price: pkg.price + lines.reduce((s, l) => s + l.surcharge, 0) };
}

/** The item's picture for a choice (its value or its label), else the item's own. */
export function itemPictureFor(kind: BrandItemKind, choice: string | undefined): string {
  const def = BRAND_ITEMS[kind];
  return def.option.choices.find((c) => c.value === choice || c.label === choice)?.picture ?? def.picture;
}

/** A package as listed: its definition with its items spelled out. */
export interface BrandPackage extends BrandPackageDef {
  itemList: BrandItemDef[];
}

/** The merchant's customisation of one package (the brand package record). */
export interface BrandCustom {
  id: number;
  package_id: number;
  name: BrandPackageName;
  title: string;
  /** The price with the chosen options; fixed when submitted. */
  price: number;
  is_use: 0 | 1;
  status: number;
  statusName: string;
  logo: string;
  /** A picture of the merchant's own (a photo of the finished packaging): shown only once the package is paid (status 5). */
  order_pic: string;
  diao_pai: string;
  biao_qian: string;
  bao_zhuang_dai: string;
  zhi_xiang: string;
  jiao_zhi: string;
  /** 1 one-sided card, 2 two-sided. */
  ka_pian: 1 | 2;
  ka_pian_pic: string;
  skype: string;
  whatsapp: string;
  diao_pai_info: string;
  options: Record<string, string>;
  submitTime: string | null;
  paidTime: string | null;
  updateTime: string;
}

/** The artwork URL of an item on a record. */
export const artworkOf = (c: Pick<BrandCustom, BrandItemKind | 'ka_pian_pic'>, kind: BrandItemKind): string =>
  kind === 'ka_pian' ? c.ka_pian_pic : c[kind];

/** A branded item added to an order while its package is in use. */
export interface BrandOrderItem {
  id: number;
  package_id: number;
  packageTitle: string;
  kind: BrandItemKind;
  title: string;
  choice: string;
  /** The merchant's artwork printed on the item. */
  picture: string;
  /** The item's own picture in the chosen option, the artwork is shown on. */
  itemPicture: string;
  quantity: number;
}

export const BrandMessages = {
  packageNotFound: 'This package does not exist',
  notCustomised: 'Please save the package first',
  notSubmitted: 'Please submit the package first',
  alreadyPaid: 'This package has already been paid',
  paidLocked: 'This package has been paid and can no longer be changed',
  notPaid: 'Please pay for the package before using it',
  anotherInUse: 'Another package is in use: close it first',
  enableConfirm: 'Are you sure to enable it?',
  closeConfirm: 'Are you sure to close it?',
  unshippedOrders:
    'There are unshipped orders with this package’s branded items, so it cannot be closed now. Please contact your customer service manager.',
  success: 'Successful operation',
  imageRequired: 'Please select an image',
  notYours: 'This image does not belong to your account',
  badKaPian: 'ka_pian must be 1 (one-sided) or 2 (two-sided)',
  badWhatsapp: 'Please enter a valid WhatsApp number',
  notInPackage: 'is not part of this package',
  badIsUse: 'is_use must be 0 or 1',
} as const;

/** "Hang tag paper must be one of: Coated white, Kraft brown". */
export const badChoiceMessage = (kind: BrandItemKind): string =>
  `${BRAND_ITEMS[kind].name} ${BRAND_ITEMS[kind].option.name.toLowerCase()} must be one of: ${BRAND_ITEMS[kind].option.choices
    .map((c) => c.label)
    .join(', ')}`;

/** "Hang tag: Please select an image". */
export const missingArtworkMessage = (what: string): string => `${what}: ${BrandMessages.imageRequired}`;
