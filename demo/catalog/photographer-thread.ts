/**
 * A photographer worker thread (photograph-worker.ts) as promises: each job posted resolves when
 * its view's files are written, or rejects with the worker's error. A thread that dies fails the
 * jobs it had; `alive` then says false and its owner starts another.
 */
import { Worker } from 'node:worker_threads';
import type { PhotographJob, PhotographReply, PhotographerOptions } from './photograph-worker';

export class PhotographerThread {
  private readonly worker: Worker;
  private readonly replies = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private nextJob = 0;
  private stopped = false;

  constructor(options: PhotographerOptions) {
    this.worker = new Worker(new URL('./photograph-worker.mjs', import.meta.url), { workerData: options });
    // Never what keeps the process alive: a server stops with its requests, a script with its work.
    this.worker.unref();
    this.worker.on('message', (reply: PhotographReply) => {
      const waiter = this.replies.get(reply.id);
      this.replies.delete(reply.id);
      if (reply.ok) waiter?.resolve();
      else waiter?.reject(new Error(reply.error));
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`catalogue photographer stopped (${code})`)));
  }

  get alive(): boolean {
    return !this.stopped;
  }

  private fail(e: Error): void {
    this.stopped = true;
    for (const waiter of this.replies.values()) waiter.reject(e);
    this.replies.clear();
  }

  /** Photographs one view of one model of an archetype into `dir`. */
  photograph(job: Omit<PhotographJob, 'id'>): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('catalogue photographer stopped'));
    const id = ++this.nextJob;
    return new Promise<void>((resolve, reject) => {
      this.replies.set(id, { resolve, reject });
      this.worker.postMessage({ ...job, id } satisfies PhotographJob);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.worker.terminate();
  }
}
