/**
 * The kit's popover, on Radix's Popover: a button and a panel (a named region) under it.
 *
 * A mouse over the button shows the panel as a preview; a click (or Enter) pins it open, and a
 * click on the pinned button closes it, so the click that follows a hover never closes what the
 * merchant just saw open. Escape, a press outside and focus leaving close it; Escape gives focus
 * back to the button. A preview never moves focus, in or back. The panel is rendered right after
 * the button (not portalled), so Tab walks from the button into it.
 */
import * as RadixPopover from '@radix-ui/react-popover';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';

export interface PopoverProps {
  /** The button's and the panel's accessible name. */
  label: string;
  button: ReactNode;
  children: ReactNode;
  width?: number;
  align?: 'left' | 'right';
  /** Whether a mouse over the button previews the panel (default true). */
  hoverPreview?: boolean;
}

const HIDE_DELAY_MS = 150;

export function Popover({ label, button, children, width, align = 'right', hoverPreview = true }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = () => {
    if (timer.current) clearTimeout(timer.current);
    setOpen(true);
  };
  const close = () => {
    if (timer.current) clearTimeout(timer.current);
    setOpen(false);
    setPinned(false);
  };
  const hover = hoverPreview
    ? {
        onPointerEnter: (e: PointerEvent) => {
          if (e.pointerType === 'mouse') show();
        },
        onPointerLeave: (e: PointerEvent) => {
          if (e.pointerType === 'mouse' && !pinned) timer.current = setTimeout(() => setOpen(false), HIDE_DELAY_MS);
        },
      }
    : {};
  return (
    <RadixPopover.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <div className="popover">
        <RadixPopover.Trigger
          className="nav-btn"
          aria-label={label}
          {...hover}
          onClick={(e) => {
            // The open state is ours (preview or pinned), not Radix's toggle.
            e.preventDefault();
            if (open && pinned) close();
            else {
              show();
              setPinned(true);
            }
          }}
        >
          {button}
        </RadixPopover.Trigger>
        <RadixPopover.Content
          className="popover-panel"
          role="region"
          aria-label={label}
          side="bottom"
          align={align === 'right' ? 'end' : 'start'}
          sideOffset={4}
          collisionPadding={8}
          style={width ? { width } : undefined}
          {...hover}
          onOpenAutoFocus={(e) => {
            // Pinned by keyboard or click: focus stays on the button (Tab walks on into the panel).
            e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            // A preview closing as the mouse moves away leaves focus wherever the merchant has it.
            if (!pinned) e.preventDefault();
          }}
        >
          {children}
        </RadixPopover.Content>
      </div>
    </RadixPopover.Root>
  );
}
