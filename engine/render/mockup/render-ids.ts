/**
 * Render ids: a render is aborted with a 'stop render' error when a
 * newer render id exists for the same target. Renders check their ticket between passes, so a
 * stale one stops at the next check point and never resolves with its pixels.
 */

import { StopRenderError } from '../stop-render.ts';

export { STOP_RENDER_MESSAGE, StopRenderError, isStopRender } from '../stop-render.ts';

export interface RenderTicket {
  /** null: the render has no target and can never go stale. */
  readonly target: string | null;
  readonly renderId: number;
}

/**
 * Newest render id per target. One registry per renderer by default; renderers that serve the
 * same screen (a worker pool) can share one so a newer render on any of them wins.
 */
export class RenderIdRegistry {
  private readonly latest = new Map<string, number>();

  /**
   * Registers a render. Without an explicit id the render gets the next one for its target, so
   * plain "render this view again" calls supersede earlier ones. An explicit id older than the
   * newest known one yields a ticket that is stale from the start.
   */
  begin(target?: string | null, renderId?: number): RenderTicket {
    if (target === undefined || target === null) return { target: null, renderId: renderId ?? 0 };
    const newest = this.latest.get(target);
    const id = renderId ?? (newest ?? 0) + 1;
    if (!Number.isFinite(id)) throw new Error(`renderId must be a finite number, got ${id}`);
    if (newest === undefined || id > newest) this.latest.set(target, id);
    return { target, renderId: id };
  }

  isCurrent(ticket: RenderTicket): boolean {
    if (ticket.target === null) return true;
    const newest = this.latest.get(ticket.target);
    return newest === undefined || ticket.renderId >= newest;
  }

  /** Throws StopRenderError when a newer render exists for the ticket's target. */
  check(ticket: RenderTicket): void {
    if (!this.isCurrent(ticket)) throw new StopRenderError();
  }

  latestFor(target: string): number | undefined {
    return this.latest.get(target);
  }
}
