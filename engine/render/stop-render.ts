/**
 * A newer render id aborts an older render with 'stop render'. One class for the
 * compositor and the mockup pipeline, so callers test for one thing.
 */
export const STOP_RENDER_MESSAGE = 'stop render';

export class StopRenderError extends Error {
  override readonly name = 'StopRenderError';

  constructor() {
    super(STOP_RENDER_MESSAGE);
  }
}

/**
 * True for the abort error, also after it crossed a worker boundary (structured clone and
 * Comlink keep an Error's message but not its class).
 */
export function isStopRender(error: unknown): boolean {
  if (error instanceof StopRenderError) return true;
  return typeof error === 'object' && error !== null && 'message' in error && error.message === STOP_RENDER_MESSAGE;
}
