/**
 * The app's render worker: the engine package's own worker (`@pod-studio/engine/worker`), named
 * for the browser's developer tools. The app starts it the way any embedding page would.
 */
import { createEngineWorker, type EngineWorkerHandle } from '@pod-studio/engine/worker';

export type RenderWorkerHandle = EngineWorkerHandle;

export function startRenderWorker(): RenderWorkerHandle {
  return createEngineWorker({ name: 'pod-render' });
}
