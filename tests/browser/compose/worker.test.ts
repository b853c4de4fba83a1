/** The same composition in a worker (OffscreenCanvas, WebWorkerAdapter, self.fonts) and on the page. */
import { describe, expect, it } from 'vitest';
import { composeFlat } from '../../../engine/render/compose/index.ts';
import type { WorkerReply, WorkerRequest } from './compose.worker.ts';
import { design, diff, image, pixelsOf, quadrants, text } from './helpers.ts';

function inWorker(request: WorkerRequest): Promise<WorkerReply> {
  const worker = new Worker(new URL('./compose.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<WorkerReply>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<WorkerReply>) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

describe('worker', () => {
  it('composes in a worker exactly as on the page', async () => {
    const flat = { width: 320, height: 200 };
    const d = design(
      image({ url: 'q', originalWidth: 60, originalHeight: 40, left: 30, top: 20, angle: 15 }),
      text({ text: 'Worker\ntext', fontFamily: 'Variane Script', fontSize: 48, left: 120, top: 40, stroke: '#ff0000', strokeWidth: 1 }),
    );
    const reply = await inWorker({ flat, design: d, bitmap: await quadrants(60, 40) });
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.realm).toBe('worker');
    const bmp = await quadrants(60, 40);
    const page = await composeFlat({ flat, design: d, images: async () => bmp });
    expect(diff(pixelsOf(reply.out), pixelsOf(page), 2).over).toBe(0);
  });

  it("reports 'Error loading font' from a worker", async () => {
    const reply = await inWorker({
      flat: { width: 50, height: 50 },
      design: design(text({ text: 'x', fontFamily: 'Nope' })),
      bitmap: await quadrants(2, 2),
    });
    expect(reply).toEqual({ ok: false, message: 'Error loading font' });
  });
});
