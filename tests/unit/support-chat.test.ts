/**
 * The service chat's pure pieces: reading a server-sent event block as the browser's reader does
 * (event name, id, data lines, retry, comments), and merging a page and live messages by id.
 */
import { describe, expect, it } from 'vitest';
import { parseEventBlock } from '../../src/components/support/event-stream';
import { mergeChatMessages, type ChatMessage } from '../../contract/support';

describe('parseEventBlock', () => {
  it('reads the event name, its id and its data', () => {
    expect(parseEventBlock('id: 42\nevent: message\ndata: {"id":42}')).toEqual({
      event: { event: 'message', id: '42', data: '{"id":42}' },
      retry: null,
    });
  });
  it('joins several data lines, takes `message` as the default name and CRLF line ends', () => {
    expect(parseEventBlock('data: a\r\ndata: b').event).toEqual({ event: 'message', id: null, data: 'a\nb' });
  });
  it('takes the retry delay, and a block without data is no event', () => {
    expect(parseEventBlock('retry: 3000')).toEqual({ event: null, retry: 3000 });
    expect(parseEventBlock(': ping')).toEqual({ event: null, retry: null });
    expect(parseEventBlock('retry: soon').retry).toBeNull();
  });
});

describe('mergeChatMessages', () => {
  const m = (id: number, message = `m${id}`): ChatMessage => ({
    id,
    userId: 1,
    sender: 'merchant',
    message,
    createTime: '2026-11-27T10:00:00.000Z',
    read: false,
    attachment: null,
  });
  it('keeps one of each id, oldest first, the newer copy winning', () => {
    const merged = mergeChatMessages([m(3), m(1)], [m(2), { ...m(3), read: true }]);
    expect(merged.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(merged[2]!.read).toBe(true);
  });
});
