import { MAX_COLOR_NAME_SUFFIX } from './constants.ts';
import { DataError } from './errors.ts';

// '%23' is how the API writes '#' inside option value lists (a placeholder for '#').
const HEX_RE = /^(?:#|%23)?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#RRGGBB' (upper case) for 3 or 6 hex digits with '#', '%23' or no prefix; null otherwise. */
export function parseHexColor(input: string): string | null {
  const match = HEX_RE.exec(input.trim());
  const digits = match?.[1];
  if (digits === undefined) return null;
  const six = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits;
  return `#${six.toUpperCase()}`;
}

export function isHexColor(input: string): boolean {
  return parseHexColor(input) !== null;
}

/** Like parseHexColor but throws a DataError, for callers that treat a bad colour as bad data. */
export function normalizeHexColor(input: string): string {
  const hex = parseHexColor(input);
  if (hex === null) throw new DataError(`bad hex colour ${JSON.stringify(input)}`);
  return hex;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function hexToRgb(input: string): Rgb {
  const hex = normalizeHexColor(input);
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
}

/**
 * Makes colour names unique for the store: the first 'Red' stays 'Red', later ones become
 * 'Red1', 'Red2' ... 'Red49' (suffix appended without a space, as Shopify-style option values
 * are usually written). Names are compared trimmed and case-insensitively because stores treat
 * 'Red' and 'red' as the same option value. Names that are already unique keep their spelling
 * and are reserved first, so ['Red', 'Red', 'Red1'] gives ['Red', 'Red2', 'Red1'].
 * Throws a DataError when a name would need a suffix above 49.
 */
export function dedupeColorNames(names: readonly string[]): string[] {
  const key = (name: string) => name.trim().toLowerCase();
  const taken = new Set<string>();
  const keepsName = names.map((name) => {
    const k = key(name);
    if (taken.has(k)) return false;
    taken.add(k);
    return true;
  });
  return names.map((name, i) => {
    if (keepsName[i]) return name;
    const base = name.trim();
    for (let suffix = 1; suffix <= MAX_COLOR_NAME_SUFFIX; suffix += 1) {
      const candidate = `${base}${suffix}`;
      const k = key(candidate);
      if (!taken.has(k)) {
        taken.add(k);
        return candidate;
      }
    }
    throw new DataError(`colour name ${JSON.stringify(base)}: more than ${MAX_COLOR_NAME_SUFFIX} duplicates`);
  });
}
