/**
 * Shop settings shared by the settings page and the API: the merchant's default shipping method
 * per destination and warehouse (getLogistics, getShopLogistics, setShopLogistics,
 * deleteShopLogistics), the IOSS number for EU orders (getIOSSparam), the bonus list
 * (getHonglilist), parsing a pasted address (getAddressInfo) and the merchant's downloads
 * (common/download). Pure: no server or browser code.
 */
import type { Schema } from './validation';
import type { ShipFromCode } from './commerce';

/** The destination of a default that applies to every country without a default of its own. */
export const ALL_DESTINATIONS = 'ALL';

/** Warehouses in the order the settings page lists them. */
export const WAREHOUSES: readonly { code: ShipFromCode; name: string }[] = [
  { code: 'CN', name: 'China' },
  { code: 'US', name: 'USA' },
  { code: 'AU', name: 'Australia' },
];

/**
 * The EU member states (the IOSS scheme covers imports into these). Not the free-shipping list:
 * that one also holds GB and IS, which are outside the EU.
 */
export const EU_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

export function isEuCountry(code: string): boolean {
  return EU_COUNTRIES.includes(code.trim().toUpperCase());
}

/** IOSS covers consignments whose goods are worth at most 150 EUR (in euro cents). */
export const IOSS_THRESHOLD_EUR_CENTS = 15_000;
/** 'IM', then 10 digits: 3 for the EU state that issued it and a 7-digit number. */
export const IOSS_RE = /^IM\d{10}$/;

/** What the merchant typed, as it is stored: no spaces, upper case ("im 123 4567890" → "IM1234567890"). */
export function normalizeIoss(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export const ShopSettingsMessages = {
  destinationRequired: 'Please select a destination',
  unknownCountry: 'Unknown country code',
  warehouseRequired: 'Please select a warehouse',
  unknownWarehouse: 'Please select a warehouse: CN (China), US (USA) or AU (Australia)',
  methodRequired: 'Please select a shipping method',
  unknownMethod: 'Unknown shipping method',
  methodNotFromWarehouse: 'This shipping method does not ship from the selected warehouse',
  settingNotFound: 'This shipping default does not exist',
  iossInvalid: 'Please enter a valid IOSS number: IM followed by 10 digits',
  addressRequired: 'Please enter an address',
  fileNameRequired: 'Please give the file name',
  fileNameInvalid: 'This is not a file name of your downloads',
  fileNotFound: 'The file does not exist or has expired',
  deleteNeedsDelete: 'A download is deleted with DELETE /prod-api/common/download; GET only reads it',
} as const;

/** The IOSS form: empty clears the number, otherwise IM and 10 digits (spaces and case forgiven). */
export const iossSchema: Schema = {
  iossNumber: [(v) => (v === '' || IOSS_RE.test(normalizeIoss(v)) ? null : ShopSettingsMessages.iossInvalid)],
};

/** A shipping method a warehouse offers (getLogistics). */
export interface LogisticsMethod {
  logisticsId: number;
  shipMethod: string;
  carrier: string;
  shipFrom: ShipFromCode;
  shipFromName: string;
  /** Business days to the warehouse's home zone, e.g. '7-12 business days'. */
  shipTime: string;
}

/** One of the merchant's defaults (getShopLogistics). */
export interface ShopLogistics {
  id: number;
  /** An ISO country code, or ALL_DESTINATIONS. */
  countryCode: string;
  /** The country's name, or 'All other countries'. */
  country: string;
  shipCountryId: number | null;
  shipFrom: ShipFromCode;
  shipFromName: string;
  logisticsId: number;
  shipMethod: string;
  carrier: string;
  updateTime: string;
}

export interface SetShopLogisticsBody {
  countryCode: string;
  shipFrom: ShipFromCode;
  logisticsId: number;
}

/** getIOSSparam: the merchant's number and the scheme's terms. */
export interface IossParam {
  iossNumber: string | null;
  thresholdEurCents: number;
  countries: readonly string[];
}

/** An order's IOSS, on orders to the EU (null on other orders). */
export interface OrderIoss {
  /** The number the order was placed under, or null when the merchant had none then. */
  iossNumber: string | null;
  /** The goods' value in euro cents at the display rate. */
  goodsValueEurCents: number;
  /** True when the goods are worth at most 150 EUR, so IOSS covers the import. */
  eligible: boolean;
}

/** A row of getHonglilist: a bonus credited to the balance (cash back or rebate). */
export interface BonusRecord {
  id: number;
  type: number;
  typeName: string;
  /** Cents. */
  amount: number;
  orderNo: string | null;
  remark: string;
  createTime: string;
}

/** getAddressInfo: the parts found in a pasted address ('' where a part was not found). */
export interface AddressInfo {
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  country_code: string;
  country: string;
  ship_country_id: number | null;
}

/** getShopifyDomain: the merchant's Shopify store. */
export interface ShopifyDomain {
  shopId: number;
  myshopifyDomain: string;
  simplename: string | null;
}
