import { useEffect, useState } from 'react';
import { EMAIL_CODE_RESEND_S } from '../../contract/constants';

/** "Send code" with the resend countdown; `send` answers whether a code went out. */
export function EmailCodeButton({ send }: { send: () => Promise<boolean> }) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return (
    <button
      type="button"
      className="btn code-btn"
      disabled={busy || left > 0}
      onClick={async () => {
        setBusy(true);
        const ok = await send();
        setBusy(false);
        if (ok) setLeft(EMAIL_CODE_RESEND_S);
      }}
    >
      {left > 0 ? `Resend in ${left}s` : busy ? 'Sending…' : 'Send code'}
    </button>
  );
}
