/**
 * A worker thread that photographs one view at a time: for on-demand.ts (a view first asked for)
 * and for images.ts (the first start's views, one such thread per core). The photographer's
 * height field and lighting are seconds of typed-array work per view on the thread that runs
 * them: on the server's own thread that stalled every request (pages, scripts, API calls) while
 * a page of not-yet-photographed products filled in, and at first start it kept the work on one
 * core.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { archetypeByKey } from './archetypes';
import { modelArchetype } from './archetypes/models';
import { photographView } from './art/photo';

/** What the thread is started with. */
export interface PhotographerOptions {
  /**
   * Below the server's own thread (on demand, while the server answers requests); the first start
   * has nothing else to do and keeps its normal priority.
   */
  background: boolean;
}

// On Linux a nice value set from a thread is that thread's alone, so pages and API calls keep
// the CPU while a catalogue page's new pictures are photographed.
if ((workerData as PhotographerOptions | undefined)?.background !== false) {
  try {
    setPriority(10);
  } catch {
    // Not permitted or not supported here: the photographer runs at the server's priority.
  }
}

export interface PhotographJob {
  id: number;
  archKey: string;
  model: number;
  viewId: string;
  size: number;
  dir: string;
}

export type PhotographReply = { id: number; ok: true } | { id: number; ok: false; error: string };

parentPort?.on('message', (job: PhotographJob) => {
  void (async (): Promise<PhotographReply> => {
    try {
      const arch = archetypeByKey(job.archKey);
      const view = arch ? modelArchetype(arch, job.model).views.find((v) => v.id === job.viewId) : undefined;
      if (!view) return { id: job.id, ok: false, error: `no view ${job.viewId} of ${job.archKey} model ${job.model}` };
      await photographView(view, job.size, job.dir);
      return { id: job.id, ok: true };
    } catch (e) {
      return { id: job.id, ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  })().then((reply) => parentPort?.postMessage(reply));
});
