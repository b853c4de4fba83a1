/**
 * The options of a product as checkbox groups: the merchant sells several colours and sizes, so
 * each option takes several values. An option with none shows 'Please select {option name}'.
 */
import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { WireOption } from '../../api/catalog';
import { toggleValue, type MultiSelection } from '../model/options';

export interface OptionChecksHandle {
  focusOption: (index: number) => void;
}

export const OptionChecks = forwardRef<
  OptionChecksHandle,
  {
    options: readonly WireOption[];
    selection: MultiSelection;
    errors: readonly (string | null)[];
    onChange: (next: MultiSelection) => void;
    only?: (o: WireOption) => boolean;
  }
>(function OptionChecks({ options, selection, errors, onChange, only }, ref) {
  const groups = useRef<(HTMLFieldSetElement | null)[]>([]);
  useImperativeHandle(ref, () => ({
    focusOption: (i) => groups.current[i]?.querySelector<HTMLInputElement>('input')?.focus(),
  }));
  return (
    <div className="dz-options">
      {options.map((o, i) => {
        if (only && !only(o)) return null;
        const chosen = selection[i] ?? [];
        const err = errors[i];
        const errId = `dz-opt-err-${o.id}`;
        return (
          <fieldset
            key={o.id}
            ref={(el) => {
              groups.current[i] = el;
            }}
            className={`dz-opt${err ? ' has-error' : ''}`}
            aria-describedby={err ? errId : undefined}
          >
            <legend>
              {o.name}{' '}
              <span className="muted small">
                ({chosen.length} of {o.values.length})
              </span>
            </legend>
            <div className={o.isColor ? 'dz-swatches' : 'dz-chips'}>
              {o.values.map((v) => (
                <label key={v.name} className={`dz-check${chosen.includes(v.name) ? ' checked' : ''}`} title={v.name}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(v.name)}
                    onChange={() => onChange(toggleValue(options, selection, i, v.name))}
                  />
                  {o.isColor && <span className="swatch" style={{ background: v.hex ?? '#ccc' }} aria-hidden="true" />}
                  <span className="dz-check-text">{v.name}</span>
                </label>
              ))}
            </div>
            {err && (
              <p id={errId} className="field-error" role="alert">
                {err}
              </p>
            )}
          </fieldset>
        );
      })}
    </div>
  );
});
