/**
 * Temporary tattoos: what marks a catalogue product as one and how its print files are made.
 *
 * A tattoo product's customInfo carries `print: { kind: 'tattoo', ... }` (TattooPrintInfo); the
 * print path reads it and prints the design mirrored (the paper goes on face down), with paper
 * white left out, at the size of the ordered variant's Size option, plus a cut line at the
 * ordered Cut Line option's offset (docs/domains/commerce.md, "Tattoo print files").
 */

export const TATTOO_PRINT_KIND = 'tattoo';
/** Option names a tattoo product's variants carry. */
export const TATTOO_SIZE_OPTION = 'Size';
export const TATTOO_CUT_OPTION = 'Cut Line';
/** What tattoo-paper printers print at. */
export const TATTOO_PRINT_DPI = 300;
/** Cut offsets a cutter can hold: from touching the art to a wide margin, mm. */
export const TATTOO_CUT_MIN_MM = 0;
export const TATTOO_CUT_MAX_MM = 10;

/** customInfo.print of a tattoo product. */
export interface TattooPrintInfo {
  kind: typeof TATTOO_PRINT_KIND;
  /** The cut's distance outside the artwork when the variant names none, mm. */
  cutOffsetMm: number;
  dpi: number;
}

/** How one ordered tattoo is printed: its size, resolution and cut. */
export interface TattooPrintJob {
  widthIn: number;
  heightIn: number;
  dpi: number;
  cutOffsetMm: number;
  mirror: true;
  whiteToAlpha: true;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const okOffset = (v: unknown): v is number => typeof v === 'number' && v >= TATTOO_CUT_MIN_MM && v <= TATTOO_CUT_MAX_MM;

/** The tattoo flag of a product's customInfo, or null when the product is not a tattoo (or the flag is malformed). */
export function readTattooPrint(customInfo: unknown): TattooPrintInfo | null {
  const print = isRecord(customInfo) ? customInfo.print : undefined;
  if (!isRecord(print) || print.kind !== TATTOO_PRINT_KIND || !okOffset(print.cutOffsetMm)) return null;
  const dpi = typeof print.dpi === 'number' && print.dpi >= 72 && print.dpi <= 1200 ? print.dpi : TATTOO_PRINT_DPI;
  return { kind: TATTOO_PRINT_KIND, cutOffsetMm: print.cutOffsetMm, dpi };
}

/** "2 x 2 in", "1.5 x 3 in" → inches; null for anything else. */
export function parseSizeInches(value: string): { widthIn: number; heightIn: number } | null {
  const m = /^\s*(\d{1,2}(?:\.\d{1,2})?)\s*[x×]\s*(\d{1,2}(?:\.\d{1,2})?)\s*(?:in|inch|inches|")\s*$/i.exec(value);
  if (!m) return null;
  const widthIn = Number(m[1]);
  const heightIn = Number(m[2]);
  return widthIn > 0 && heightIn > 0 ? { widthIn, heightIn } : null;
}

/** "1.5 mm" → 1.5; null for anything else or outside what a cutter holds. */
export function parseMillimetres(value: string): number | null {
  const m = /^\s*(\d{1,2}(?:\.\d{1,2})?)\s*mm\s*$/i.exec(value);
  if (!m) return null;
  const mm = Number(m[1]);
  return okOffset(mm) ? mm : null;
}

/**
 * How an ordered tattoo is printed: the Size option's inches (else the print area's own), the
 * Cut Line option's offset (else the product's), at the product's DPI. `options` are the
 * variant's values by option name.
 */
export function tattooPrintJob(
  info: TattooPrintInfo,
  options: Readonly<Record<string, string>>,
  printArea: { widthIn: number; heightIn: number },
): TattooPrintJob {
  const size = options[TATTOO_SIZE_OPTION] !== undefined ? parseSizeInches(options[TATTOO_SIZE_OPTION]) : null;
  const cut = options[TATTOO_CUT_OPTION] !== undefined ? parseMillimetres(options[TATTOO_CUT_OPTION]) : null;
  return {
    widthIn: size?.widthIn ?? printArea.widthIn,
    heightIn: size?.heightIn ?? printArea.heightIn,
    dpi: info.dpi,
    cutOffsetMm: cut ?? info.cutOffsetMm,
    mirror: true,
    whiteToAlpha: true,
  };
}
