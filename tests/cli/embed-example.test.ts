/**
 * examples/embed against the built package: the page is served as a plain site (no Vite) under
 * the app's own Content-Security-Policy (no eval, scripts and workers from this origin only), a
 * picture is picked, and the mockup canvas must show it where the template's print area is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { forwardPageErrors, launchChromium } from '../../scripts/engine-harness.ts';
import { serveStatic, type StaticServer } from '../../scripts/static-server.ts';
import { appContentSecurityPolicy } from '../../server/platform/security.ts';
import { buildEnginePackage } from './engine-package.ts';

const root = process.cwd();
let server: StaticServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

/** Per channel, 0–255: JPEG-free canvas pixels; what is left is bilinear filtering at no edge. */
const TOLERANCE = 6;

/**
 * The app's policy, plus `blob:` in connect-src: the render worker fetches the picked picture by
 * its blob: URL (the app uploads pictures first and needs no such source).
 */
const policy = appContentSecurityPolicy({ stripeJs: false, assetOrigins: [] }).replace("connect-src 'self'", "connect-src 'self' blob:");

beforeAll(async () => {
  expect(policy).toContain("connect-src 'self' blob:");
  await buildEnginePackage();
  server = await serveStatic({
    mounts: { '/engine/dist/': path.join(root, 'engine/dist'), '/examples/': path.join(root, 'examples') },
    headers: { 'content-security-policy': policy },
  });
  browser = await launchChromium();
  page = await browser.newPage();
  forwardPageErrors(page, 'embed');
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** RGBA of the mockup canvas at (x, y). */
const pixel = (x: number, y: number) =>
  page.evaluate(
    ([px, py]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('#mockup')!;
      return [...canvas.getContext('2d')!.getImageData(px!, py!, 1, 1).data];
    },
    [x, y] as const,
  );

const near = (actual: number[], expected: number[]) => actual.slice(0, 3).every((v, i) => Math.abs(v - expected[i]!) <= TOLERANCE);

describe('examples/embed', () => {
  it('draws the template, then the picked picture in its print area', async () => {
    await page.goto(`${server.origin}/examples/embed/`);
    await page.waitForSelector('body[data-state="drawn"], body[data-state="error"]', { timeout: 60_000 });
    expect(await page.textContent('#status')).toMatch(/^Drawn/);
    // The template alone: the white shirt, its print area (x 170–310, y 150–318) still blank.
    const blankCentre = await pixel(240, 234);
    expect(near(blankCentre, [255, 255, 255]), `print area before: ${blankCentre.join(',')}`).toBe(true);

    // A blue picture of the flat's own shape (300 x 360) fills the whole print area.
    const design = await sharp({ create: { width: 300, height: 360, channels: 3, background: '#1040e0' } })
      .png()
      .toBuffer();
    await page.evaluate(() => (document.body.dataset.state = 'picking'));
    await page.setInputFiles('#design', { name: 'blue.png', mimeType: 'image/png', buffer: design });
    await page.waitForSelector('body[data-state="drawn"], body[data-state="error"]', { timeout: 60_000 });
    expect(await page.textContent('#status')).toContain('blue.png');
    for (const [x, y] of [
      [240, 234],
      [176, 156],
      [304, 312],
    ] as const) {
      const rgba = await pixel(x, y);
      expect(near(rgba, [0x10, 0x40, 0xe0]), `print area at ${x},${y}: ${rgba.join(',')}`).toBe(true);
    }
    // Outside the print area: the shirt below it, and the white around the shirt.
    const shirt = await pixel(240, 400);
    expect(shirt[2]! - shirt[0]!, `shirt: ${shirt.join(',')}`).toBeLessThan(TOLERANCE);
    expect(Math.min(...shirt.slice(0, 3))).toBeGreaterThan(200);
    expect(near(await pixel(8, 470), [255, 255, 255])).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);
});
