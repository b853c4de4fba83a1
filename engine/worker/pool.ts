/**
 * A pool of render workers for bulk jobs (every view in every colour, print files): jobs queue up,
 * each idle worker takes the next one (a job naming its view goes to a worker that rendered that
 * view before, and a worker takes on another's view only when that ends the run sooner by the job
 * times measured so far, see job-queue.ts), progress is reported per finished job, a failed job
 * reports its error without stopping the others, and cancelling drops what has not started.
 */
import { createEngineWorker, type EngineWorkerApi, type EngineWorkerHandle } from './client.ts';
import { JobHistory, JobQueue } from './job-queue.ts';

// Hosts that run their own lanes of workers schedule with the pool's order.
export { JobHistory, JobQueue };

// Hosts tell a GPU from an emulated device with these (the composition backend, the render CLI's log).
export { isSoftwareRenderer, webglIsSoftware } from '../gl/context.ts';
export type { EngineWorkerApi, EngineWorkerHandle };

export interface JobRun<T> {
  (api: EngineWorkerHandle['api']): Promise<T>;
  /**
   * What the job renders, e.g. a template's id and view id (`keyedJob`): jobs with the same key
   * go to the worker that rendered it before, whose caches hold that view's photo, meshes and
   * drawn layers (a bulk run's colours of one view reuse its warped design there).
   */
  readonly key?: string;
}

/** `run` as a job naming what it renders (see JobRun's key). */
export function keyedJob<T>(key: string, run: (api: EngineWorkerHandle['api']) => Promise<T>): JobRun<T> {
  return Object.assign((api: EngineWorkerHandle['api']) => run(api), { key });
}

export type JobResult<T> = { index: number; ok: true; value: T } | { index: number; ok: false; error: string };

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Each worker holds its own GL contexts and caches: more than this costs memory for no speed. */
export const MAX_POOL_SIZE = 8;

/**
 * Workers for a machine with `cores` cores: one per core, up to 8, on a GPU and where WebGL is
 * emulated on the CPU alike. With a GPU every core decodes, composes and encodes while the GPU
 * warps. Where WebGL is emulated every worker's GL work goes to the one emulated device, which
 * spreads each pass over all cores by itself, but a second worker still fills the gaps between
 * passes (its compose, encode and upload run while the other worker's GL runs). Measured on 2
 * cores, SwiftShader, quiet machine: bench:engine's bulk row 1.00-1.18x the throughput of one
 * worker (1.4 -> 1.6 of 2 cores busy); the app's bulk flow (render + upload) 1.99 -> 2.32
 * mockups a second. (An earlier measurement on a busy machine, 16.8 against 13.9 a second, had
 * made the pool run one worker there.)
 */
export function poolSizeFor(cores: number): number {
  return Math.max(1, Math.min(MAX_POOL_SIZE, Math.floor(cores) || 1));
}

/** The pool size for this browser. */
export function defaultPoolSize(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return poolSizeFor(cores);
}

export class RenderPool {
  private readonly workers: EngineWorkerHandle[] = [];
  /** Workers the pool was lent (the host's own): used as lanes, never terminated by it. */
  private readonly lent: ReadonlySet<EngineWorkerHandle>;
  /** Who holds each job key and how long jobs took, across runs (job-queue.ts). */
  private readonly history = new JobHistory<EngineWorkerHandle>();

  /**
   * `size` workers at most, started on demand by `start` (default createEngineWorker); `lent`
   * workers count toward the size and are used first.
   */
  constructor(
    readonly size = defaultPoolSize(),
    private readonly start: () => EngineWorkerHandle = createEngineWorker,
    lent: readonly EngineWorkerHandle[] = [],
  ) {
    this.workers.push(...lent);
    this.lent = new Set(lent);
  }

  private ensure(n: number): EngineWorkerHandle[] {
    while (this.workers.length < Math.min(n, this.size)) this.workers.push(this.start());
    return this.workers.slice(0, Math.min(n, this.size));
  }

  /** Runs every job; resolves with one result per job, in job order. */
  async run<T>(jobs: JobRun<T>[], opts: RunOptions = {}): Promise<JobResult<T>[]> {
    const results: JobResult<T>[] = new Array(jobs.length);
    const lanes = this.ensure(jobs.length);
    const queue = new JobQueue(
      jobs.map((j) => j.key),
      this.history,
      lanes,
    );
    let done = 0;
    const lane = async (w: EngineWorkerHandle) => {
      for (;;) {
        if (opts.signal?.aborted) return;
        const index = queue.take(w);
        if (index === undefined) return;
        const job = jobs[index]!;
        const started = performance.now();
        try {
          results[index] = { index, ok: true, value: await job(w.api) };
          queue.finished(w, index, performance.now() - started);
        } catch (err) {
          results[index] = { index, ok: false, error: err instanceof Error ? err.message : String(err) };
        }
        opts.onProgress?.(++done, jobs.length);
      }
    };
    await Promise.all(lanes.map(lane));
    if (opts.signal?.aborted) {
      for (let i = 0; i < jobs.length; i++) results[i] ??= { index: i, ok: false, error: 'cancelled' };
    }
    return results;
  }

  /** Stops the workers the pool started; lent ones go back to their owner running. */
  terminate(): void {
    this.history.clear();
    for (const w of this.workers.splice(0)) if (!this.lent.has(w)) w.terminate();
  }
}
