/**
 * The app works under its Content-Security-Policy (docs/security.md), in a real browser against
 * the built app and the real server: home page → log in as the demo merchant → open the designer
 * on a t-shirt → the front mockup renders (engine in module workers, WebGL2 on OffscreenCanvas,
 * fonts, blob: and data: pictures) → an uploaded picture lands in the mockup. Every CSP
 * violation, in the page or in a worker, and every console message about one fails the test.
 * Also: a podToken link leaves the address bar before anything else runs.
 */
import { expect, test, type ConsoleMessage, type Page, type Worker } from '@playwright/test';
import { logInAsDemo } from './merchants';
import sharp from 'sharp';

interface Card {
  id: number;
  url: string;
  title: string;
  colors: { name: string }[];
}
interface Violation {
  where: string;
  directive: string;
  blocked: string;
  sample?: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** Collects CSP violations from the page (securitypolicyviolation), its workers and the console. */
function watchPolicy(page: Page) {
  const console: string[] = [];
  const workers: Worker[] = [];
  const onConsole = (where: string) => (msg: ConsoleMessage) => {
    if (/content security policy|content-security-policy|refused to (load|execute|evaluate|connect|create|apply|frame)/i.test(msg.text()))
      console.push(`${where}: ${msg.text()}`);
  };
  page.on('console', onConsole('page'));
  page.on('worker', (worker) => {
    workers.push(worker);
    worker.on('console', onConsole(`worker ${worker.url()}`));
    // A violation in a worker fires on its global scope, not on the page's document.
    void worker
      .evaluate(() => {
        const g = self as unknown as { __cspViolations?: unknown[] };
        g.__cspViolations = [];
        self.addEventListener('securitypolicyviolation', (e) => {
          g.__cspViolations!.push({ where: self.location.href, directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
        });
      })
      .catch(() => undefined);
  });
  return {
    workers,
    async violations(): Promise<Violation[]> {
      const inPage = await page.evaluate(() => window.__cspViolations ?? []);
      const inWorkers: Violation[] = [];
      for (const w of workers) {
        inWorkers.push(
          ...(await w.evaluate(() => (self as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []).catch(() => [])),
        );
      }
      return [...inPage, ...inWorkers];
    },
    console,
  };
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push({
        where: document.location.href,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
      });
    });
  });
});

test('the app, the designer and its engine workers run under the Content-Security-Policy without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  const policy = watchPolicy(page);

  const home = await page.goto('/');
  const csp = home!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toContain('unsafe-inline');
  await expect(page.locator('#root')).not.toBeEmpty();

  // The policy is in force, and the watcher sees what it blocks.
  // (An inline script: DevTools' own evaluate is exempt from CSP, what it adds to the page is not.)
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.head.appendChild(s);
    await new Promise((r) => setTimeout(r, 50));
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(async () => (await policy.violations()).map((v) => v.directive)).toEqual(['script-src-elem']);
  await expect.poll(() => policy.console.length).toBe(1);
  await page.evaluate(() => {
    window.__cspViolations = [];
  });
  policy.console.length = 0;

  await logInAsDemo(page);

  const list = await page.request.get('/prod-api/api/product/productsCatalogList', {
    params: { category: 'womens-clothing', subcategory: 't-shirt', pageSize: 25 },
  });
  const product = ((await list.json()) as { rows: Card[] }).rows.find((r) => r.colors.length >= 1);
  expect(product, 'a t-shirt in the demo catalogue').toBeTruthy();
  await page.goto(product!.url);
  await page
    .getByRole('group', { name: /^Size:/ })
    .getByRole('radio')
    .first()
    .check();
  const material = page.getByRole('group', { name: /^Material:/ });
  if (await material.count()) await material.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  const select = page.getByRole('dialog', { name: 'Select a product' });
  await select.getByRole('button', { name: 'Next' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create a product' });
  await expect(dialog).toBeVisible();
  // The modal dialog keeps the page behind it still, without an inline <style> (checked below).
  expect(await page.evaluate(() => [document.body.hasAttribute('data-scroll-locked'), getComputedStyle(document.body).overflow])).toEqual([
    true,
    'hidden',
  ]);
  const front = dialog.getByRole('button', { name: /^Front mockup/ });
  // The render worker drew the mockup: a revision, and pixels that are not blank.
  await expect.poll(async () => Number(await front.getAttribute('data-revision')), { timeout: 60_000 }).toBeGreaterThan(-1);
  const drawn = await front.locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const probe = document.createElement('canvas');
    probe.width = 32;
    probe.height = 32;
    const g = probe.getContext('2d')!;
    g.drawImage(c, 0, 0, 32, 32);
    const px = g.getImageData(0, 0, 32, 32).data;
    let lit = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) lit++;
    return lit;
  });
  expect(drawn).toBeGreaterThan(100);
  const revision = Number(await front.getAttribute('data-revision'));

  // Text (a bundled font) and an uploaded picture go through the stage and render workers.
  await dialog.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' }).fill('Under CSP');
  await dialog.getByRole('tab', { name: 'Images' }).click();
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 30, g: 120, b: 220 } } })
    .png()
    .toBuffer();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'blue-square.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded successfully' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => Number(await front.getAttribute('data-revision')), { timeout: 60_000 }).toBeGreaterThan(revision);

  expect(policy.workers.length, 'the engine runs in workers').toBeGreaterThan(0);
  expect(await policy.violations()).toEqual([]);
  expect(policy.console).toEqual([]);

  // The workers run under the policy too (it came with their scripts), and the watcher hears them.
  const worker = policy.workers.find((w) => /render\.worker/.test(w.url())) ?? policy.workers[0]!;
  expect(
    await worker.evaluate(() =>
      fetch('https://csp-probe.invalid/x.png').then(
        () => 'fetched',
        () => 'refused',
      ),
    ),
  ).toBe('refused');
  await expect.poll(async () => (await policy.violations()).map((v) => v.directive)).toEqual(['connect-src']);
});

test('a podToken link is taken out of the address bar and traded for the session cookie', async ({ browser, request }) => {
  const login = (await (
    await request.post('/prod-api/api/user/login', { data: { username: 'demo@example.com', password: 'demo1234' } })
  ).json()) as { code: number; token: string };
  expect(login.code).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  const exchanges: { method: string; authorization: string | null; url: string }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/prod-api/api/user/session'))
      exchanges.push({ method: r.method(), authorization: r.headers().authorization ?? null, url: r.url() });
  });
  const seenUrls: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seenUrls.push(f.url());
  });

  await page.goto(`/?podToken=${encodeURIComponent(login.token)}&link=${encodeURIComponent('/orders')}`);
  await expect(page).toHaveURL(/\/orders$/);
  // The exchange is a POST with the token in a header, never in a URL.
  expect(exchanges).toEqual([{ method: 'POST', authorization: `Bearer ${login.token}`, url: expect.not.stringContaining(login.token) }]);
  expect(await page.evaluate(() => location.href)).not.toContain(login.token);
  // The session is this site's cookie now (httpOnly), not the link.
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'pod_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  // Only the first request carried it; every address the page showed after that is clean.
  expect(seenUrls.length).toBeGreaterThan(1);
  expect(seenUrls.slice(1).filter((u) => u.includes(login.token))).toEqual([]);
  await context.close();
});
