/**
 * The service chat over real HTTP on a real database: the merchant's conversation (servicelist,
 * updateService, marking answers read), pictures checked by content and size like every upload,
 * the operator's side behind OPS_TOKEN, one merchant never reaching another's messages or pictures,
 * and the live streams: a merchant's open stream receives the operator's answer and the operator's
 * stream the merchant's message, a reconnecting stream is sent what it missed, and closing the
 * server ends open streams instead of waiting on them.
 */
import { get as httpGet, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { buildApp } from '../../server/app';
import { createMailer } from '../../server/platform/mail';
import { createBlobStorage } from '../../server/platform/blob-storage';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { serviceAttachments, serviceMessages } from '../../server/support/schema';
import { ChatMessages, CHAT_MESSAGE_MAX, type ChatMessage } from '../../contract/support';
import { IMAGE_TOO_LARGE } from '../../server/uploads/image-checks';
import { pngBomb, tinyPng } from '../security/support/pictures';

const OPS_TOKEN = 'ops-chat-token-8d2f4a6c1e';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ CAPTCHA: 'off', OPS_TOKEN });
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Page {
  rows: ChatMessage[];
  total: number;
  unread: number;
}

let n = 0;
async function merchant(server: TestServer = s) {
  const user = await createUser(server.database.db, `chat${++n}-${Date.now()}@support.test`, 'secret123');
  const { token } = await createSession(server.database.db, user.id);
  return {
    id: user.id,
    token,
    call: <T = Record<string, unknown>>(method: string, p: string, body?: unknown) =>
      server.api<T>(method, p, body, token) as Promise<Res<T>>,
  };
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

const ops = <T = Record<string, unknown>>(method: string, p: string, body?: unknown, token = OPS_TOKEN) =>
  s.api<T>(method, p, body, undefined, { authorization: `Bearer ${token}` }) as Promise<Res<T>>;

const messagesOf = (userId: number) => s.database.db.select().from(serviceMessages).where(eq(serviceMessages.userId, userId));
const attachmentsOf = (userId: number) => s.database.db.select().from(serviceAttachments).where(eq(serviceAttachments.userId, userId));

async function upload(m: Merchant, file: Uint8Array, name = 'photo.png', server: TestServer = s): Promise<Res<{ data: { id: number } }>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name);
  const res = await fetch(`${server.url}/prod-api/api/shops/uploadServiceFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${m.token}` },
    body: form,
  });
  return (await res.json()) as never;
}

interface StreamEvent {
  event: string;
  id?: string;
  data: unknown;
}

/**
 * An event stream opened over real HTTP, its events collected as they come. Opened with node:http
 * and no agent, so closing it closes its socket and leaves no pooled connection to the server.
 */
async function openStream(url: string, headers: Record<string, string>) {
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const wake = () => waiters.splice(0).forEach((w) => w());
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpGet(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, resolve);
    req.on('error', reject);
  });
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const e: StreamEvent = { event: 'message', data: null };
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) e.event = line.slice(7);
        else if (line.startsWith('id: ')) e.id = line.slice(4);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (!data) continue;
      e.data = JSON.parse(data);
      events.push(e);
    }
    wake();
  });
  res.on('close', () => {
    ended = true;
    wake();
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    events,
    get ended() {
      return ended;
    },
    /** The first event (from `from` on) that satisfies `test`, within `ms`. */
    async next(test: (e: StreamEvent) => boolean, ms = 5000, from = 0): Promise<StreamEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const hit = events.slice(from).find(test);
        if (hit) return hit;
        if (ended) throw new Error(`stream ended; events: ${JSON.stringify(events)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event within ${ms} ms; events: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left).unref();
        });
      }
    },
    async close() {
      if (ended) return;
      const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
      res.destroy();
      await closed;
    },
  };
}

const merchantStream = (m: Merchant, headers: Record<string, string> = {}, server: TestServer = s) =>
  openStream(`${server.url}/prod-api/api/shops/serviceStream`, { authorization: `Bearer ${m.token}`, ...headers });
const operatorStream = () => openStream(`${s.url}/prod-api/ops/service/stream`, { authorization: `Bearer ${OPS_TOKEN}` });

describe('the merchant’s conversation', () => {
  it('refuses bad messages with the product’s wording and stores nothing', async () => {
    const m = await merchant();
    expect(await m.call('GET', '/api/shops/servicelist')).toMatchObject({ code: 200, rows: [], total: 0, unread: 0 });
    for (const body of [{}, { message: '' }, { message: '   ' }]) {
      expect(await m.call('POST', '/api/shops/updateService', body)).toEqual({ code: 10000, msg: ChatMessages.empty });
    }
    expect(await m.call('POST', '/api/shops/updateService', { message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) })).toMatchObject({
      code: 10000,
      msg: `message must be at most ${CHAT_MESSAGE_MAX} characters`,
    });
    expect(await m.call('POST', '/api/shops/updateService', { message: { text: 'hi' } })).toMatchObject({
      code: 10000,
      msg: 'message must be text',
    });
    expect(await m.call('POST', '/api/shops/updateService', { message: 'hi', attachmentId: 'x' })).toMatchObject({
      code: 10000,
      msg: 'attachmentId must be a positive whole number',
    });
    expect(await messagesOf(m.id)).toHaveLength(0);
    expect(await s.api('POST', '/api/shops/updateService', { message: 'hi' })).toMatchObject({ code: 401 });
    expect(await s.api('GET', '/api/shops/servicelist')).toMatchObject({ code: 401 });
  });

  it('keeps the conversation in order, pages back through it, and counts unread answers', async () => {
    const m = await merchant();
    const sent: number[] = [];
    for (const text of ['first', 'second', 'third']) {
      const res = await m.call<{ data: ChatMessage }>('POST', '/api/shops/updateService', { message: `  ${text}  ` });
      expect(res.data).toMatchObject({ userId: m.id, sender: 'merchant', message: text, read: false, attachment: null });
      sent.push(res.data.id);
    }
    const all = await m.call<Page>('GET', '/api/shops/servicelist');
    expect(all.rows.map((r) => r.message)).toEqual(['first', 'second', 'third']);
    expect(all).toMatchObject({ total: 3, unread: 0 });
    const back = await m.call<Page>('GET', `/api/shops/servicelist?pageSize=1&beforeId=${sent[2]}`);
    expect(back.rows.map((r) => r.message)).toEqual(['second']);
    expect(await m.call('GET', '/api/shops/servicelist?pageSize=101')).toMatchObject({ code: 10000 });

    // The operator answers: the merchant has one unread answer, and their own messages are read.
    expect((await ops('POST', `/ops/service/conversations/${m.id}/messages`, { message: 'Hello, how can I help?' })).code).toBe(200);
    const after = await m.call<Page>('GET', '/api/shops/servicelist');
    expect(after.unread).toBe(1);
    expect(after.rows.filter((r) => r.sender === 'merchant').every((r) => r.read)).toBe(true);
    expect(after.rows.at(-1)).toMatchObject({ sender: 'operator', message: 'Hello, how can I help?', read: false });
    expect(await m.call('POST', '/api/shops/updateServiceRead')).toMatchObject({ code: 200, updated: 1 });
    expect(await m.call('GET', '/api/shops/servicelist')).toMatchObject({ unread: 0 });
    expect(await m.call('POST', '/api/shops/updateServiceRead')).toMatchObject({ code: 200, updated: 0 });
  });
});

describe('pictures', () => {
  it('refuses what is not a picture, is over 10 MB or over 50 megapixels, storing nothing', async () => {
    const m = await merchant();
    expect(await upload(m, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png')).toEqual({
      code: 10000,
      msg: ChatMessages.notPicture,
    });
    const big = Buffer.concat([tinyPng(), Buffer.alloc(10_485_760)]);
    expect(await upload(m, big, 'big.png')).toEqual({ code: 10000, msg: ChatMessages.tooLarge });
    expect(await upload(m, pngBomb(20000, 20000), 'bomb.png')).toEqual({ code: 10000, msg: IMAGE_TOO_LARGE });
    // A PNG signature on a file that does not decode is not a picture either.
    expect(await upload(m, Buffer.concat([tinyPng().subarray(0, 33), Buffer.alloc(64)]), 'broken.png')).toEqual({
      code: 10000,
      msg: ChatMessages.notPicture,
    });
    const empty = await fetch(`${s.url}/prod-api/api/shops/uploadServiceFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await empty.json()).toEqual({ code: 10000, msg: ChatMessages.missingPicture });
    expect(await attachmentsOf(m.id)).toHaveLength(0);
  });

  it('sends a picture once, with the message, and shows it only to its merchant and the operator', async () => {
    const a = await merchant();
    const b = await merchant();
    const up = await upload(a, tinyPng(300, 200), 'misprint.png');
    expect(up).toMatchObject({ code: 200, data: { width: 300, height: 200, fileName: 'misprint.png' } });
    const pictureId = up.data.id;

    // B can neither send A's picture nor see it.
    expect(await b.call('POST', '/api/shops/updateService', { message: 'mine?', attachmentId: pictureId })).toEqual({
      code: 10000,
      msg: ChatMessages.pictureNotYours,
    });
    expect(await messagesOf(b.id)).toHaveLength(0);
    const peek = await fetch(`${s.url}/prod-api/api/shops/serviceFile/${pictureId}`, { headers: { authorization: `Bearer ${b.token}` } });
    expect(peek.status).toBe(404);
    expect(peek.headers.get('content-type')).toMatch(/json/);

    // A picture alone is a message.
    const sent = await a.call<{ data: ChatMessage }>('POST', '/api/shops/updateService', { attachmentId: pictureId });
    expect(sent.data).toMatchObject({ message: '', attachment: { id: pictureId, width: 300, height: 200 } });
    expect(await a.call('POST', '/api/shops/updateService', { message: 'again', attachmentId: pictureId })).toEqual({
      code: 10000,
      msg: ChatMessages.pictureSent,
    });
    expect(await messagesOf(a.id)).toHaveLength(1);

    const own = await fetch(`${s.url}/prod-api/api/shops/serviceFile/${pictureId}`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('cache-control')).toContain('private');
    expect(own.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await own.arrayBuffer()).equals(tinyPng(300, 200))).toBe(true);
    const thumb = await fetch(`${s.url}/prod-api/api/shops/serviceFile/${pictureId}?size=thumbnail`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(thumb.status).toBe(200);
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const byOperator = await fetch(`${s.url}/prod-api/ops/service/files/${pictureId}`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    expect(byOperator.status).toBe(200);
    const noToken = await fetch(`${s.url}/prod-api/ops/service/files/${pictureId}`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(noToken.status).toBe(403);
  });
});

describe('one merchant never reaches another’s conversation', () => {
  it('keeps B out of A’s messages, counts and stream', async () => {
    const a = await merchant();
    const b = await merchant();
    const bStream = await merchantStream(b);
    await bStream.next((e) => e.event === 'unread');
    await a.call('POST', '/api/shops/updateService', { message: 'A’s private question' });
    await ops('POST', `/ops/service/conversations/${a.id}/messages`, { message: 'A’s private answer' });

    const bPage = await b.call<Page>('GET', '/api/shops/servicelist');
    expect(bPage).toMatchObject({ rows: [], total: 0, unread: 0 });
    // Paging "before" one of A's ids still shows only B's own conversation.
    const aIds = (await messagesOf(a.id)).map((r) => r.id);
    expect(await b.call('GET', `/api/shops/servicelist?beforeId=${Math.max(...aIds) + 1}`)).toMatchObject({ rows: [], total: 0 });
    expect(await b.call('POST', '/api/shops/updateServiceRead')).toMatchObject({ updated: 0 });
    expect((await messagesOf(a.id)).find((r) => r.sender === 'operator')?.readAt).toBeNull();

    // Give the stream time to have carried anything it wrongly would.
    await new Promise((r) => setTimeout(r, 300));
    expect(bStream.events.filter((e) => e.event === 'message')).toHaveLength(0);
    expect(JSON.stringify(bStream.events)).not.toContain('private');
    await bStream.close();
  });
});

describe('the operator', () => {
  it('refuses without the operator token, and a merchant’s session is no operator token', async () => {
    const m = await merchant();
    for (const token of ['wrong-token', m.token]) {
      const res = await fetch(`${s.url}/prod-api/ops/service/conversations`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(403);
      const answer = await fetch(`${s.url}/prod-api/ops/service/conversations/${m.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'spoofed' }),
      });
      expect(answer.status).toBe(403);
    }
    const noHeader = await fetch(`${s.url}/prod-api/ops/service/stream`, { headers: { accept: 'text/event-stream' } });
    expect(noHeader.status).toBe(403);
    expect(await messagesOf(m.id)).toHaveLength(0);
  });

  it('lists conversations with unread counts, reads one, and answers with checked input', async () => {
    const m = await merchant();
    await m.call('POST', '/api/shops/updateService', { message: 'Where is my order?' });
    await m.call('POST', '/api/shops/updateService', { message: 'It is #1001.' });
    const list = await ops<{ rows: { userId: number; unread: number; lastMessage: string; lastSender: string }[] }>(
      'GET',
      '/ops/service/conversations?pageSize=100',
    );
    expect(list.rows[0]).toMatchObject({ userId: m.id, unread: 2, lastMessage: 'It is #1001.', lastSender: 'merchant' });

    const convo = await ops<Page & { merchant: { email: string } }>('GET', `/ops/service/conversations/${m.id}/messages`);
    expect(convo.rows.map((r) => r.message)).toEqual(['Where is my order?', 'It is #1001.']);
    expect(convo.merchant.email).toMatch(/@support\.test$/);
    expect(await ops('POST', `/ops/service/conversations/${m.id}/read`)).toMatchObject({ code: 200, updated: 2 });
    expect(
      (await ops<{ rows: { userId: number; unread: number }[] }>('GET', '/ops/service/conversations?pageSize=100')).rows.find(
        (r) => r.userId === m.id,
      )?.unread,
    ).toBe(0);

    for (const body of [{}, { message: '  ' }]) {
      expect(await ops('POST', `/ops/service/conversations/${m.id}/messages`, body)).toEqual({ code: 10000, msg: ChatMessages.empty });
    }
    expect(await ops('POST', `/ops/service/conversations/${m.id}/messages`, { message: 'y'.repeat(CHAT_MESSAGE_MAX + 1) })).toEqual({
      code: 10000,
      msg: `message must be at most ${CHAT_MESSAGE_MAX} characters`,
    });
    expect(await ops('POST', '/ops/service/conversations/999999/messages', { message: 'hello?' })).toEqual({
      code: 10000,
      msg: ChatMessages.noConversation,
    });
    expect(await ops('GET', '/ops/service/conversations/999999/messages')).toEqual({ code: 10000, msg: ChatMessages.noConversation });
    expect(await messagesOf(m.id)).toHaveLength(2);
  });
});

describe('live', () => {
  it('asks for the stream to be opened as one', async () => {
    const m = await merchant();
    const res = await fetch(`${s.url}/prod-api/api/shops/serviceStream`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({ code: 10000, msg: ChatMessages.streamOnly });
    const anonymous = await fetch(`${s.url}/prod-api/api/shops/serviceStream`, { headers: { accept: 'text/event-stream' } });
    expect(anonymous.status).toBe(401);
  });

  it('brings the operator’s answer to the merchant’s open stream and the merchant’s message to the operator’s', async () => {
    const m = await merchant();
    const mine = await merchantStream(m);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(mine.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await mine.next((e) => e.event === 'unread')).data).toEqual({ unread: 0 });
    const operator = await operatorStream();

    const sent = await m.call<{ data: ChatMessage }>('POST', '/api/shops/updateService', { message: 'Is the hoodie in stock?' });
    const heard = await operator.next((e) => e.event === 'message');
    expect(heard.data).toMatchObject({ id: sent.data.id, userId: m.id, sender: 'merchant', message: 'Is the hoodie in stock?' });
    expect(heard.id).toBe(String(sent.data.id));

    const from = mine.events.length;
    await ops('POST', `/ops/service/conversations/${m.id}/messages`, { message: 'Yes, in every size.' });
    const answer = await mine.next((e) => e.event === 'message' && (e.data as ChatMessage).sender === 'operator', 5000, from);
    expect(answer.data).toMatchObject({ userId: m.id, sender: 'operator', message: 'Yes, in every size.', read: false });
    expect((await mine.next((e) => e.event === 'unread', 5000, from)).data).toEqual({ unread: 1 });
    expect((await mine.next((e) => e.event === 'read', 5000, from)).data).toEqual({ userId: m.id, by: 'operator' });

    // Reading the answer tells the merchant's other tabs and the operator.
    const before = operator.events.length;
    await m.call('POST', '/api/shops/updateServiceRead');
    await operator.next((e) => e.event === 'read' && (e.data as { by: string }).by === 'merchant', 5000, before);
    await mine.close();
    await operator.close();
  });

  it('sends a reconnecting stream the messages it missed', async () => {
    const m = await merchant();
    const first = await m.call<{ data: ChatMessage }>('POST', '/api/shops/updateService', { message: 'one' });
    await ops('POST', `/ops/service/conversations/${m.id}/messages`, { message: 'two' });
    await ops('POST', `/ops/service/conversations/${m.id}/messages`, { message: 'three' });
    const again = await merchantStream(m, { 'last-event-id': String(first.data.id) });
    await again.next((e) => e.event === 'message' && (e.data as ChatMessage).message === 'three');
    expect(again.events.filter((e) => e.event === 'message').map((e) => (e.data as ChatMessage).message)).toEqual(['two', 'three']);
    await again.close();
  });

  it('ends open streams when the server closes', async () => {
    const server = await startServer({ CAPTCHA: 'off' });
    const m = await merchant(server);
    const stream = await merchantStream(m, {}, server);
    await stream.next((e) => e.event === 'unread');
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(4000);
    await stream.next(() => false, 2000).catch((err: Error) => expect(err.message).toMatch(/stream ended/));
    expect(stream.ended).toBe(true);
  });

  it('ends the stream of a session that logged out, and brings messages written by another server instance', async () => {
    const server = await startServer({ CAPTCHA: 'off', OPS_TOKEN, SERVICE_CHAT_HEARTBEAT_MS: '150' });
    // A second instance of the app on the same database, as behind a load balancer.
    const other = await buildApp(
      {
        config: server.config,
        database: server.database,
        db: server.database.db,
        mailer: createMailer({
          smtpUrl: null,
          dataDir: server.config.dataDir,
          from: server.config.mailFrom,
          log: { info: () => {} } as never,
        }),
        blobs: createBlobStorage(server.config),
      },
      { logger: false },
    );
    try {
      const m = await merchant(server);
      const stream = await merchantStream(m, {}, server);
      await stream.next((e) => e.event === 'unread');
      const answer = await other.inject({
        method: 'POST',
        url: `/prod-api/ops/service/conversations/${m.id}/messages`,
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
        payload: { message: 'Answered from the other instance' },
      });
      expect(answer.json()).toMatchObject({ code: 200 });
      await stream.next((e) => e.event === 'message' && (e.data as ChatMessage).message === 'Answered from the other instance', 3000);

      const out = await fetch(`${server.url}/prod-api/api/user/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}` },
      });
      expect(((await out.json()) as { code: number }).code).toBe(200);
      await stream.next(() => false, 3000).catch((err: Error) => expect(err.message).toMatch(/stream ended/));
      expect(stream.ended).toBe(true);
    } finally {
      await other.close();
      await server.close();
    }
  });
});
