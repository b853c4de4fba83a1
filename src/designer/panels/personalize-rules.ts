/**
 * The rules behind the Personalisation panel: a new field's defaults for the selected element,
 * the edits the panel makes to a rule, and the first problem with a rule (the engine's own check,
 * the one the server applies when the design is saved).
 */
import {
  PERSONALIZE_LIMITS,
  validateDesignElement,
  type DesignElement,
  type PersonalizeOption,
  type PersonalizeRule,
} from '@pod-studio/engine';

/** A new field: the buyer types the text or uploads the picture; optional; labelled after the element. */
export function defaultRule(el: DesignElement): PersonalizeRule {
  return {
    label: el.type === 'text' ? 'Your text' : 'Your picture',
    required: false,
    kind: 'input',
    maxLength:
      el.type === 'text'
        ? Math.min(PERSONALIZE_LIMITS.textMax, Math.max(PERSONALIZE_LIMITS.defaultMaxLength, [...el.text].length))
        : PERSONALIZE_LIMITS.defaultMaxLength,
    fonts: [],
    colors: [],
    options: [],
  };
}

/** A new option of a text choice: the element's text as it is, so the first option shows what was designed. */
export function newTextOption(el: DesignElement, index: number): PersonalizeOption {
  return el.type === 'text' ? { label: `Option ${index + 1}`, text: el.text } : { label: `Option ${index + 1}` };
}

/** `list` with `item` in or out. */
export function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
}

/** Why the rule cannot be saved on this element, or null. */
export function ruleProblem(el: DesignElement, rule: PersonalizeRule): string | null {
  const checked = validateDesignElement({ ...el, personalize: rule });
  return checked.ok ? null : checked.reason.replace(/^personalize\.?/, '');
}
