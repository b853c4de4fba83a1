/**
 * The render worker: hosts one Engine on its own OffscreenCanvas and exposes it with Comlink.
 * Pixels leave as transferred ImageBitmaps and Blobs, never as JSON copies. Started by
 * createEngineWorker (./client.ts); a host never imports this module on its main thread.
 */
import * as Comlink from 'comlink';
import { Engine, type MockupRequest } from '../engine.ts';
import type { CustomTemplate, SkuDesign } from '../model/types.ts';
import type { TattooPrintFiles } from '../render/compose/tattoo-file.ts';

let engine: Engine | null = null;
const get = () => (engine ??= new Engine({ canvas: new OffscreenCanvas(1, 1) }));

const engineWorkerApi = {
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
  exportTattooPrintFiles(
    template: CustomTemplate,
    design: SkuDesign,
    flatId: string,
    opts: { cutOffsetMm: number; dpi?: number; widthIn?: number },
  ): Promise<TattooPrintFiles> {
    return get().exportTattooPrintFiles(template, design, flatId, opts);
  },
  async dispose(): Promise<void> {
    await engine?.dispose();
    engine = null;
  },
};

/** What a render worker answers, as plain async methods (see EngineWorkerHandle.api). */
export type EngineWorkerApi = typeof engineWorkerApi;

Comlink.expose(engineWorkerApi);
