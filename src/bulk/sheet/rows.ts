/**
 * Spreadsheet rows to bulk products. Each row names a catalogue product (id or handle), a design
 * (an image uploaded beside the sheet, by file name, and/or a text), the colours and sizes to
 * make (empty: the job's default), a price for every variant (empty: the account's pricing rule)
 * and a title. A row that cannot become a product is reported with its row number (the header is
 * row 1) and the others go on. Pure: products and images are looked up beforehand.
 */
import { BulkMessages, SHEET_COLUMNS, SHEET_MAX_ROWS, type SheetColumn } from '../../../contract/bulk';
import { PRODUCT_TITLE_MAX, ProductMessages, priceTextToCents } from '../../../contract/products';
import type { ProductDetail } from '../../api/catalog';
import type { DesignSource } from '../model/design';

/** A row's cells by column, and its row number in the sheet (the header is row 1). */
export type SheetRow = Partial<Record<SheetColumn, string>> & { rowNumber?: number };

export interface RowProduct {
  row: number;
  product: ProductDetail;
  /** Picked values per product option; an empty list takes the job's default. */
  selection: string[][];
  priceCents: number | null;
  title: string | null;
  imageName: string | null;
  text: string | null;
}

export interface SheetResult {
  products: RowProduct[];
  rejected: { row: number; msg: string }[];
}

/** The row's cells under their column names: headers matched without case, spaces or underscores. */
export function normaliseRow(raw: Readonly<Record<string, unknown>>, rowNumber?: number): SheetRow {
  const out: SheetRow = rowNumber === undefined ? {} : { rowNumber };
  const wanted = new Map(SHEET_COLUMNS.map((c) => [c.replace(/_/g, ''), c]));
  wanted.set('colors', 'colours');
  wanted.set('color', 'colours');
  wanted.set('colour', 'colours');
  wanted.set('size', 'sizes');
  wanted.set('image', 'design_image');
  wanted.set('text', 'design_text');
  for (const [k, v] of Object.entries(raw)) {
    const col = wanted.get(k.toLowerCase().replace(/[\s_]/g, ''));
    if (col && v !== undefined && v !== null) out[col] = String(v).trim();
  }
  return out;
}

const list = (cell: string | undefined): string[] =>
  (cell ?? '')
    .split(/[,;|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The option values a row names, matched without case; the first value not offered is the error. */
function pick(product: ProductDetail, colours: string[], sizes: string[]): { selection: string[][] } | { error: string } {
  const selection = product.options.map(() => [] as string[]);
  const colourAt = product.options.findIndex((o) => o.isColor);
  const take = (values: string[], at: (i: number) => boolean, what: string): string | null => {
    for (const v of values) {
      const i = product.options.findIndex((o, k) => at(k) && o.values.some((x) => x.name.toLowerCase() === v.toLowerCase()));
      if (i < 0) return `${what} "${v}" is not offered for ${product.title}`;
      selection[i]!.push(product.options[i]!.values.find((x) => x.name.toLowerCase() === v.toLowerCase())!.name);
    }
    return null;
  };
  const bad = take(colours, (k) => k === colourAt, 'Colour') ?? take(sizes, (k) => k !== colourAt, 'Size');
  return bad ? { error: bad } : { selection };
}

export function readSheetRows(
  rows: readonly SheetRow[],
  products: ReadonlyMap<string, ProductDetail>,
  images: ReadonlyMap<string, DesignSource>,
): SheetResult {
  const out: SheetResult = { products: [], rejected: [] };
  if (rows.length === 0) {
    out.rejected.push({ row: 1, msg: BulkMessages.sheetEmpty });
    return out;
  }
  rows.forEach((r, i) => {
    const row = r.rowNumber ?? i + 2;
    const reject = (msg: string) => out.rejected.push({ row, msg });
    if (i >= SHEET_MAX_ROWS) return reject(BulkMessages.sheetTooLong);
    const ref = r.product ?? '';
    if (!ref) return reject('Please enter a product id or handle');
    const product = products.get(ref.toLowerCase());
    if (!product) return reject(`No catalogue product "${ref}"`);
    const imageName = r.design_image || null;
    if (imageName && !images.has(imageName.toLowerCase())) return reject(`The image "${imageName}" was not uploaded with the sheet`);
    const text = r.design_text || null;
    if (!imageName && !text) return reject(BulkMessages.noDesign);
    const picked = pick(product, list(r.colours), list(r.sizes));
    if ('error' in picked) return reject(picked.error);
    let priceCents: number | null = null;
    if (r.price) {
      priceCents = priceTextToCents(r.price);
      if (priceCents === null) return reject(ProductMessages.priceInvalid);
      if (priceCents < 1) return reject(ProductMessages.pricePositive);
    }
    const title = r.title ? r.title.replace(/\s+/g, ' ') : null;
    if (title && title.length > PRODUCT_TITLE_MAX) return reject(ProductMessages.titleTooLong);
    out.products.push({ row, product, selection: picked.selection, priceCents, title, imageName, text });
  });
  return out;
}
