/**
 * getAddressInfo: the parts of an address pasted as one text ("1600 Amphitheatre Pkwy, Mountain
 * View, CA 94043, United States") for the address form to fill in. Runs here, on rules: the
 * country from the last part (a name, an ISO code or a common other name), the postcode by that
 * country's pattern, a state or province code next to it (US, Canada, Australia), the city before
 * or beside the postcode, and the lines that are left as address lines. A part that cannot be
 * told is left empty for the merchant to type; nothing is looked up elsewhere.
 */
import { findCountry, SHIP_COUNTRIES, type ShipCountry } from '../catalog/shipping-rules';
import type { AddressInfo } from '../../contract/shop-settings';

/** Other names people write for countries we ship to. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US',
  'u.s.a.': 'US',
  'u.s.': 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'u.k.': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  deutschland: 'DE',
  'the netherlands': 'NL',
  holland: 'NL',
  nederland: 'NL',
  españa: 'ES',
  espana: 'ES',
  italia: 'IT',
  österreich: 'AT',
  osterreich: 'AT',
  belgique: 'BE',
  belgië: 'BE',
  schweiz: 'CH',
  suisse: 'CH',
  sverige: 'SE',
  danmark: 'DK',
  suomi: 'FI',
  polska: 'PL',
  czechia: 'CZ',
  éire: 'IE',
  'south korea': 'KR',
  korea: 'KR',
  uae: 'AE',
  méxico: 'MX',
  brasil: 'BR',
};

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(
    ' ',
  ),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));
const AU_STATES = new Set('ACT NSW NT QLD SA TAS VIC WA'.split(' '));
const REGION_CODES: Readonly<Record<string, ReadonlySet<string>>> = { US: US_STATES, CA: CA_PROVINCES, AU: AU_STATES };

const FOUR = /\b\d{4}\b/;
const FIVE = /\b\d{5}\b/;
/** Postcode patterns by country; others take FIVE, then FOUR. */
const POSTCODES: Readonly<Record<string, RegExp>> = {
  US: /\b\d{5}(?:-\d{4})?\b/,
  CA: /\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/i,
  GB: /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/i,
  NL: /\b\d{4} ?[A-Z]{2}\b/i,
  IE: /\b[A-Z]\d{2} ?[A-Z\d]{4}\b/i,
  PT: /\b\d{4}-\d{3}\b/,
  PL: /\b\d{2}-\d{3}\b/,
  BR: /\b\d{5}-?\d{3}\b/,
  JP: /\b\d{3}-\d{4}\b/,
  CZ: /\b\d{3} ?\d{2}\b/,
  SK: /\b\d{3} ?\d{2}\b/,
  SE: /\b\d{3} ?\d{2}\b/,
  GR: /\b\d{3} ?\d{2}\b/,
  LV: /\b(?:LV-)?\d{4}\b/i,
  LT: /\b(?:LT-)?\d{5}\b/i,
  MT: /\b[A-Z]{3} ?\d{4}\b/i,
  IS: /\b\d{3}\b/,
  IN: /\b\d{6}\b/,
  SG: /\b\d{6}\b/,
  RO: /\b\d{6}\b/,
  IL: /\b\d{7}\b/,
  AU: FOUR,
  NZ: FOUR,
  AT: FOUR,
  BE: FOUR,
  DK: FOUR,
  HU: FOUR,
  LU: /\b(?:L-)?\d{4}\b/i,
  NO: FOUR,
  CH: FOUR,
  SI: FOUR,
  CY: FOUR,
  ZA: FOUR,
};

const countriesByName = new Map(SHIP_COUNTRIES.map((c) => [c.country.toLowerCase(), c]));

/** A whole part naming a country: its name, ISO code or another common name. */
function countryNamed(part: string): ShipCountry | undefined {
  const key = part.trim().toLowerCase().replace(/\s+/g, ' ');
  return (
    countriesByName.get(key) ??
    (COUNTRY_ALIASES[key] ? findCountry(COUNTRY_ALIASES[key]) : undefined) ??
    (/^[a-z]{2}$/.test(key) ? findCountry(key) : undefined)
  );
}

/** The country at the end of the last part ("Berlin Germany", "94043 USA"): the rest of the part and the country. */
function countryAtEnd(part: string): { rest: string; country: ShipCountry } | null {
  const words = part.trim().split(/\s+/);
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const country = countryNamed(words.slice(-n).join(' '));
    // A bare two-letter word after other words is more likely a state ("CA 94043") than a country.
    if (country && !(n === 1 && words.length > 1 && words[words.length - 1]!.length === 2)) {
      return { rest: words.slice(0, -n).join(' '), country };
    }
  }
  return null;
}

const empty = (): AddressInfo => ({
  address1: '',
  address2: '',
  city: '',
  province: '',
  zip: '',
  country_code: '',
  country: '',
  ship_country_id: null,
});

export function parseAddress(text: string): AddressInfo {
  const out = empty();
  const parts = text
    .split(/[\n\r,;]+/)
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (parts.length === 0) return out;

  let country: ShipCountry | undefined;
  const last = parts[parts.length - 1]!;
  const whole = countryNamed(last);
  if (whole) {
    country = whole;
    parts.pop();
  } else {
    const found = countryAtEnd(last);
    if (found) {
      country = found.country;
      if (found.rest) parts[parts.length - 1] = found.rest;
      else parts.pop();
    }
  }

  // The postcode: in the last parts first (an address line may hold numbers too).
  let zipAt = -1;
  let zip = '';
  let beside = '';
  const patterns = country ? [POSTCODES[country.countryCode] ?? FIVE] : [POSTCODES.US!, POSTCODES.GB!, POSTCODES.CA!, FIVE, FOUR];
  for (let i = parts.length - 1; i >= Math.max(1, parts.length - 3) && zipAt < 0; i--) {
    for (const re of patterns) {
      const m = re.exec(parts[i]!);
      if (m) {
        zipAt = i;
        zip = m[0].toUpperCase();
        beside = (parts[i]!.slice(0, m.index) + ' ' + parts[i]!.slice(m.index + m[0].length)).trim().replace(/\s+/g, ' ');
        break;
      }
    }
  }

  // A state or province code beside the postcode ("CA 94043"); with no country given, a US state
  // with a US postcode makes it the US.
  const words = beside.split(' ').filter(Boolean);
  const region = words.length ? words[words.length - 1]!.toUpperCase() : '';
  let province = '';
  if (country && REGION_CODES[country.countryCode]?.has(region)) province = region;
  else if (!country && US_STATES.has(region) && /^\d{5}(-\d{4})?$/.test(zip)) {
    country = findCountry('US');
    province = region;
  }
  const cityBeside = province ? words.slice(0, -1).join(' ') : beside;

  let city = '';
  const lines = parts.slice();
  if (zipAt >= 0) {
    if (cityBeside) {
      city = cityBeside;
      lines.splice(zipAt, 1);
    } else if (zipAt >= 2 || (zipAt === 1 && parts.length > 2)) {
      // "Springfield, IL 62701": the city is the part before the postcode's.
      city = parts[zipAt - 1]!;
      lines.splice(zipAt - 1, 2);
    } else {
      lines.splice(zipAt, 1);
    }
  } else if (lines.length >= 2) {
    city = lines.pop()!;
  }

  out.address1 = lines[0] ?? '';
  out.address2 = lines.slice(1).join(', ');
  out.city = city;
  out.province = province;
  out.zip = zip;
  if (country) {
    out.country_code = country.countryCode;
    out.country = country.country;
    out.ship_country_id = country.shipCountryId;
  }
  return out;
}
