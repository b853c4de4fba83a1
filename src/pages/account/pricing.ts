/**
 * The pricing-rule form's text ⇄ the wire rule (contract/products.ts): the merchant types a
 * multiplier like "2.5" and a markup like "4.99"; the server stores 250 % and 499 cents.
 */
import {
  MULTIPLIER_PCT_MAX,
  MULTIPLIER_PCT_MIN,
  ProductMessages,
  centsToPriceText,
  priceRuleError,
  priceTextToCents,
  type PriceRule,
  type PriceRuleMode,
} from '../../../contract/products';

export interface PriceRuleForm {
  mode: PriceRuleMode;
  multiplier: string;
  markup: string;
}

export function ruleToForm(rule: PriceRule): PriceRuleForm {
  return { mode: rule.mode, multiplier: centsToPriceText(rule.multiplierPct), markup: centsToPriceText(rule.markupCents) };
}

const MULTIPLIER_RE = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * The form as a rule, or the message of the first wrong field. Only the chosen mode's number is
 * checked; the other one keeps its saved value when what is typed there is not valid, so a
 * half-edited field the merchant switched away from cannot block saving.
 */
export function formToRule(
  form: PriceRuleForm,
  saved: PriceRule,
): { rule: PriceRule } | { field: 'multiplier' | 'markup' | 'mode'; error: string } {
  if (form.mode !== 'multiplier' && form.mode !== 'markup') return { field: 'mode', error: ProductMessages.modeInvalid };
  const multiplierPct = parseMultiplier(form.multiplier);
  const markupCents = parseMarkup(form.markup);
  if (form.mode === 'multiplier' && multiplierPct === null) return { field: 'multiplier', error: ProductMessages.multiplierInvalid };
  if (form.mode === 'markup' && markupCents === null) return { field: 'markup', error: ProductMessages.markupInvalid };
  const rule: PriceRule = {
    mode: form.mode,
    multiplierPct: multiplierPct ?? saved.multiplierPct,
    markupCents: markupCents ?? saved.markupCents,
  };
  const error = priceRuleError(rule);
  return error ? { field: 'mode', error } : { rule };
}

/** "2.5" → 250 (per cent of the cost), within 1.00 … 100.00; null otherwise. */
function parseMultiplier(text: string): number | null {
  const m = text.trim();
  const pct = MULTIPLIER_RE.test(m) ? Math.round(Number(m) * 100) : NaN;
  return pct >= MULTIPLIER_PCT_MIN && pct <= MULTIPLIER_PCT_MAX ? pct : null;
}

/** "4.99" → 499 cents; "0" is a valid markup (sell at cost), which the price filter's 1-cent minimum would refuse. */
function parseMarkup(text: string): number | null {
  const a = text.trim();
  return /^0+(\.0{1,2})?$/.test(a) ? 0 : priceTextToCents(a);
}
