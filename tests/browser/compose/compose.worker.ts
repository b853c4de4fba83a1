/** Test worker: composes a flat inside a module worker (WebWorkerAdapter, self.fonts). */
import type { FlatDesign } from '../../../engine/model/index.ts';
import { composeFlat } from '../../../engine/render/compose/index.ts';

export interface WorkerRequest {
  readonly flat: { width: number; height: number };
  readonly design: Pick<FlatDesign, 'designList'>;
  readonly bitmap: ImageBitmap;
}
export type WorkerReply = { ok: true; out: ImageBitmap; realm: string } | { ok: false; message: string };

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
};

scope.onmessage = async (e) => {
  const { flat, design, bitmap } = e.data;
  try {
    const out = await composeFlat({ flat, design, images: async () => bitmap });
    scope.postMessage({ ok: true, out, realm: typeof window === 'undefined' ? 'worker' : 'window' }, [out]);
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
