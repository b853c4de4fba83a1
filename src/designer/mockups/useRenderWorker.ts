/** One render worker per open designer: live mockups and the saved view images share it. */
import { useEffect, useState } from 'react';
import { startRenderWorker, type RenderWorkerHandle } from '../../../workers/client';

export function useRenderWorker(): RenderWorkerHandle | null {
  const [handle, setHandle] = useState<RenderWorkerHandle | null>(null);
  useEffect(() => {
    const h = startRenderWorker();
    setHandle(h);
    return () => {
      setHandle(null);
      h.terminate();
    };
  }, []);
  return handle;
}
