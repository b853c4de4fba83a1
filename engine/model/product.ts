import { CUSTOM_TYPES_3D } from './constants.ts';
import type { EngineProduct, ProductOption } from './types.ts';

/** Custom types 2, 3, 5, 6, 7 are 3D / flat types, which need templates. */
export function is3DCustomType(customType: number): boolean {
  return CUSTOM_TYPES_3D.includes(customType);
}

/**
 * Splits the API's bracketed option value lists: '[Red,Navy Blue]' -> ['Red', 'Navy Blue'].
 * Brackets are optional and entries are trimmed; empty entries are dropped because the API
 * writes '[]' (and sometimes a trailing comma) for an empty list. Hex entries keep their '%23'
 * placeholder; pass them through parseHexColor.
 */
export function parseBracketList(raw: string): string[] {
  const inner = raw.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export function colorOption(product: Pick<EngineProduct, 'options'>): ProductOption | undefined {
  return product.options.find((option) => option.isColor);
}
