/**
 * Schemas of personalisation: the rule a merchant puts on an element (`personalize`) and the
 * check that a rule fits its element (text choices carry texts or colours, picture choices carry
 * pictures, a choice has at least two options).
 */
import type { z } from 'zod';
import { PERSONALIZE_LIMITS } from '../personalize-limits.ts';
import type { PersonalizeOption, PersonalizeRule } from '../personalize-types.ts';
import { report } from './messages.ts';
import {
  booleanSchema,
  hexColorSchema,
  integerSchema,
  listOf,
  nonEmptySchema,
  objectOf,
  oneOf,
  optional,
  positiveSchema,
  stringSchema,
  withDefault,
} from './primitives.ts';

const L = PERSONALIZE_LIMITS;

const labelSchema = nonEmptySchema
  .transform((s) => s.trim())
  .refine((s) => s.length <= L.labelMax, { error: `expected at most ${L.labelMax} characters` });

export const personalImageSchema = objectOf({ url: nonEmptySchema, width: positiveSchema, height: positiveSchema });

export const personalizeOptionSchema = objectOf({
  label: labelSchema,
  text: optional(stringSchema.refine((s) => s.length <= L.textMax, { error: `expected at most ${L.textMax} characters` })),
  color: optional(hexColorSchema),
  image: optional(personalImageSchema),
}).transform((o): PersonalizeOption => {
  // Absent members stay absent, so a rule round-trips through JSON unchanged.
  const out: PersonalizeOption = { label: o.label };
  if (o.text !== undefined) out.text = o.text;
  if (o.color !== undefined) out.color = o.color;
  if (o.image !== undefined) out.image = o.image;
  return out;
});

const maxLengthSchema = integerSchema.refine((n) => n >= 1 && n <= L.textMax, {
  error: `expected a length from 1 to ${L.textMax}`,
});

export const personalizeRuleSchema = objectOf({
  label: labelSchema,
  required: withDefault(booleanSchema, () => false),
  kind: oneOf(['input', 'choice'], 'unknown personalisation kind'),
  maxLength: withDefault(maxLengthSchema, (): number => L.defaultMaxLength),
  fonts: withDefault(listOf(nonEmptySchema).max(L.fontsMax, { error: `expected at most ${L.fontsMax} fonts` }), (): string[] => []),
  colors: withDefault(listOf(hexColorSchema).max(L.colorsMax, { error: `expected at most ${L.colorsMax} colours` }), (): string[] => []),
  options: withDefault(
    listOf(personalizeOptionSchema).max(L.optionsMax, { error: `expected at most ${L.optionsMax} options` }),
    (): PersonalizeOption[] => [],
  ),
}).superRefine((rule: PersonalizeRule, ctx) => {
  if (rule.kind === 'choice' && rule.options.length < 2) report(ctx, ['options'], 'a choice needs at least 2 options');
});

/**
 * Refines a design element: its `personalize` rule must fit its type. Reported under the
 * element's own path, so a document names the element at fault.
 */
export function checkRuleFitsElement(
  el: { type: 'text' | 'image'; personalize?: PersonalizeRule | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  const rule = el.personalize;
  if (!rule) return;
  if (el.type === 'image') {
    if (rule.fonts.length || rule.colors.length) report(ctx, ['personalize'], 'fonts and colours apply to text elements only');
    if (rule.kind === 'choice')
      rule.options.forEach((o, i) => {
        if (!o.image) report(ctx, ['personalize', 'options', i, 'image'], 'required: a picture choice offers pictures');
      });
  } else if (rule.kind === 'choice') {
    rule.options.forEach((o, i) => {
      if (o.text === undefined && o.color === undefined)
        report(ctx, ['personalize', 'options', i], 'a text choice offers a text or a colour');
      if (o.image) report(ctx, ['personalize', 'options', i, 'image'], 'a text choice offers no pictures');
    });
  }
}
