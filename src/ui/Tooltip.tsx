/**
 * The kit's tooltip, on Radix's Tooltip: a short text shown when the control under it is hovered
 * or focused, and read as the control's description. It never holds anything to click, and the
 * control keeps its own accessible name; Escape hides it.
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement } from 'react';

export function Tooltip({ content, children, side = 'bottom' }: { content: string; children: ReactElement; side?: 'top' | 'bottom' }) {
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="ui-tooltip" side={side} sideOffset={6} collisionPadding={8}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
