/**
 * Reading the merchant's spreadsheet (.xlsx, .xls or .csv) and writing the template to fill in,
 * with SheetJS (the @e965/xlsx build of its current release: the copy on npm under "xlsx" is
 * years old and has known flaws). The file is checked by its content, not its name, and by size
 * before it is parsed. The library is loaded only when a sheet is used.
 */
import { BulkMessages, SHEET_COLUMNS, SHEET_MAX_BYTES } from '../../../contract/bulk';
import { normaliseRow, type SheetRow } from './rows';

export type SheetKind = 'xlsx' | 'xls' | 'csv';

/** xlsx is a zip (PK 03 04), xls an OLE compound file (D0 CF 11 E0); csv is text without NUL bytes. */
export function sheetKind(head: Uint8Array, name: string): SheetKind | null {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return 'xls';
  if (/\.csv$/i.test(name) && head.length > 0 && !head.includes(0)) return 'csv';
  return null;
}

export type ReadResult = { ok: true; rows: SheetRow[] } | { ok: false; msg: string };

export async function readSheet(file: File): Promise<ReadResult> {
  if (file.size > SHEET_MAX_BYTES) return { ok: false, msg: BulkMessages.excelTooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sheetKind(bytes.subarray(0, 512), file.name);
  if (!kind) return { ok: false, msg: BulkMessages.notExcel };
  const XLSX = await import('@e965/xlsx');
  let book;
  try {
    book = kind === 'csv' ? XLSX.read(new TextDecoder().decode(bytes), { type: 'string' }) : XLSX.read(bytes, { type: 'array' });
  } catch {
    return { ok: false, msg: BulkMessages.notExcel };
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) return { ok: false, msg: BulkMessages.sheetEmpty };
  const raw = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: false, defval: '' });
  // SheetJS skips blank rows and notes each row's 0-based place in the sheet, so reported row
  // numbers are the ones the merchant sees in their spreadsheet program.
  const rows = raw.map((r, i) => normaliseRow(r, ((r as { __rowNum__?: number }).__rowNum__ ?? i + 1) + 1));
  return { ok: true, rows };
}

/** The template: the column headers and one example row. */
export async function templateWorkbook(example: Record<(typeof SHEET_COLUMNS)[number], string>): Promise<Blob> {
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.json_to_sheet([example], { header: [...SHEET_COLUMNS] });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Products');
  const out = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([out], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
