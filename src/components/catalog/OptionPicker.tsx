/**
 * A product's options (up to 3) as radio groups: colours as hex swatches, sizes and materials as
 * chips. Each option needs a value, else 'Please select {option name}'. A value that no variant
 * combines with the other choices is marked and, when picked, clears the choice it conflicts with,
 * so a merchant never ends on an impossible combination.
 */
import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { WireOption, WireVariant } from '../../api/catalog';

export type Selection = (string | null)[];

const valueOf = (v: WireVariant, i: number) => (i === 0 ? v.option1 : i === 1 ? v.option2 : v.option3);

export function matchingVariants(variants: readonly WireVariant[], sel: Selection): WireVariant[] {
  return variants.filter((v) => sel.every((val, i) => val === null || valueOf(v, i) === val));
}

export function chosenVariant(options: readonly WireOption[], variants: readonly WireVariant[], sel: Selection): WireVariant | null {
  if (options.some((_, i) => !sel[i])) return null;
  return matchingVariants(variants, sel)[0] ?? null;
}

/** Picks `value` for option `i` and drops other choices no variant combines with it. */
export function pick(variants: readonly WireVariant[], sel: Selection, i: number, value: string): Selection {
  const next = sel.map((v, j) => (j === i ? value : v));
  if (matchingVariants(variants, next).length > 0) return next;
  return next.map((v, j) =>
    j === i
      ? v
      : v !== null &&
          matchingVariants(
            variants,
            next.map((x, k) => (k === j || k === i ? x : null)),
          ).length > 0
        ? v
        : null,
  );
}

export function initialSelection(options: readonly WireOption[], preferredColour?: string | null): Selection {
  return options.map((o) => {
    if (o.values.length === 1) return o.values[0]?.name ?? null;
    if (o.isColor) return o.values.find((v) => v.name === preferredColour)?.name ?? o.values[0]?.name ?? null;
    return null;
  });
}

export interface OptionPickerHandle {
  focusOption: (index: number) => void;
}

export const OptionPicker = forwardRef<
  OptionPickerHandle,
  {
    options: readonly WireOption[];
    variants: readonly WireVariant[];
    selection: Selection;
    errors: readonly boolean[];
    onChange: (sel: Selection) => void;
  }
>(function OptionPicker({ options, variants, selection, errors, onChange }, ref) {
  const groups = useRef<(HTMLFieldSetElement | null)[]>([]);
  useImperativeHandle(ref, () => ({
    focusOption: (i) => groups.current[i]?.querySelector<HTMLInputElement>('input')?.focus(),
  }));
  return (
    <div className="options">
      {options.map((o, i) => {
        const current = selection[i] ?? null;
        const errId = `opt-err-${o.id}`;
        const others = selection.map((v, j) => (j === i ? null : v));
        return (
          <fieldset
            key={o.id}
            ref={(el) => {
              groups.current[i] = el;
            }}
            className={`opt${errors[i] ? ' has-error' : ''}`}
            aria-describedby={errors[i] ? errId : undefined}
          >
            <legend>
              {o.name}: <strong>{current ?? `Select ${o.name.toLowerCase()}`}</strong>
            </legend>
            <div className={o.isColor ? 'swatch-list' : 'chip-list'}>
              {o.values.map((v) => {
                const available =
                  matchingVariants(
                    variants,
                    others.map((x, j) => (j === i ? v.name : x)),
                  ).length > 0;
                return (
                  <label
                    key={v.name}
                    className={`opt-value${current === v.name ? ' checked' : ''}${available ? '' : ' unavailable'}`}
                    title={available ? v.name : `${v.name} (not with the current choice)`}
                  >
                    <input
                      type="radio"
                      name={`opt-${o.id}`}
                      value={v.name}
                      checked={current === v.name}
                      onChange={() => onChange(pick(variants, selection, i, v.name))}
                    />
                    {o.isColor && <span className="swatch" style={{ background: v.hex ?? '#ccc' }} aria-hidden="true" />}
                    <span className={o.isColor ? 'visually-hidden' : 'chip-text'}>
                      {v.name}
                      {available ? '' : ' (not with the current choice)'}
                    </span>
                  </label>
                );
              })}
            </div>
            {errors[i] && (
              <p id={errId} className="field-error" role="alert">
                Please select {o.name}
              </p>
            )}
          </fieldset>
        );
      })}
    </div>
  );
});
