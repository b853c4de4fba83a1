/**
 * The kit's menu, on Radix's DropdownMenu: a button that opens a named menu on click, Enter,
 * Space or ArrowDown (never on hover). Arrow keys and typed letters move through the items, Enter
 * chooses; Escape, a press outside or choosing an item closes it and gives focus back to the button.
 *
 * Items are actions (`MenuItem`, chosen with onSelect) or links (`MenuLink`, any <a> or router
 * Link passed as its child, so they open as links do — a new tab included).
 */
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';

export function Menu({
  label,
  button,
  children,
  align = 'end',
  triggerClassName = 'nav-btn',
  defaultOpen = false,
}: {
  /** The button's and the menu's accessible name. */
  label: string;
  button: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  triggerClassName?: string;
  /** Open on mount: a click that arrived while the menu's code was loading is not lost. */
  defaultOpen?: boolean;
}) {
  return (
    <RadixMenu.Root modal={false} defaultOpen={defaultOpen}>
      <RadixMenu.Trigger className={triggerClassName} aria-label={label}>
        {button}
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="ui-menu" aria-label={label} align={align} sideOffset={4} collisionPadding={8}>
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export function MenuItem({ children, onSelect }: { children: ReactNode; onSelect: () => void }) {
  return (
    <RadixMenu.Item className="ui-menu-item" onSelect={onSelect}>
      {children}
    </RadixMenu.Item>
  );
}

/** A menu entry that is a link: pass the <a> or <Link> as the only child. */
export function MenuLink({ children }: { children: ReactElement }) {
  return (
    <RadixMenu.Item className="ui-menu-item" asChild>
      {children}
    </RadixMenu.Item>
  );
}

export function MenuSeparator() {
  return <RadixMenu.Separator className="ui-menu-sep" />;
}
