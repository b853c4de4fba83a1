/**
 * The kit's select: the native <select> (its own keyboard handling, the phone's picker, form
 * behaviour and accessible name from its label), drawn at the kit's control height. Every bare
 * <select> on a page gets the same look from kit.css; this component adds the label.
 */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

export function Select({
  label,
  hideLabel = false,
  children,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; hideLabel?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <span className={className ? `ui-select-field ${className}` : 'ui-select-field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select id={id} className="ui-select" {...select}>
        {children}
      </select>
    </span>
  );
}
