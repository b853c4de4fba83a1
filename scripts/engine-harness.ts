/**
 * Opens the engine harness page (tools/engine-page) in headless Chromium behind a Vite server, so
 * Node scripts (the mockup CLI, the engine benchmark) run the real engine with WebGL2. Input files
 * are served to the page at /__input/{name} straight from Node.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';

/** Headless Chromium with the flags known to work on these machines (WebGL2 on SwiftShader without a GPU). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Prints the page's console errors and uncaught exceptions on stderr, marked as the page's. */
export function forwardPageErrors(page: Page, label = 'page'): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error') console.error(`[${label}]`, msg.text());
  });
  page.on('pageerror', (err) => console.error(`[${label}]`, err.message));
}

export interface EngineHarness {
  page: Page;
  /** Makes a local file fetchable by the page; returns its URL. */
  serve(name: string, file: string): Promise<string>;
  /** Serves files under `dir` at /__file/{relative path}: relative URLs in a template resolve there. */
  serveDir(dir: string): void;
  close(): Promise<void>;
}

/** `apiUrl`: proxy /prod-api to a running server so the page loads its templates and pictures same-origin. */
export async function openEngineHarness(opts: { apiUrl?: string } = {}): Promise<EngineHarness> {
  const vite: ViteDevServer = await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    // No file watching and no hot reload: a source file saved while a long render runs (an
    // editor, a build) must not reload the page under it.
    server: {
      port: 0,
      host: '127.0.0.1',
      strictPort: false,
      hmr: false,
      watch: null,
      ...(opts.apiUrl ? { proxy: { '/prod-api': opts.apiUrl } } : {}),
    },
    optimizeDeps: { include: ['comlink', 'twgl.js', 'pixi.js', 'pixi.js/unsafe-eval', 'gl-matrix', 'bezier-js', 'ag-psd'] },
    worker: { format: 'es' },
  });
  await vite.listen();
  const address = vite.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await launchChromium();
  const page = await browser.newPage();
  const inputs = new Map<string, Buffer>();
  await page.route('**/__input/**', async (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/__input\//, ''));
    const body = inputs.get(name);
    await (body ? route.fulfill({ body }) : route.fulfill({ status: 404, body: 'missing input' }));
  });
  let baseDir: string | null = null;
  await page.route('**/__file/**', async (route) => {
    const rel = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/__file\//, ''));
    const file = baseDir ? path.resolve(baseDir, rel) : null;
    // Only files inside the template's folder: a template cannot read the rest of the disk.
    if (!file || !file.startsWith(path.resolve(baseDir!) + path.sep))
      return route.fulfill({ status: 404, body: 'outside the template folder' });
    const body = await readFile(file).catch(() => null);
    await (body ? route.fulfill({ body }) : route.fulfill({ status: 404, body: 'missing file' }));
  });
  forwardPageErrors(page);
  await page.goto(`http://127.0.0.1:${port}/tools/engine-page/index.html`);
  await page.waitForFunction(() => (window as unknown as { podEngineReady?: boolean }).podEngineReady === true, undefined, {
    timeout: 120_000,
  });
  return {
    page,
    async serve(name, file) {
      inputs.set(name, await readFile(file));
      return `/__input/${encodeURIComponent(name)}`;
    },
    serveDir(dir) {
      baseDir = dir;
    },
    async close() {
      await browser.close();
      await vite.close();
    },
  };
}
