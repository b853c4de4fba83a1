/**
 * Bulk design: one design onto many catalogue products at once. The rules client and server share:
 * how many products one bulk save takes, the pricing rules of the bulk price page, the title and
 * description templates with their placeholders, and the spreadsheet's columns and messages.
 */
import { PRICE_MAX_CENTS } from './products';

/** Products one batchAdd call creates at most; a bigger job is saved in several calls. */
export const BULK_SAVE_MAX = 50;
/** Products one bulk job holds at most. */
export const BULK_JOB_MAX = 200;
/** A spreadsheet of products to create: at most 10 MB and this many rows. */
export const SHEET_MAX_BYTES = 10 * 1024 * 1024;
export const SHEET_MAX_ROWS = BULK_JOB_MAX;

export const BulkMessages = {
  notExcel: 'This file is not a Excel',
  excelTooLarge: 'Excel max 10M',
  sheetEmpty: 'The spreadsheet has no product rows',
  sheetTooLong: `At most ${SHEET_MAX_ROWS} product rows at once`,
  noProducts: 'Please select a product',
  tooManyProducts: `At most ${BULK_JOB_MAX} products in one bulk design`,
  noDesign: 'Please add a design',
  tooManyItems: `At most ${BULK_SAVE_MAX} products per request`,
  created: 'Saved successfully',
  factorInvalid: 'Please enter a factor from 1.00 to 100.00',
  amountInvalid: 'Please enter an amount with up to 5 digits and 2 decimals',
} as const;

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

/**
 * How the bulk price page prices a variant from its cost: cost × factor, cost + amount, or one
 * fixed price; `round99` then ends every price in .99 (the next .99 at or above it).
 */
export type BulkPriceRule =
  | { kind: 'factor'; factorPct: number; round99: boolean }
  | { kind: 'add'; amountCents: number; round99: boolean }
  | { kind: 'fixed'; priceCents: number; round99: boolean };

/** Ends a price in .99: 12.00 → 12.99, 12.99 → 12.99, 13.05 → 13.99. */
export function roundTo99(cents: number): number {
  return Math.floor(cents / 100) * 100 + 99;
}

/** The selling price under `rule` of a variant costing `costCents`, from 1 cent to 99999.99. */
export function bulkPrice(costCents: number, rule: BulkPriceRule): number {
  const raw =
    rule.kind === 'factor'
      ? Math.round((costCents * rule.factorPct) / 100)
      : rule.kind === 'add'
        ? costCents + rule.amountCents
        : rule.priceCents;
  const priced = rule.round99 ? roundTo99(raw) : raw;
  return Math.min(PRICE_MAX_CENTS, Math.max(1, priced));
}

// ---------------------------------------------------------------------------------------------
// Titles and descriptions
// ---------------------------------------------------------------------------------------------

/** The placeholders a title or description template may hold, with what each stands for. */
export const TEMPLATE_PLACEHOLDERS = {
  '{product}': 'the catalogue product name',
  '{colour}': 'the colours the product is sold in',
  '{design}': 'the design name',
} as const;

export interface TemplateValues {
  product: string;
  colour: string;
  design: string;
}

/**
 * A title or description from its template: each placeholder replaced by its value (`{color}`
 * is taken for `{colour}`), runs of spaces left by an empty value closed up. Unknown braces stay.
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template
    .replace(/\{(product|colou?r|design)\}/gi, (_, name: string) => {
      const key = name.toLowerCase();
      return key === 'product' ? values.product : key === 'design' ? values.design : values.colour;
    })
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Spreadsheet
// ---------------------------------------------------------------------------------------------

/**
 * The columns of the bulk spreadsheet, in the template's order. `product` is a catalogue product
 * id or handle; `design_image` names an image uploaded beside the sheet (its file name) or the
 * URL of one in the merchant's own library; `design_text` is text to print instead of (or over)
 * the image; colours and sizes are comma lists of option values (empty: all); `price` is the
 * selling price of every variant (empty: the account's pricing rule).
 */
export const SHEET_COLUMNS = ['product', 'design_image', 'design_text', 'colours', 'sizes', 'price', 'title'] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
