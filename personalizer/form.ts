/**
 * The buyer's form: one control group per personalised field, in the design's order. A text
 * field is a text box (its limit enforced as the buyer types, with a count), plus a typeface list
 * and colour choices when the merchant offers them; a picture field is a file picker that uploads
 * at once; a choice is a group of radio buttons. Every change calls `onChange` with the values.
 */
import {
  PERSONALIZE_LIMITS,
  type PersonalField,
  type PersonalImage,
  type PersonalValue,
  type PersonalValues,
} from '@pod-studio/engine/model';
import { el } from './dom';

export interface FormHooks {
  onChange(values: PersonalValues): void;
  upload(file: File): Promise<PersonalImage>;
  /** Says what is happening or what went wrong (uploads). */
  status(message: string, isError: boolean): void;
}

let uid = 0;
const nextId = (what: string) => `pz-${what}-${++uid}`;

function textControls(field: PersonalField, value: PersonalValue, changed: () => void): HTMLElement {
  const { rule } = field;
  const id = nextId('text');
  const countId = `${id}-count`;
  const input = el('input', {
    id,
    type: 'text',
    maxlength: String(rule.maxLength),
    placeholder: field.designed,
    'aria-describedby': countId,
    ...(rule.required ? { required: '', 'aria-required': 'true' } : {}),
  });
  const count = el('span', { id: countId, class: 'pz-count' }, `0 / ${rule.maxLength}`);
  input.addEventListener('input', () => {
    // maxlength counts UTF-16 units; the limit is in characters as the buyer sees them.
    const chars = [...input.value];
    if (chars.length > rule.maxLength) input.value = chars.slice(0, rule.maxLength).join('');
    count.textContent = `${[...input.value].length} / ${rule.maxLength}`;
    if (input.value.trim()) value.text = input.value;
    else delete value.text;
    changed();
  });
  const group = el(
    'div',
    { class: 'pz-field' },
    el('label', { for: id }, rule.label, rule.required ? el('span', { class: 'pz-required', 'aria-hidden': 'true' }, ' *') : ''),
    input,
    count,
  );
  const fonts = [...new Set([field.font ?? '', ...rule.fonts].filter(Boolean))];
  if (rule.fonts.length) {
    const sid = nextId('font');
    const select = el('select', { id: sid });
    for (const f of fonts) select.append(el('option', { value: f }, f));
    select.addEventListener('change', () => {
      value.font = select.value;
      changed();
    });
    group.append(el('label', { for: sid }, `${rule.label}: typeface`), select);
  }
  if (rule.colors.length) group.append(swatches(`${rule.label}: colour`, [field.color ?? '', ...rule.colors], value, changed));
  return group;
}

function swatches(legend: string, colors: string[], value: PersonalValue, changed: () => void): HTMLElement {
  const name = nextId('colour');
  const set = el('fieldset', { class: 'pz-swatches' }, el('legend', {}, legend));
  [...new Set(colors.filter(Boolean))].forEach((hex, i) => {
    const radio = el('input', { type: 'radio', name, value: hex, 'aria-label': hex, ...(i === 0 ? { checked: '' } : {}) });
    radio.addEventListener('change', () => {
      value.color = hex;
      changed();
    });
    const label = el('label', { class: 'pz-swatch' }, radio, el('span', { class: 'pz-chip', 'data-color': hex }));
    set.append(label);
  });
  // Colours are set through the CSSOM (CSP allows no inline style attributes).
  for (const chip of set.querySelectorAll<HTMLElement>('.pz-chip')) chip.style.backgroundColor = chip.dataset.color ?? '';
  return set;
}

function choiceControls(field: PersonalField, value: PersonalValue, changed: () => void): HTMLElement {
  const { rule } = field;
  const name = nextId('choice');
  const set = el('fieldset', { class: 'pz-field pz-choice' }, el('legend', {}, rule.label, rule.required ? ' *' : ''));
  rule.options.forEach((option, i) => {
    const radio = el('input', { type: 'radio', name, value: String(i) });
    radio.addEventListener('change', () => {
      value.option = i;
      changed();
    });
    const label = el('label', { class: 'pz-option' }, radio, ' ', option.label);
    if (option.image) label.append(el('img', { src: option.image.url, alt: '', class: 'pz-option-img' }));
    if (option.color) {
      const chip = el('span', { class: 'pz-chip' });
      chip.style.backgroundColor = option.color;
      label.append(chip);
    }
    set.append(label);
  });
  return set;
}

function pictureControls(field: PersonalField, value: PersonalValue, changed: () => void, hooks: FormHooks): HTMLElement {
  const { rule } = field;
  const id = nextId('picture');
  const input = el('input', { id, type: 'file', accept: 'image/jpeg,image/png', ...(rule.required ? { 'aria-required': 'true' } : {}) });
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (!file) return;
    hooks.status(`Uploading ${file.name}…`, false);
    input.disabled = true;
    hooks
      .upload(file)
      .then((image) => {
        value.image = image;
        hooks.status(`${rule.label}: picture uploaded`, false);
        changed();
      })
      .catch((err: unknown) => hooks.status(err instanceof Error ? err.message : String(err), true))
      .finally(() => {
        input.disabled = false;
      });
  });
  return el(
    'div',
    { class: 'pz-field' },
    el('label', { for: id }, rule.label, rule.required ? ' *' : ''),
    input,
    el('p', { class: 'pz-hint' }, 'JPEG or PNG, at most 15 MB'),
  );
}

/** Builds the controls into `container`; answers the live values (keyed by element localId). */
export function buildForm(container: HTMLElement, fields: readonly PersonalField[], hooks: FormHooks): PersonalValues {
  const values: PersonalValues = {};
  const changed = () => hooks.onChange(filled(values));
  for (const field of fields.slice(0, PERSONALIZE_LIMITS.fieldsMax)) {
    const value: PersonalValue = {};
    values[field.localId] = value;
    if (field.rule.kind === 'choice') container.append(choiceControls(field, value, changed));
    else if (field.elementType === 'image') container.append(pictureControls(field, value, changed, hooks));
    else container.append(textControls(field, value, changed));
  }
  return values;
}

/** The values without empty entries (what is checked and sent). */
export function filled(values: PersonalValues): PersonalValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => Object.keys(v).length > 0));
}
