/**
 * The editor stage worker: draws the flat on the canvas the page transferred to it, through the
 * engine's live stage, and answers each frame once it is drawn. The page owns input and sends
 * only the latest frame (stage-client), so frames never queue up behind a slow one.
 */
// The app's Content-Security-Policy allows no 'unsafe-eval' (docs/security.md), and a worker runs
// under the policy its script was served with: the engine's stage installs pixi.js's eval-free
// polyfills itself.
import * as Comlink from 'comlink';
import { createFetchImageLoader } from '@pod-studio/engine';
import { LiveStage, applyFrameDelta, type StageFrame, type StageFrameDelta, type StageResult } from '@pod-studio/engine/stage';

let stage: LiveStage | null = null;
/** The last frame received: a delta is applied to it. */
let last: StageFrame | null = null;
const loader = createFetchImageLoader({ maxEntries: 256 });

const loadImage = async (url: string): Promise<ImageBitmap> => {
  const src = await loader.load(url);
  return src instanceof ImageBitmap ? src : createImageBitmap(src as ImageBitmapSource);
};

export const stageWorkerApi = {
  init(canvas: OffscreenCanvas): void {
    stage?.destroy();
    last = null;
    stage = new LiveStage(canvas, loadImage);
  },
  update(frame: StageFrame, opts: { baseline?: boolean; finish?: boolean } = {}): Promise<StageResult> {
    if (!stage) throw new Error('stage worker: init first');
    last = frame;
    return stage.update(frame, opts);
  },
  /** A frame sent as its changes from the last one (stage-client sends these during a drag). */
  updateDelta(delta: StageFrameDelta, opts: { baseline?: boolean; finish?: boolean } = {}): Promise<StageResult> {
    if (!stage || !last) throw new Error('stage worker: a delta needs a frame first');
    last = applyFrameDelta(last, delta);
    // Only the delta's elements changed: the stage looks at those alone.
    return stage.update(last, { ...opts, changed: delta.changed.map(([i]) => i) });
  },
  async capture(): Promise<ImageBitmap> {
    if (!stage) throw new Error('stage worker: init first');
    const bitmap = await stage.capture();
    return Comlink.transfer(bitmap, [bitmap]);
  },
  dispose(): void {
    stage?.destroy();
    stage = null;
    last = null;
  },
};

export type StageWorkerApi = typeof stageWorkerApi;

Comlink.expose(stageWorkerApi);
