/**
 * The page's side of the stage worker: hands it the canvas and sends frames, the latest one
 * only. One frame is in flight at a time; frames arriving meanwhile replace each other, so a
 * fast pointer never queues work behind a slow frame.
 */
import * as Comlink from 'comlink';
import { frameDelta, type StageFrame, type StageResult } from '@pod-studio/engine/stage';
import type { StageWorkerApi } from '../../../workers/stage.worker.ts';

export interface StageClientOptions {
  /** Called after each drawn frame with what the worker reported. */
  onDrawn?: (result: StageResult, frame: StageFrame) => void;
  /** Draw with the naive full recomposition (benchmark baseline). */
  baseline?: boolean;
  /** Wait for the GPU before answering (benchmark: times include drawing). */
  finish?: boolean;
}

export class StageClient {
  private readonly worker: Worker;
  private readonly api: Comlink.Remote<StageWorkerApi>;
  private readonly started: Promise<void>;
  private isStarted = false;
  private inFlight: Promise<void> | null = null;
  private next: StageFrame | null = null;
  /** The last frame the worker took: the next one goes as its changes from it. */
  private sent: StageFrame | null = null;
  private idleWaiters: (() => void)[] = [];
  private disposed = false;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly options: StageClientOptions = {},
  ) {
    this.worker = new Worker(new URL('../../../workers/stage.worker.ts', import.meta.url), { type: 'module', name: 'pod-stage' });
    this.api = Comlink.wrap<StageWorkerApi>(this.worker);
    const offscreen = canvas.transferControlToOffscreen();
    this.started = this.api.init(Comlink.transfer(offscreen, [offscreen])).then(() => void (this.isStarted = true));
  }

  submit(frame: StageFrame): void {
    if (this.disposed) return;
    this.next = frame;
    if (this.inFlight === null) this.inFlight = this.pump();
  }

  /** Resolves once every submitted frame is drawn (tests wait on it before reading pixels). */
  idle(): Promise<void> {
    if (this.inFlight === null && this.next === null) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** The presented canvas pixels. */
  async capture(): Promise<ImageBitmap> {
    await this.idle();
    return this.api.capture();
  }

  dispose(): void {
    this.disposed = true;
    this.next = null;
    this.api[Comlink.releaseProxy]();
    this.worker.terminate();
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private async pump(): Promise<void> {
    // Once the worker is up, the frame goes out in the call that submits it: an await here would
    // queue the message behind whatever the page does next in the same turn (React rendering the
    // overlay for the same change), and the worker would start drawing that much later.
    if (!this.isStarted) await this.started;
    while (this.next !== null && !this.disposed) {
      const frame = this.next;
      this.next = null;
      const opts = { baseline: this.options.baseline, finish: this.options.finish };
      try {
        const delta = frameDelta(this.sent, frame);
        this.sent = frame;
        const result = await (delta ? this.api.updateDelta(delta, opts) : this.api.update(frame, opts));
        if (result.drawn) this.options.onDrawn?.(result, frame);
      } catch (error) {
        // The worker may not hold the frame the next delta would build on: send it whole.
        this.sent = null;
        if (!this.disposed) console.error('editor stage frame failed', error);
      }
    }
    this.inFlight = null;
    for (const w of this.idleWaiters.splice(0)) w();
  }
}
