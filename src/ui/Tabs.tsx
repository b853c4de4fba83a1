/**
 * The kit's tabs, on Radix's Tabs: a labelled tablist over one panel. Arrow keys move between the
 * tabs and select them (Home and End jump to the ends); Tab moves from the selected tab into the
 * panel. The selection is the caller's (often the address), so the panel shows `children` for the
 * selected value; the other panels stay in the tree, hidden and empty, so every tab's
 * aria-controls points at an element.
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
}

export function Tabs<V extends string>({
  label,
  value,
  onValueChange,
  items,
  children,
  className,
  listClassName,
}: {
  /** The tablist's accessible name. */
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  items: readonly TabItem<V>[];
  children: ReactNode;
  className?: string;
  listClassName?: string;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onValueChange(v as V)} className={className}>
      <RadixTabs.List aria-label={label} className={listClassName ? `ui-tabs-list ${listClassName}` : 'ui-tabs-list'}>
        {items.map((t) => (
          <RadixTabs.Trigger key={t.value} value={t.value} className="ui-tab">
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} forceMount className="ui-tab-panel" hidden={t.value !== value}>
          {t.value === value ? children : null}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
