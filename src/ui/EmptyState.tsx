/** What a list shows when it has nothing: a sentence, optionally a title and an action. */
import type { ReactNode } from 'react';

export function EmptyState({
  title,
  children,
  action,
  small = false,
}: {
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  small?: boolean;
}) {
  return (
    <div className={small ? 'empty-state small' : 'empty-state'}>
      {title && <h2>{title}</h2>}
      {children}
      {action}
    </div>
  );
}
