/**
 * Starts a render worker (./render.worker.ts) and returns its typed Comlink proxy.
 *
 * The worker is constructed as `new Worker(new URL('./render.worker…', import.meta.url), { type:
 * 'module' })`, the one form every bundler (Vite, webpack 5, Rollup and esbuild plugins, Parcel)
 * recognises and bundles, and that a plain `<script type="module">` page resolves beside this
 * module. The package build turns the `.ts` name into the built `render.worker.js`.
 */
import * as Comlink from 'comlink';
import type { EngineWorkerApi } from './render.worker.ts';

export type { EngineWorkerApi };

export interface EngineWorkerHandle {
  /** The worker's API: every method returns a promise; bitmaps arrive transferred. */
  readonly api: Comlink.Remote<EngineWorkerApi>;
  /** Releases the proxy and stops the worker (its GL contexts and caches go with it). */
  terminate(): void;
}

export interface EngineWorkerOptions {
  /** The worker's name in developer tools. */
  name?: string;
  /**
   * Where the worker script is served, for hosts that copy `render.worker.js` elsewhere: browsers
   * start module workers only from the page's own origin, so a page that loads the package from a
   * CDN serves the worker (and the chunks it imports) from its own origin and names it here.
   * Default: the package's own script beside this module.
   */
  url?: string | URL;
}

export function createEngineWorker(options: EngineWorkerOptions = {}): EngineWorkerHandle {
  // The options stay an inline literal: bundlers read `type: 'module'` from the call itself.
  const worker =
    options.url === undefined
      ? new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name: options.name })
      : new Worker(options.url, { type: 'module', name: options.name });
  const api = Comlink.wrap<EngineWorkerApi>(worker);
  return {
    api,
    terminate: () => {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
