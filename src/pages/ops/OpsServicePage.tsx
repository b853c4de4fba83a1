/**
 * The operator's service chat (/ops/service): the operator types the server's OPS_TOKEN into the
 * page, and every call sends it in the Authorization header; it is kept in this page's memory
 * only (never in the address, never stored), so a reload asks for it again. The page lists every
 * conversation with its unread count, shows one with its pictures, and answers; new messages and
 * read marks arrive live.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { OPS_SERVICE_STREAM_URL, opsSupportApi } from '../../api/support';
import { openEventStream, type StreamState } from '../../components/support/event-stream';
import { ChatMessageItem } from '../../components/support/ServiceChat';
import {
  CHAT_MESSAGE_MAX,
  ChatMessages,
  mergeChatMessages,
  type ChatConversation,
  type ChatMessage,
  type ChatStreamEvent,
} from '../../../contract/support';
import '../../styles/support.css';

type OpsApi = ReturnType<typeof opsSupportApi>;

function TokenForm({ onToken, problem }: { onToken: (token: string) => void; problem: string }) {
  const [token, setToken] = useState('');
  return (
    <form
      className="ops-token card"
      onSubmit={(e) => {
        e.preventDefault();
        if (token.trim()) onToken(token.trim());
      }}
    >
      <label>
        Operator token
        <input type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
      </label>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn primary">
        Open the conversations
      </button>
    </form>
  );
}

/** Chat pictures fetched with the token and shown from object URLs, released when the page goes. */
function usePictures(api: OpsApi) {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const asked = useRef(new Set<string>());
  const made = useRef<string[]>([]);
  useEffect(() => {
    const list = made.current;
    return () => list.forEach((u) => URL.revokeObjectURL(u));
  }, []);
  return (id: number, thumbnail: boolean): string | null => {
    const key = `${id}:${thumbnail ? 't' : 'o'}`;
    if (!asked.current.has(key)) {
      asked.current.add(key);
      void api.picture(id, thumbnail).then((url) => {
        if (!url) return;
        made.current.push(url);
        setUrls((u) => ({ ...u, [key]: url }));
      });
    }
    return urls[key] ?? null;
  };
}

function Conversations({ api, onRefused }: { api: OpsApi; onRefused: (msg: string) => void }) {
  const [list, setList] = useState<ChatConversation[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [merchant, setMerchant] = useState<{ email: string; displayname: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<StreamState>('connecting');
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;
  const picture = usePictures(api);
  const logRef = useRef<HTMLOListElement>(null);

  // The newest message stays in view.
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest]);

  const loadList = useCallback(async () => {
    const res = await api.conversations();
    if (res.code === 403 || res.code === 404) return onRefused(res.msg);
    if (res.code === 200) setList(res.rows);
  }, [api, onRefused]);

  const open = useCallback(
    async (userId: number) => {
      setSelected(userId);
      setProblem('');
      const res = await api.messages(userId);
      if (res.code !== 200) return setProblem(res.msg);
      setMessages(res.rows);
      setMerchant(res.merchant);
      if (res.unread > 0) {
        await api.markRead(userId);
        await loadList();
      }
    },
    [api, loadList],
  );

  useEffect(() => {
    void loadList();
  }, [loadList]);

  useEffect(
    () =>
      openEventStream(OPS_SERVICE_STREAM_URL, {
        headers: api.headers,
        onState: setLive,
        onEvent: (raw) => {
          // The server writes these events (contract/support.ts ChatStreamEvent).
          const e = { event: raw.event, data: JSON.parse(raw.data) as unknown } as ChatStreamEvent;
          if (e.event === 'message') {
            const m = e.data;
            if (m.userId === selectedRef.current) {
              setMessages((list) => mergeChatMessages(list, [m]));
              // The open conversation is being read.
              if (m.sender === 'merchant') void api.markRead(m.userId).then(() => loadList());
            }
            void loadList();
          } else if (e.event === 'read') {
            if (e.data.userId === selectedRef.current && e.data.by === 'merchant') {
              setMessages((list) => list.map((x) => (x.sender === 'operator' && !x.read ? { ...x, read: true } : x)));
            }
            void loadList();
          }
        },
      }),
    [api, loadList],
  );

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (selected === null) return;
    const message = answer.trim();
    if (!message) return setProblem(ChatMessages.empty);
    setBusy(true);
    const res = await api.answer(selected, message);
    setBusy(false);
    if (res.code !== 200) return setProblem(res.msg);
    setProblem('');
    setAnswer('');
    setMessages((list) => mergeChatMessages(list, [res.data]));
    void loadList();
  };

  return (
    <div className="ops-chat">
      <section aria-labelledby="ops-conversations-h" className="ops-list">
        <h2 id="ops-conversations-h">Conversations</h2>
        <p role="status" className={live === 'open' ? 'chat-live on' : 'chat-live'}>
          {live === 'open' ? 'Live' : 'Connecting…'}
        </p>
        {list.length === 0 ? (
          <p className="muted">No merchant has written yet.</p>
        ) : (
          <ul>
            {list.map((c) => (
              <li key={c.userId}>
                <button
                  type="button"
                  className={c.userId === selected ? 'ops-convo current' : 'ops-convo'}
                  aria-current={c.userId === selected}
                  onClick={() => void open(c.userId)}
                >
                  <strong>{c.displayname || c.email}</strong>
                  {c.unread > 0 && (
                    <>
                      {' '}
                      <span className="badge">{c.unread}</span>
                      <span className="visually-hidden"> unread</span>
                    </>
                  )}
                  <span className="muted small ops-last">
                    {c.lastSender === 'operator' ? 'You: ' : ''}
                    {c.lastMessage || 'Picture'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="ops-thread-h" className="ops-thread">
        <h2 id="ops-thread-h">{merchant ? `Conversation with ${merchant.displayname || merchant.email}` : 'Pick a conversation'}</h2>
        {selected !== null && (
          <>
            <ol ref={logRef} className="chat-log" role="log" aria-label="Messages" aria-live="polite">
              {messages.map((m) => (
                <ChatMessageItem key={m.id} m={m} mine={m.sender === 'operator'} pictureUrl={(thumb) => picture(m.attachment!.id, thumb)} />
              ))}
            </ol>
            <form className="chat-compose" onSubmit={(e) => void send(e)}>
              <label className="chat-label">
                Answer
                <textarea value={answer} rows={3} maxLength={CHAT_MESSAGE_MAX} onChange={(e) => setAnswer(e.target.value)} />
              </label>
              {problem && (
                <p className="field-error" role="alert">
                  {problem}
                </p>
              )}
              <div className="chat-actions">
                <button type="submit" className="btn primary" disabled={busy}>
                  Send answer
                </button>
              </div>
            </form>
          </>
        )}
      </section>
    </div>
  );
}

export function OpsServicePage() {
  const [api, setApi] = useState<OpsApi | null>(null);
  const [problem, setProblem] = useState('');
  const refused = useCallback((msg: string) => {
    setApi(null);
    setProblem(msg);
  }, []);
  return (
    <main className="container ops-page">
      <h1>Service chat (operator)</h1>
      {api ? (
        <Conversations api={api} onRefused={refused} />
      ) : (
        <TokenForm
          problem={problem}
          onToken={(token) => {
            setProblem('');
            setApi(opsSupportApi(token));
          }}
        />
      )}
    </main>
  );
}
