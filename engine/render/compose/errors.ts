import { MAX_TILES_CODE, MAX_TILES_MSG } from '../../model/index.ts';

/** Over 150 tiles is rejected with code 1 and 'Maximum 150 tiling'. */
export class TilingLimitError extends Error {
  readonly code = MAX_TILES_CODE;
  readonly msg = MAX_TILES_MSG;

  constructor() {
    super(MAX_TILES_MSG);
    this.name = 'TilingLimitError';
  }
}

import { StopRenderError } from '../stop-render.ts';

export { StopRenderError };

export interface RenderGuard {
  readonly signal?: AbortSignal;
  readonly isCurrent?: () => boolean;
}

/** Throws when the render was aborted or superseded; called after every await. */
export function checkpoint(guard: RenderGuard): void {
  guard.signal?.throwIfAborted();
  if (guard.isCurrent && !guard.isCurrent()) throw new StopRenderError();
}
