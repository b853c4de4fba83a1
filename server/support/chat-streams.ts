/**
 * The live side of the service chat: server-sent event streams, one per open chat panel. A
 * merchant's stream hears their own conversation; an operator's stream hears every conversation.
 *
 * Messages written by this server instance are sent at once. So that a message written by another
 * instance (several behind a load balancer) still arrives, every stream looks in the database for
 * messages it has not been sent on each heartbeat; a reconnecting browser names the last message it
 * got (Last-Event-ID) and is sent what it missed. The same heartbeat ends a merchant's stream whose
 * session was logged out or expired. Closing the server ends every stream, so no open panel keeps
 * it from shutting down.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/client';
import { sessionUserId } from '../accounts/session';
import type { ChatMessage, ChatStreamEvent } from '../../contract/support';
import { latestMessageId, messagesAfter } from './chat';

/** Comments keep proxies and browsers from timing the connection out; also when missed messages are looked for. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting after the stream ends (the `retry:` field). */
const RETRY_MS = 3000;
/** How long closing the server waits for streams to finish before it stops waiting. */
const CLOSE_WAIT_MS = 2000;

/** One event in the wire format: `id` (messages only), `event`, one `data` line of JSON. */
export function formatEvent(e: ChatStreamEvent): string {
  const id = e.event === 'message' ? `id: ${e.data.id}\n` : '';
  return `${id}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

/** Whether the caller asked for an event stream (EventSource and the app's reader both do). */
export function wantsEventStream(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.toLowerCase().includes('text/event-stream');
}

/** The last message id the browser got before it reconnected; 0 when none. */
export function lastEventId(request: FastifyRequest): number {
  const raw = request.headers['last-event-id'];
  const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : 0;
  return n <= 2_147_483_647 ? n : 0;
}

interface Subscriber {
  /** The merchant whose conversation it hears; null: every conversation (an operator). */
  userId: number | null;
  /** The merchant's session token, checked on every heartbeat. */
  token: string | null;
  stream: PassThrough;
  /** The highest message id sent, for the heartbeat's look for missed messages. */
  lastId: number;
  /** Whether lastId has been set from the database (before that, nothing is looked for). */
  ready: boolean;
  done: Promise<void>;
  close(): void;
}

export class ChatStreams {
  private readonly subscribers = new Set<Subscriber>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Answers the request with a stream and keeps it until the browser leaves or the server closes.
   * `first`: events sent before anything else (the merchant's unread count).
   */
  open(
    request: FastifyRequest,
    reply: FastifyReply,
    who: { userId: number | null; token: string | null },
    first: ChatStreamEvent[] = [],
  ): FastifyReply {
    const stream = new PassThrough();
    let resolveDone: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    const sub: Subscriber = {
      userId: who.userId,
      token: who.token,
      stream,
      lastId: 0,
      ready: false,
      done,
      close: () => {
        if (!this.subscribers.delete(sub)) return;
        stream.end();
        if (this.subscribers.size === 0) this.stopTimer();
      },
    };
    // The response ends (the server closed it) or the browser went away: either way it is over.
    reply.raw.on('close', () => {
      sub.close();
      resolveDone();
    });
    if (this.closing) {
      stream.end();
      resolveDone();
    } else {
      this.subscribers.add(sub);
      this.startTimer();
      stream.write(`retry: ${RETRY_MS}\n\n`);
      for (const e of first) this.write(sub, e);
      void this.start(sub, lastEventId(request));
    }
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        // The connection ends with the stream, so closing the server never waits on a kept-alive socket.
        .header('connection', 'close')
        .send(stream)
    );
  }

  /** A new message: to its merchant's streams and to every operator. */
  message(m: ChatMessage): void {
    for (const sub of this.subscribers) {
      if (sub.userId === null || sub.userId === m.userId) this.write(sub, { event: 'message', data: m });
    }
  }

  /** An event for the merchant's own streams only. */
  toMerchant(userId: number, e: ChatStreamEvent): void {
    for (const sub of this.subscribers) if (sub.userId === userId) this.write(sub, e);
  }

  /** An event for every operator stream. */
  toOperators(e: ChatStreamEvent): void {
    for (const sub of this.subscribers) if (sub.userId === null) this.write(sub, e);
  }

  /** Ends every stream and waits (briefly) for their responses to finish. */
  async closeAll(): Promise<void> {
    this.closing = true;
    this.stopTimer();
    const pending = [...this.subscribers].map((s) => s.done);
    for (const sub of [...this.subscribers]) sub.close();
    await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
  }

  private write(sub: Subscriber, e: ChatStreamEvent): void {
    if (e.event === 'message') sub.lastId = Math.max(sub.lastId, e.data.id);
    sub.stream.write(formatEvent(e));
  }

  /**
   * Where the stream starts: after the message the browser last got (sending what it missed), or
   * after the newest message there is.
   */
  private async start(sub: Subscriber, after: number): Promise<void> {
    try {
      if (after > 0) {
        sub.lastId = Math.max(sub.lastId, after);
        sub.ready = true;
        await this.catchUp(sub);
      } else {
        sub.lastId = Math.max(sub.lastId, await latestMessageId(this.db, sub.userId));
        sub.ready = true;
      }
    } catch {
      sub.close();
    }
  }

  private async catchUp(sub: Subscriber): Promise<void> {
    if (!sub.ready) return;
    const missed = await messagesAfter(this.db, sub.userId, sub.lastId);
    if (!this.subscribers.has(sub)) return;
    for (const m of missed) if (m.id > sub.lastId) this.write(sub, { event: 'message', data: m });
  }

  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.timer.unref();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async heartbeat(): Promise<void> {
    for (const sub of [...this.subscribers]) {
      try {
        if (sub.token !== null && (await sessionUserId(this.db, sub.token)) !== sub.userId) {
          sub.close();
          continue;
        }
        sub.stream.write(': ping\n\n');
        await this.catchUp(sub);
      } catch {
        // A database hiccup skips this beat; the next one tries again.
      }
    }
  }
}
