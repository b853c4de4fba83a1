/**
 * The component kit (src/ui/) in Chromium, through its real components and stylesheets: the
 * dialog's focus trap, focus return and its one close path (Escape, overlay, × all ask the
 * caller); a toast painted above an open dialog's overlay; tabs moving with the arrow keys; a
 * menu that opens on click and not on hover and closes on Escape and on a press outside; the
 * popover's hover preview and click pin.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Dialog } from '../../../src/ui/Dialog';
import { Tabs } from '../../../src/ui/Tabs';
import { Menu, MenuItem } from '../../../src/ui/Menu';
import { Popover } from '../../../src/ui/Popover';
import { Toaster } from '../../../src/ui/Toast';
import '../../../src/ui/tokens.css';
import '../../../src/styles.css';
import '../../../src/ui/kit.css';
import { mount as mountOnPage } from '../support/mount';

/** Rendered before the next line runs: the kit's tests read the DOM straight away. */
const mount = (node: React.ReactNode) => mountOnPage(node, { sync: true });

/** A page with an opener and a dialog that asks before closing while `dirty`. */
function DialogHarness({ dismissible, log }: { dismissible?: boolean | 'escape'; log: string[] }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      <Dialog
        open={open}
        title="Edit thing"
        dismissible={dismissible}
        onClose={() => {
          log.push('close');
          if (!asked) setAsked(true);
          else setOpen(false);
        }}
      >
        <label>
          Name <input />
        </label>
        <button type="button">Save</button>
        {asked && <p role="status">You have unsaved changes.</p>}
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('traps focus, sends Escape, overlay and × through onClose, and gives focus back', async () => {
    const log: string[] = [];
    mount(<DialogHarness log={log} />);
    const opener = page.getByRole('button', { name: 'Open' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Edit thing' });
    await expect.element(dialog).toBeVisible();
    // Focus is inside, and Tab cycles within the dialog (×, the input, Save, back to ×).
    const inside = () => document.querySelector('[role=dialog]')!.contains(document.activeElement);
    expect(inside()).toBe(true);
    for (let i = 0; i < 5; i++) {
      await userEvent.keyboard('{Tab}');
      expect(inside()).toBe(true);
    }
    // The page behind is out of reach of a screen reader while the dialog is open.
    expect(page.getByRole('button', { name: 'Behind' }).query()).toBeNull();

    // Escape asks the caller, which first shows its question and stays open.
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('status')).toHaveTextContent('You have unsaved changes.');
    await expect.element(dialog).toBeVisible();
    expect(log).toEqual(['close']);
    // A press on the overlay goes the same way; this time the caller lets it close.
    const overlay = document.querySelector('.ui-dialog-overlay')!;
    const r = overlay.getBoundingClientRect();
    await userEvent.click(overlay as HTMLElement, { position: { x: 5, y: r.height - 5 } });
    await expect.element(dialog).not.toBeInTheDocument();
    expect(log).toEqual(['close', 'close']);
    await expect.element(opener).toHaveFocus();
  });

  it('with dismissible false, Escape and the overlay do nothing; the × still asks', async () => {
    const log: string[] = [];
    mount(<DialogHarness dismissible={false} log={log} />);
    await page.getByRole('button', { name: 'Open' }).click();
    await userEvent.keyboard('{Escape}');
    const overlay = document.querySelector('.ui-dialog-overlay') as HTMLElement;
    await userEvent.click(overlay, { position: { x: 5, y: 5 } });
    expect(log).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    expect(log).toEqual(['close']);
  });

  it('paints a toast above the open dialog and its overlay', async () => {
    mount(
      <>
        <Dialog open title="Busy" onClose={() => {}}>
          <p style={{ height: 400 }}>Work</p>
        </Dialog>
        <Toaster toasts={[{ id: 1, kind: 'success', text: 'Uploaded successfully' }]} />
      </>,
    );
    const toast = page.getByRole('status').filter({ hasText: 'Uploaded successfully' });
    await expect.element(toast).toBeVisible();
    const el = toast.element();
    const box = el.getBoundingClientRect();
    // The topmost element at the toast's centre is the toast itself: nothing covers or dims it.
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    expect(el.contains(hit)).toBe(true);
  });
});

describe('Tabs', () => {
  it('move and select with the arrow keys, Home and End', async () => {
    function Harness() {
      const [v, setV] = useState<'a' | 'b' | 'c'>('a');
      return (
        <Tabs
          label="Sections"
          value={v}
          onValueChange={setV}
          items={[
            { value: 'a', label: 'Alpha' },
            { value: 'b', label: 'Beta' },
            { value: 'c', label: 'Gamma' },
          ]}
        >
          <p>Panel {v}</p>
        </Tabs>
      );
    }
    mount(<Harness />);
    await expect.element(page.getByRole('tablist', { name: 'Sections' })).toBeVisible();
    await page.getByRole('tab', { name: 'Alpha' }).click();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByRole('tab', { name: 'Beta' })).toHaveFocus();
    await expect.element(page.getByRole('tab', { name: 'Beta' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Panel b');
    await userEvent.keyboard('{End}');
    await expect.element(page.getByRole('tab', { name: 'Gamma' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByRole('tab', { name: 'Alpha' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Panel a');
  });
});

describe('Menu', () => {
  it('opens on click, not on hover; Escape and a press outside close it; choosing runs the item', async () => {
    const chosen: string[] = [];
    mount(
      <>
        <Menu label="Account menu" button="Me">
          <MenuItem onSelect={() => chosen.push('settings')}>Settings</MenuItem>
          <MenuItem onSelect={() => chosen.push('logout')}>Log out</MenuItem>
        </Menu>
        <p style={{ position: 'fixed', right: 8, bottom: 8 }}>Elsewhere</p>
      </>,
    );
    const button = page.getByRole('button', { name: 'Account menu' });
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await button.hover();
    await new Promise((r) => setTimeout(r, 300));
    expect(menu.query()).toBeNull();

    await button.click();
    await expect.element(menu).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).not.toBeInTheDocument();
    await expect.element(button).toHaveFocus();

    await button.click();
    await expect.element(menu).toBeVisible();
    await page.getByText('Elsewhere').click();
    await expect.element(menu).not.toBeInTheDocument();

    // By keyboard (the mouse parked away, so it highlights nothing): Enter opens it on the first
    // item, ArrowDown moves, Enter chooses.
    await page.getByText('Elsewhere').hover();
    button.element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(page.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(chosen).toEqual(['logout']);
    await expect.element(menu).not.toBeInTheDocument();
  });
});

describe('Popover', () => {
  it('previews on hover, pins on click, closes on a second click and on Escape', async () => {
    mount(
      <Popover label="Cart, 0 items" button="Cart">
        <p>Your cart is empty.</p>
      </Popover>,
    );
    const button = page.getByRole('button', { name: 'Cart, 0 items' });
    const panel = page.getByRole('region', { name: 'Cart, 0 items' });
    await button.hover();
    await expect.element(panel).toBeVisible();
    // The click that follows the hover keeps it open (pinned); the next click closes it.
    await button.click();
    await expect.element(panel).toBeVisible();
    await button.click();
    await expect.element(panel).not.toBeInTheDocument();
    // Keyboard: Enter pins it, Escape closes it and focus stays on the button.
    button.element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(panel).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(panel).not.toBeInTheDocument();
    await expect.element(button).toHaveFocus();
  });
});
