/**
 * `@pod-studio/engine/worker`: the engine in a Web Worker over Comlink. createEngineWorker starts
 * one; `@pod-studio/engine/pool` spreads bulk jobs over several.
 */
export { createEngineWorker, type EngineWorkerApi, type EngineWorkerHandle, type EngineWorkerOptions } from './client.ts';
