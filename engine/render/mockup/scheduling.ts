/** Ordering helpers for renders that share one GL context. */

/**
 * Runs async jobs one at a time in call order. The GL passes of a render use pooled targets and
 * global GL state, so two renders must never interleave their passes; their image loading can
 * still overlap because it happens before a render joins the queue.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * Lets queued tasks (a newer render request arriving through postMessage or Comlink) run before
 * the next pass, so a render can learn at its next check point that it went stale. A
 * MessageChannel task is used rather than setTimeout(0), which browsers clamp to 4 ms once
 * timers nest.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
