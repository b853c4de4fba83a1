/**
 * Layout consistency as a visitor sees it at 1440 × 900 on the home page, the catalogue and the
 * dashboard: the blocks of a page start at one left edge (the header's logo, the headings of the
 * sections, the footer), every piece of visible text is set in a size of the type scale
 * (tokens.css), and the kit's buttons have one height per size, the same on every page (these three
 * and the dashboard pages whose buttons once stretched beside taller fields).
 */
import { expect, test, type Page } from '@playwright/test';
import { logInAsDemo } from './merchants';

interface Measured {
  /** Left edge (px) → what starts there. */
  edges: Record<number, string[]>;
  /** Computed font size (px) → a few of the texts set in it. */
  sizes: Record<number, string[]>;
  /** The type scale's sizes in px, read from the tokens. */
  scale: number[];
  /** `sm`, `md` or `lg` → the heights (px) of the visible kit buttons of that size. */
  buttons: Record<string, number[]>;
}

/**
 * The page's main blocks are the elements `blocks` selects; `except` names a part whose own left
 * edge is intended to differ (the dashboard's menu column), left out of every measurement of edges.
 */
async function measure(page: Page, blocks: string, except?: string): Promise<Measured> {
  return page.evaluate(
    ({ blocks, except }) => {
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return (
          box.width > 0 &&
          box.height > 0 &&
          style.visibility !== 'hidden' &&
          style.position !== 'fixed' &&
          !el.closest('[aria-hidden="true"], [hidden], .sr-only, .visually-hidden, .skip-link, [role="dialog"]')
        );
      };
      const label = (el: Element) => `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 30)}”`;

      const edges: Record<number, string[]> = {};
      for (const el of document.querySelectorAll(blocks)) {
        if (!visible(el) || (except && el.closest(except))) continue;
        const left = Math.round(el.getBoundingClientRect().left);
        (edges[left] ??= []).push(label(el));
      }

      const sizes: Record<number, string[]> = {};
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || !node.textContent?.trim() || !visible(el)) continue;
        const px = Math.round(parseFloat(getComputedStyle(el).fontSize) * 10) / 10;
        const seen = (sizes[px] ??= []);
        if (seen.length < 5) seen.push(label(el));
      }

      // The scale's steps in px as the page resolves them (a probe set in each token).
      const probe = document.createElement('span');
      document.body.append(probe);
      const scale = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'].map((step) => {
        probe.style.fontSize = `var(--text-${step})`;
        return Math.round(parseFloat(getComputedStyle(probe).fontSize) * 10) / 10;
      });
      probe.remove();

      const buttons: Record<string, number[]> = {};
      for (const el of document.querySelectorAll('.btn')) {
        if (!visible(el)) continue;
        const size = el.classList.contains('small') ? 'sm' : el.classList.contains('large') ? 'lg' : 'md';
        (buttons[size] ??= []).push(Math.round(el.getBoundingClientRect().height));
      }
      return { edges, sizes, scale, buttons };
    },
    { blocks, except },
  );
}

/** Opens a page and waits for its content (never for network idle: logged-in pages keep a stream open). */
async function open(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await page.waitForTimeout(500);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('home, catalogue and dashboard: one left edge, type from the scale, one button height per size', async ({ page }) => {
  test.setTimeout(90_000);
  const heights: Record<string, Set<number>> = {};
  const check = async (name: string, m: Measured) => {
    // One left edge for every block of the page.
    expect(Object.keys(m.edges), `${name}: blocks by left edge ${JSON.stringify(m.edges)}`).toHaveLength(1);
    // Every visible text is in a size of the scale, so a page never has more sizes than the scale has steps.
    const off = Object.keys(m.sizes).filter((px) => !m.scale.includes(Number(px)));
    expect(
      off,
      `${name}: text outside the type scale ${JSON.stringify(Object.fromEntries(off.map((px) => [px, m.sizes[Number(px)]])))}`,
    ).toEqual([]);
    expect(Object.keys(m.sizes).length).toBeLessThanOrEqual(m.scale.length);
    for (const [size, hs] of Object.entries(m.buttons)) for (const h of hs) (heights[size] ??= new Set()).add(h);
  };

  // The public pages: the header's logo, the page's and sections' headings and the footer's logo
  // share the content container's edge.
  await open(page, '/', '#hero-title');
  await check('home', await measure(page, 'header .logo, main h1, main section h2, footer .logo'));
  await open(page, '/all-products', '.catalog-head h1');
  await check('catalogue', await measure(page, 'header .logo, main h1, main h2, footer .logo'));

  // The dashboard: its menu column is the stated exception (a dark column of its own on the left);
  // the breadcrumb, the title and every block of the page start at the content's edge.
  await logInAsDemo(page);
  await open(page, '/dashboard', '.dashboard-page h1');
  await expect(page.getByRole('region', { name: 'Your figures' })).toBeVisible();
  await check('dashboard', await measure(page, '.top-bar .breadcrumb, main h1, .dashboard-page > *', 'aside.side-menu'));

  // Pages where a button stood beside a taller input or select and stretched to its height: their
  // buttons join the count too.
  for (const path of ['/coupons', '/notification', '/bulk-design']) {
    await open(page, path, 'main h1');
    const m = await measure(page, 'main h1');
    for (const [size, hs] of Object.entries(m.buttons)) for (const h of hs) (heights[size] ??= new Set()).add(h);
  }

  // One height per button size across all these pages: the kit's control heights.
  const seen = Object.fromEntries(Object.entries(heights).map(([size, hs]) => [size, [...hs]]));
  expect(seen.md, 'the default-size buttons').toEqual([40]);
  for (const [size, hs] of Object.entries(seen)) expect(hs, `${size} buttons`).toHaveLength(1);
  expect(seen.sm ?? [32]).toEqual([32]);
  expect(seen.lg ?? [48]).toEqual([48]);
});
