/**
 * The render worker: hosts one Engine on its own OffscreenCanvas and exposes it with Comlink.
 * Pixels leave as transferred ImageBitmaps and Blobs, never as JSON copies.
 */
// pixi.js compiles its uniform and shader sync functions with `new Function` unless these
// eval-free versions are installed: the app's Content-Security-Policy allows no 'unsafe-eval'
// (docs/security.md), and a worker runs under the policy its script was served with.
import 'pixi.js/unsafe-eval';
import * as Comlink from 'comlink';
import { Engine, type MockupRequest } from '../engine/index.ts';
import type { CustomTemplate, SkuDesign } from '../engine/model/types.ts';

let engine: Engine | null = null;
const get = () => (engine ??= new Engine({ canvas: new OffscreenCanvas(1, 1) }));

export const renderWorkerApi = {
  async renderMockup(req: MockupRequest): Promise<ImageBitmap> {
    const bitmap = await get().renderMockup(req);
    return Comlink.transfer(bitmap, [bitmap]);
  },
  renderMockupJpeg(req: MockupRequest, quality?: number): Promise<Blob> {
    return get().renderMockupJpeg(req, quality);
  },
  async composeFlat(template: CustomTemplate, design: SkuDesign, flatId: string, scale?: number): Promise<ImageBitmap> {
    const bitmap = await get().composeFlat(template, design, flatId, { scale });
    return Comlink.transfer(bitmap, [bitmap]);
  },
  exportPrintFile(template: CustomTemplate, design: SkuDesign, flatId: string, dpi?: number): Promise<Blob> {
    return get().exportPrintFile(template, design, flatId, dpi);
  },
  async dispose(): Promise<void> {
    await engine?.dispose();
    engine = null;
  },
};

export type RenderWorkerApi = typeof renderWorkerApi;

Comlink.expose(renderWorkerApi);
