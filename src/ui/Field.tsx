/**
 * Form fields: `Field` is a labelled input with its error underneath, announced to screen readers;
 * `Input` is the bare input at the kit's control height, for a label the caller places itself.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export function Field({
  label,
  error,
  suffix,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; suffix?: ReactNode }) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errId : undefined} {...input} />
        {suffix}
      </div>
      {error && (
        <div id={errId} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}

export function Input({ className, ...input }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={className ? `ui-input ${className}` : 'ui-input'} {...input} />;
}
