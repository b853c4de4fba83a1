/**
 * Store authorisation: type 1 (manual) lets the merchant choose and enter the store; type 2
 * (automatic) re-authorises a known Shopify store and starts by itself after a short countdown
 * (downTimeType 1), which the merchant can skip or cancel.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Modal } from '../Modal';
import { ConnectStoreForm } from './AddStoreDialog';
import { startConnect } from './connect';
import { storeDialogs } from './state';

const AUTO_START_S = 5;

export function StoreAuthDialog() {
  const snap = useSnapshot(storeDialogs);
  const auth = snap.auth;
  const close = () => {
    storeDialogs.auth = null;
  };
  return (
    <Modal open={auth !== null} title="Store authorization" onClose={close} width={580}>
      {auth?.type === 2 ? <AutomaticAuth storeName={auth.storeName} onCancel={close} /> : <ConnectStoreForm />}
    </Modal>
  );
}

function AutomaticAuth({ storeName, onCancel }: { storeName: string; onCancel: () => void }) {
  const [left, setLeft] = useState(AUTO_START_S);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    const msg = await startConnect('shopify', storeName);
    if (msg) {
      setBusy(false);
      setError(msg);
    }
  };

  useEffect(() => {
    if (busy || error) return;
    if (left <= 0) {
      void start();
      return;
    }
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
    // start() is recreated each render; the countdown only depends on the seconds left.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left, busy, error]);

  return (
    <div className="store-auth-auto">
      <p>
        POD Studio needs your permission again to publish products to <strong>{storeName}</strong>.
      </p>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : (
        <p role="status">{busy ? 'Taking you to Shopify…' : `Taking you to Shopify in ${left} s.`}</p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn primary" disabled={busy} onClick={() => void start()}>
          Authorize now
        </button>
      </div>
    </div>
  );
}
