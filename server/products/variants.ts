/**
 * Which catalogue variants a saved product sells, and at what price: pure functions over the
 * catalogue's options and variants, so the rules are unit-tested without a database.
 */
import { applyPriceRule, isPriceCents, ProductMessages, type ColorPick, type PriceRule } from '../../contract/products';

export interface CatalogOption {
  name: string;
  position: 1 | 2 | 3;
  isColor: boolean;
  values: { name: string; hex: string | null }[];
}

export interface CatalogVariant {
  id: number;
  position: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  sku: string;
  cost: number;
}

/** Picked values per option position (1-3); an empty or missing list means "all". */
export type OptionPicks = Partial<Record<1 | 2 | 3, string[]>>;

const valueAt = (v: CatalogVariant, position: 1 | 2 | 3) => (position === 1 ? v.option1 : position === 2 ? v.option2 : v.option3);
const norm = (s: string) => s.trim().toLowerCase();

/**
 * The variants matching the picked colours (by hex or name on the colour option) and the picked
 * values of each option. Nothing picked: every variant.
 */
export function selectVariants(
  options: readonly CatalogOption[],
  variants: readonly CatalogVariant[],
  colors: readonly ColorPick[],
  picks: OptionPicks,
): CatalogVariant[] {
  const wanted = new Map<1 | 2 | 3, Set<string>>();
  for (const position of [1, 2, 3] as const) {
    const list = picks[position];
    if (list && list.length > 0) wanted.set(position, new Set(list.map(norm)));
  }
  const colorOption = options.find((o) => o.isColor);
  if (colorOption && colors.length > 0) {
    const hexes = new Set(colors.map((c) => norm(c.color)));
    const names = new Set(colors.flatMap((c) => (c.name ? [norm(c.name)] : [])));
    const values = colorOption.values.filter((v) => (v.hex && hexes.has(norm(v.hex))) || names.has(norm(v.name))).map((v) => norm(v.name));
    const prior = wanted.get(colorOption.position);
    wanted.set(colorOption.position, new Set(prior ? values.filter((v) => prior.has(v)) : values));
  }
  return variants.filter((v) =>
    [...wanted].every(([position, set]) => {
      const value = valueAt(v, position);
      return value !== null && set.has(norm(value));
    }),
  );
}

export interface PricedVariant extends CatalogVariant {
  price: number;
}

/**
 * Prices for the chosen variants: an explicit list must name this product's variants (each at most
 * once) with prices the price filter allows; a variant without a price, or no list at all, is
 * priced by the rule. Answers the error message instead when the input is refused.
 */
export function priceVariants(
  catalog: readonly CatalogVariant[],
  selected: readonly CatalogVariant[],
  explicit: readonly { variantId: number; price?: number }[] | undefined,
  rule: PriceRule,
): PricedVariant[] | { error: string } {
  if (explicit === undefined) {
    if (selected.length === 0) return { error: ProductMessages.noVariants };
    return selected.map((v) => ({ ...v, price: applyPriceRule(v.cost, rule) }));
  }
  if (explicit.length === 0) return { error: ProductMessages.noVariants };
  const byId = new Map(catalog.map((v) => [v.id, v]));
  const seen = new Set<number>();
  const out: PricedVariant[] = [];
  for (const e of explicit) {
    const v = byId.get(e.variantId);
    if (!v || seen.has(e.variantId)) return { error: ProductMessages.variantNotInProduct };
    seen.add(e.variantId);
    if (e.price !== undefined && !isPriceCents(e.price)) return { error: ProductMessages.priceInvalid };
    out.push({ ...v, price: e.price ?? applyPriceRule(v.cost, rule) });
  }
  return out.sort((a, b) => a.position - b.position);
}
