/** A bordered surface on the page's background: one radius, one padding. */
import type { HTMLAttributes } from 'react';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `card ${className}` : 'card'} {...rest} />;
}
