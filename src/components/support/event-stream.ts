/**
 * A server-sent event stream read with fetch, so that it can carry an Authorization header (the
 * operator's token; EventSource cannot send one) and the merchant's cookie alike. It reconnects
 * after the server's `retry:` delay, naming the last event it got (Last-Event-ID) so the server
 * sends what was missed, and stops for good when the server refuses the caller (401, 403, 404).
 */

export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

/** One block of the wire format (the lines between two blank lines); null for a comment or an empty block. */
export function parseEventBlock(block: string): { event: StreamEvent | null; retry: number | null } {
  let event = 'message';
  let id: string | null = null;
  let retry: number | null = null;
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  }
  return { event: data.length > 0 ? { event, data: data.join('\n'), id } : null, retry };
}

export type StreamState = 'connecting' | 'open' | 'refused';

export interface StreamOptions {
  headers?: Record<string, string>;
  /** The last event already had (from a page loaded before the stream): the server starts after it. */
  lastEventId?: string | null;
  onEvent: (e: StreamEvent) => void;
  onState?: (state: StreamState) => void;
}

const MAX_RETRY_MS = 30_000;

/** Opens the stream and keeps it open; the returned function closes it. */
export function openEventStream(url: string, opts: StreamOptions): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastId: string | null = opts.lastEventId ?? null;
  let retryMs = 3000;
  let failures = 0;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    opts.onState?.('connecting');
    controller = new AbortController();
    try {
      const res = await fetch(url, {
        headers: { ...opts.headers, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        opts.onState?.('refused');
        return;
      }
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      opts.onState?.('open');
      failures = 0;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const blocks = buffer.split(/\r?\n\r?\n/);
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const { event, retry } = parseEventBlock(block);
          if (retry !== null) retryMs = retry;
          if (!event) continue;
          if (event.id !== null) lastId = event.id;
          opts.onEvent(event);
        }
      }
    } catch {
      if (stopped) return;
      failures++;
    }
    if (stopped) return;
    opts.onState?.('connecting');
    // Each failure in a row waits longer, up to half a minute; a stream that ended cleanly waits `retry`.
    timer = setTimeout(() => void connect(), Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures, 4)));
  };

  void connect();
  return () => {
    stopped = true;
    controller?.abort();
    if (timer) clearTimeout(timer);
  };
}
