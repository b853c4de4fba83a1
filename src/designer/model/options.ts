/**
 * The product step's choices: several values per option (colours and sizes to sell), the
 * option check, the variants those choices make and the colour list the save body carries.
 */
import { dedupeColorNames } from '@pod-studio/engine/model';
import type { WireOption, WireVariant } from '../../api/catalog';

/** Chosen values per option, in option order. */
export type MultiSelection = string[][];

/** Every option needs at least one value, else 'Please select {option name}'. */
export function optionErrors(options: readonly WireOption[], sel: MultiSelection): (string | null)[] {
  return options.map((o, i) => ((sel[i]?.length ?? 0) > 0 ? null : `Please select ${o.name}`));
}

export function firstOptionError(options: readonly WireOption[], sel: MultiSelection): string | null {
  return optionErrors(options, sel).find((e) => e !== null) ?? null;
}

/** Adds or removes `value` of option `i`, keeping the option's own value order. */
export function toggleValue(options: readonly WireOption[], sel: MultiSelection, i: number, value: string): MultiSelection {
  return options.map((o, j) => {
    const cur = sel[j] ?? [];
    if (j !== i) return [...cur];
    const next = cur.includes(value) ? cur.filter((v) => v !== value) : [...cur, value];
    return o.values.map((v) => v.name).filter((name) => next.includes(name));
  });
}

/** Starts from single choices (the product page's) or, with none, nothing chosen. */
export function selectionFrom(options: readonly WireOption[], single: readonly (string | null)[] = []): MultiSelection {
  return options.map((o, i) => {
    const v = single[i];
    return v && o.values.some((x) => x.name === v) ? [v] : [];
  });
}

const valueAt = (v: WireVariant, i: number) => (i === 0 ? v.option1 : i === 1 ? v.option2 : v.option3);

/** The variants the chosen values make, in the product's variant order. */
export function chosenVariants(options: readonly WireOption[], variants: readonly WireVariant[], sel: MultiSelection): WireVariant[] {
  return variants.filter((v) => options.every((_, i) => (sel[i] ?? []).includes(valueAt(v, i) ?? '')));
}

export interface ChosenColour {
  /** The product's colour value name. */
  value: string;
  /** Unique among the chosen colours (duplicate names get numeric suffixes up to 49). */
  name: string;
  hex: string;
}

/** The chosen colours with hex swatches and store-safe unique names. */
export function chosenColours(options: readonly WireOption[], sel: MultiSelection): ChosenColour[] {
  const i = options.findIndex((o) => o.isColor);
  if (i < 0) return [];
  const opt = options[i]!;
  const picked = opt.values.filter((v) => (sel[i] ?? []).includes(v.name));
  const names = dedupeColorNames(picked.map((v) => v.name));
  return picked.map((v, k) => ({ value: v.name, name: names[k]!, hex: (v.hex ?? '#FFFFFF').toUpperCase() }));
}

/** Option values of a variant joined as the API writes them ('White / M'). */
export function variantTitle(v: WireVariant): string {
  return [v.option1, v.option2, v.option3].filter((x): x is string => !!x).join(' / ');
}
