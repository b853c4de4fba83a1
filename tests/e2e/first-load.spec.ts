/**
 * The first load of / in a real browser against the built app: it downloads the entry chunk and its
 * static imports only (read from the build's manifest), compressed, within the 200 kB budget; the
 * other pages' chunks load when their route is first shown; source maps are not served.
 */
import path from 'node:path';
import { expect, test, type Response } from '@playwright/test';
import { E2E_CLIENT_DIR } from './env';
import { initialChunks, readManifest, INITIAL_JS_TARGET_BYTES } from '../../tools/build/initial-js';

const manifest = readManifest(path.resolve(import.meta.dirname, '../..', E2E_CLIENT_DIR));
const initialFiles = new Set(initialChunks(manifest).map((k) => `/${manifest[k]!.file}`));
/** The route pages' own chunks (dynamic entries), by source file. */
const pageChunks = new Map(
  Object.entries(manifest)
    .filter(([src, c]) => c.isDynamicEntry && /^src\/(pages|bulk\/pages)\//.test(src))
    .map(([src, c]) => [src, `/${c.file}`]),
);

function scriptsLoaded(responses: Response[]) {
  return responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/') && r.url().endsWith('.js'));
}

test('the home page loads only its own JavaScript, compressed and within budget', async ({ page }) => {
  expect(pageChunks.size).toBeGreaterThan(10);
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Create your products/ })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const scripts = scriptsLoaded(responses);
  const loaded = new Set(scripts.map((r) => new URL(r.url()).pathname));
  for (const file of initialFiles) expect(loaded, file).toContain(file);
  const lazyLoaded = [...pageChunks].filter(([, file]) => loaded.has(file)).map(([src]) => src);
  expect(lazyLoaded).toEqual([]);

  let encodedBytes = 0;
  for (const r of scripts.filter((s) => initialFiles.has(new URL(s.url()).pathname))) {
    const headers = await r.allHeaders();
    // Files under 1 kB have no compressed copy (tools/build/client-assets.ts): they go out as they are.
    if (Number(headers['content-length']) >= 1024) expect(['br', 'gzip'], r.url()).toContain(headers['content-encoding']);
    expect(headers.vary).toMatch(/accept-encoding/i);
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    encodedBytes += Number(headers['content-length']);
  }
  expect(encodedBytes).toBeLessThanOrEqual(INITIAL_JS_TARGET_BYTES);
});

test('another page loads its chunk when first shown', async ({ page }) => {
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Create your products/ })).toBeVisible();
  const privacy = pageChunks.get('src/pages/policy/PrivacyPolicy.tsx');
  expect(privacy).toBeDefined();
  expect(scriptsLoaded(responses).map((r) => new URL(r.url()).pathname)).not.toContain(privacy);

  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).first().click();
  await expect(page).toHaveURL(/\/policy\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  expect(scriptsLoaded(responses).map((r) => new URL(r.url()).pathname)).toContain(privacy);
});

test('source maps are not served', async ({ request }) => {
  const entry = manifest['index.html']!.file;
  const map = await request.get(`/${entry}.map`);
  expect(map.status()).toBe(404);
  const script = await request.get(`/${entry}`);
  expect(await script.text()).not.toContain('sourceMappingURL');
});
