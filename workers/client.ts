/** Starts a render worker and returns its typed Comlink proxy. */
import * as Comlink from 'comlink';
import type { RenderWorkerApi } from './render.worker.ts';

export interface RenderWorkerHandle {
  api: Comlink.Remote<RenderWorkerApi>;
  terminate(): void;
}

export function startRenderWorker(): RenderWorkerHandle {
  const worker = new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name: 'pod-render' });
  const api = Comlink.wrap<RenderWorkerApi>(worker);
  return {
    api,
    terminate: () => {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
