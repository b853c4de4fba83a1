/** A small count or status label: brand (default), neutral, ok, warn or err. */
import type { HTMLAttributes } from 'react';

export type BadgeTone = 'brand' | 'neutral' | 'ok' | 'warn' | 'err';

export function Badge({ tone = 'brand', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  const cls = `badge${tone === 'brand' ? '' : ` ${tone}`}${className ? ` ${className}` : ''}`;
  return <span className={cls} {...rest} />;
}
