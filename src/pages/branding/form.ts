/**
 * The branding page's form: what the merchant is editing of a package record (artwork by item,
 * the logo and packaging photo, options, contacts, the hang tag's text), how it starts from the
 * saved record, whether it differs from it, and the save body it becomes. Pure: no React, no calls.
 */
import {
  BRAND_STATUS_NAMES,
  BrandStatus,
  artworkOf,
  defaultOptions,
  type BrandCustom,
  type BrandItemKind,
  type BrandPackageDef,
} from '../../../contract/branding';
import type { BrandSaveBody } from '../../api/branding';

export interface BrandForm {
  logo: string;
  order_pic: string;
  artwork: Partial<Record<BrandItemKind, string>>;
  options: Record<string, string>;
  skype: string;
  whatsapp: string;
  diao_pai_info: string;
}

export function formOf(pkg: BrandPackageDef, record: BrandCustom | null): BrandForm {
  return {
    logo: record?.logo ?? '',
    order_pic: record?.order_pic ?? '',
    artwork: Object.fromEntries(pkg.items.map((k) => [k, record ? artworkOf(record, k) : ''])),
    options: { ...defaultOptions(pkg.items), ...(record?.options ?? {}) },
    skype: record?.skype ?? '',
    whatsapp: record?.whatsapp ?? '',
    diao_pai_info: record?.diao_pai_info ?? '',
  };
}

export function saveBodyOf(pkg: BrandPackageDef, form: BrandForm): BrandSaveBody {
  const body: BrandSaveBody = {
    package_id: pkg.package_id,
    logo: form.logo,
    options: Object.fromEntries(pkg.items.map((k) => [k, form.options[k] ?? defaultOptions([k])[k]!])),
    skype: form.skype.trim(),
    whatsapp: form.whatsapp.trim(),
    diao_pai_info: form.diao_pai_info.trim(),
  };
  // The packaging photo is given on its own once the package is paid (savePackagingPhoto in the editor).
  for (const kind of pkg.items) {
    const url = form.artwork[kind] ?? '';
    if (kind === 'ka_pian') body.ka_pian_pic = url;
    else body[kind] = url;
  }
  return body;
}

/** Whether the form holds changes the saved record does not. */
export function isDirty(pkg: BrandPackageDef, form: BrandForm, record: BrandCustom | null): boolean {
  return JSON.stringify(saveBodyOf(pkg, form)) !== JSON.stringify(saveBodyOf(pkg, formOf(pkg, record)));
}

/** What still lacks before submitting, in the order the server checks it; null when complete. */
export function missingPart(pkg: BrandPackageDef, form: BrandForm, itemName: (k: BrandItemKind) => string): string | null {
  if (!form.logo) return 'Logo';
  for (const kind of pkg.items) if (!form.artwork[kind]) return itemName(kind);
  return null;
}

/** The badge of a record: its status, and "In use" while it is. */
export function statusBadge(
  record: BrandCustom | null | undefined,
): { text: string; tone: 'draft' | 'waiting' | 'paid' | 'in-use' } | null {
  if (!record) return null;
  if (record.is_use === 1) return { text: 'In use', tone: 'in-use' };
  if (record.status === BrandStatus.PAID) return { text: BRAND_STATUS_NAMES[5]!, tone: 'paid' };
  if (record.status === BrandStatus.SUBMITTED) return { text: BRAND_STATUS_NAMES[1]!, tone: 'waiting' };
  return { text: BRAND_STATUS_NAMES[0]!, tone: 'draft' };
}
