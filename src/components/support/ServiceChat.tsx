/**
 * The service chat with the merchant's customer service manager: a button on the dashboard with
 * the count of unread answers, and a chat panel beside the page (not modal: the dashboard stays
 * usable while chatting). While the panel is open, messages come live from the server's event
 * stream; while it is closed, the unread count is looked up every half minute (no stream is held
 * open for a closed panel). Earlier pages load on demand; a picture (JPEG or PNG, at most 10 MB)
 * can go with a message.
 * Escape or the close button closes the panel and focus returns to the button.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { SERVICE_STREAM_URL, serviceFileUrl, supportApi } from '../../api/support';
import { openEventStream, type StreamState } from './event-stream';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_MESSAGE_MAX,
  CHAT_PAGE_SIZE,
  ChatMessages,
  mergeChatMessages,
  type ChatAttachment,
  type ChatMessage,
  type ChatStreamEvent,
} from '../../../contract/support';
import '../../styles/support.css';

/** Whether the chat panel is open: the guide's "Open the chat" opens it too. */
export const chatPanel = proxy({ open: false });

const PICTURE_TYPES = ['image/jpeg', 'image/png'];
const UNREAD_POLL_MS = 30_000;

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** What is wrong with a picture before it is sent, by the upload rules the server applies too. */
function pictureProblem(file: File): string | null {
  if (file.size === 0) return ChatMessages.missingPicture;
  if (!PICTURE_TYPES.includes(file.type)) return ChatMessages.notPicture;
  if (file.size > CHAT_ATTACHMENT_MAX_BYTES) return ChatMessages.tooLarge;
  return null;
}

export function ChatMessageItem({
  m,
  mine,
  pictureUrl,
}: {
  m: ChatMessage;
  mine: boolean;
  pictureUrl: (thumbnail: boolean) => string | null;
}) {
  const thumb = m.attachment ? pictureUrl(true) : null;
  const full = m.attachment ? pictureUrl(false) : null;
  return (
    <li className={mine ? 'chat-msg mine' : 'chat-msg theirs'}>
      <span className="chat-who">{m.sender === 'merchant' ? (mine ? 'You' : 'Merchant') : mine ? 'You' : 'Your manager'}</span>
      {m.message && <p className="chat-text">{m.message}</p>}
      {m.attachment && (
        <a className="chat-picture" href={full ?? undefined} target="_blank" rel="noopener">
          {thumb ? (
            <img src={thumb} alt={`Picture ${m.attachment.fileName}`.trim()} width={120} />
          ) : (
            <span>Picture {m.attachment.fileName}</span>
          )}
        </a>
      )}
      <span className="chat-meta">
        <time dateTime={m.createTime}>{timeOf(m.createTime)}</time>
        {mine && m.read && <span> · Read</span>}
      </span>
    </li>
  );
}

export function ServiceChat() {
  const panel = useSnapshot(chatPanel);
  const user = useSnapshot(session).user;
  const panelId = useId();
  const titleId = useId();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasEarlier, setHasEarlier] = useState(false);
  const [unread, setUnread] = useState(0);
  const [live, setLive] = useState<StreamState>('connecting');
  const [text, setText] = useState('');
  const [picture, setPicture] = useState<ChatAttachment | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const firstPageRef = useRef(false);

  // The newest page, now and every half minute while the panel is closed: the button's unread
  // count stays current without holding a stream open on every dashboard.
  useEffect(() => {
    let gone = false;
    const refresh = () =>
      void supportApi.serviceList().then((res) => {
        if (gone || res.code !== 200) return;
        const rows = res.rows ?? [];
        // Whether there is more to scroll back to is known from the first page only.
        if (!firstPageRef.current) setHasEarlier((res.total ?? 0) > rows.length);
        firstPageRef.current = true;
        setMessages((m) => mergeChatMessages(m, rows));
        setUnread(res.unread ?? 0);
      });
    if (panel.open) return undefined;
    refresh();
    const timer = setInterval(refresh, UNREAD_POLL_MS);
    return () => {
      gone = true;
      clearInterval(timer);
    };
  }, [panel.open]);

  // While the panel is open the conversation is live, starting after the newest message shown.
  const newestRef = useRef<number | null>(null);
  newestRef.current = messages.at(-1)?.id ?? null;
  useEffect(() => {
    if (!panel.open) return undefined;
    return openEventStream(SERVICE_STREAM_URL, {
      lastEventId: newestRef.current === null ? null : String(newestRef.current),
      onState: setLive,
      onEvent: (raw) => {
        // The server writes these events (contract/support.ts ChatStreamEvent).
        const e = { event: raw.event, data: JSON.parse(raw.data) as unknown } as ChatStreamEvent;
        if (e.event === 'message') setMessages((m) => mergeChatMessages(m, [e.data]));
        else if (e.event === 'unread') setUnread(e.data.unread);
        else if (e.event === 'read' && e.data.by === 'operator') {
          setMessages((m) => m.map((x) => (x.sender === 'merchant' && !x.read ? { ...x, read: true } : x)));
        }
      },
    });
  }, [panel.open]);

  // The panel is the merchant reading: answers that arrive while it is open are read.
  useEffect(() => {
    if (panel.open && unread > 0) {
      void supportApi.markRead().then((res) => {
        if (res.code === 200) setUnread(0);
      });
    }
  }, [panel.open, unread]);

  useEffect(() => {
    const el = dialogRef.current;
    if (!el) return;
    if (panel.open && !el.open) {
      el.show();
      inputRef.current?.focus();
    }
    if (!panel.open && el.open) el.close();
  }, [panel.open]);

  // The newest message stays in view.
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest, panel.open]);

  const close = () => {
    chatPanel.open = false;
    launcherRef.current?.focus();
  };

  const loadEarlier = async () => {
    const first = messages[0]?.id;
    if (first === undefined) return;
    const res = await supportApi.serviceList(first);
    if (res.code !== 200) return;
    const rows = res.rows ?? [];
    setMessages((m) => mergeChatMessages(rows, m));
    setHasEarlier(rows.length >= CHAT_PAGE_SIZE);
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    const bad = pictureProblem(file);
    if (bad) {
      setProblem(bad);
      return;
    }
    setProblem('');
    setBusy(true);
    const res = await supportApi.uploadPicture(file);
    setBusy(false);
    if (res.code !== 200 || !res.data) {
      setProblem(res.msg || 'Upload failed');
      return;
    }
    setPicture(res.data);
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const message = text.trim();
    if (!message && !picture) {
      setProblem(ChatMessages.empty);
      return;
    }
    if (message.length > CHAT_MESSAGE_MAX) {
      setProblem(ChatMessages.tooLong);
      return;
    }
    setProblem('');
    setBusy(true);
    const res = await supportApi.sendMessage(message, picture?.id);
    setBusy(false);
    if (res.code !== 200 || !res.data) {
      setProblem(res.msg || 'The message could not be sent.');
      return;
    }
    const sent = res.data;
    setMessages((m) => mergeChatMessages(m, [sent]));
    setText('');
    setPicture(null);
    inputRef.current?.focus();
  };

  if (!user) return null;
  const liveText = live === 'open' ? 'Live' : live === 'refused' ? 'Offline: please log in again' : 'Connecting…';
  return (
    <>
      <button
        ref={launcherRef}
        type="button"
        className="btn chat-launcher"
        aria-expanded={panel.open}
        aria-controls={panelId}
        onClick={() => {
          chatPanel.open = !chatPanel.open;
        }}
      >
        Chat with your manager
        {unread > 0 && (
          <>
            {' '}
            <span className="badge">{unread}</span>
            <span className="visually-hidden"> unread</span>
          </>
        )}
      </button>
      <dialog
        ref={dialogRef}
        id={panelId}
        className="chat-panel"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          }
        }}
      >
        <header className="chat-head">
          <img src={user.gender === 2 ? '/support/agent-b.svg' : '/support/agent-a.svg'} alt="" width={36} height={36} />
          <div>
            <h2 id={titleId}>{ChatMessages.title}</h2>
            <p role="status" className={live === 'open' ? 'chat-live on' : 'chat-live'}>
              {liveText}
            </p>
          </div>
          <button type="button" className="icon-btn" aria-label="Close the chat" onClick={close}>
            ×
          </button>
        </header>
        {hasEarlier && (
          <button type="button" className="link-btn chat-earlier" onClick={() => void loadEarlier()}>
            Load earlier messages
          </button>
        )}
        <ol ref={logRef} className="chat-log" role="log" aria-label="Messages" aria-live="polite">
          {messages.length === 0 && <li className="chat-empty muted">Ask your manager anything about products, orders or shipping.</li>}
          {messages.map((m) => (
            <ChatMessageItem
              key={m.id}
              m={m}
              mine={m.sender === 'merchant'}
              pictureUrl={(thumb) => serviceFileUrl(m.attachment!.id, thumb)}
            />
          ))}
        </ol>
        <form className="chat-compose" onSubmit={(e) => void send(e)}>
          <label className="chat-label">
            Message
            <textarea
              ref={inputRef}
              value={text}
              rows={3}
              maxLength={CHAT_MESSAGE_MAX}
              placeholder="Type a message (Enter sends, Shift+Enter starts a new line)"
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void send();
                }
              }}
            />
          </label>
          {picture && (
            <div className="chat-pending">
              <img src={serviceFileUrl(picture.id, true)} alt={`Picture ${picture.fileName}`.trim()} width={48} />
              <span className="small">{picture.fileName || 'Picture'} goes with the message</span>
              <button type="button" className="link-btn" onClick={() => setPicture(null)}>
                Remove the picture
              </button>
            </div>
          )}
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <div className="chat-actions">
            <label className="btn chat-attach">
              Attach a picture
              <input
                type="file"
                accept="image/jpeg,image/png"
                className="visually-hidden"
                disabled={busy}
                onChange={(e) => {
                  void attach(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
            <button type="submit" className="btn primary" disabled={busy}>
              {busy ? 'Sending…' : 'Send'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
