/**
 * The add-store dialog (always available): choose the store type, give its address where the
 * platform needs one, and go to the platform to install/authorise. Etsy first shows its
 * trademark disclaimer. Everything works by keyboard: radios, a form, Enter submits.
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Modal } from '../Modal';
import { Field } from '../Field';
import { ui } from '../../state/ui';
import { EtsyDisclaimer } from './EtsyDisclaimer';
import { startConnect } from './connect';
import { DASHBOARD_STORE_TYPES, ShopMessages, type ShopPlatform } from '../../../contract/shops';
import '../../styles/shops.css';

const BLURB: Record<ShopPlatform, string> = {
  etsy: 'A marketplace for handmade and unique goods.',
  woocommerce: 'The store plugin for WordPress sites.',
  shopify: 'Hosted online stores of every size.',
};

export function AddStoreDialog() {
  const snap = useSnapshot(ui);
  const close = () => {
    ui.addStoreDialog = false;
  };
  return (
    <Modal open={snap.addStoreDialog} title="Add store" onClose={close} width={580}>
      <ConnectStoreForm />
    </Modal>
  );
}

/** The type choice and the connect form; also used on its own (Account & Settings, Stores tab). */
export function ConnectStoreForm({ initial = 'shopify' }: { initial?: ShopPlatform }) {
  const [platform, setPlatform] = useState<ShopPlatform>(initial);
  const [address, setAddress] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [disclaimer, setDisclaimer] = useState(false);

  async function connect() {
    setBusy(true);
    const msg = await startConnect(platform, address);
    // On success the browser is leaving for the platform: keep the button busy until it does.
    if (msg) {
      setBusy(false);
      setError(msg);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (platform === 'etsy') setDisclaimer(true);
    else void connect();
  }

  const pick = (p: ShopPlatform) => {
    setPlatform(p);
    setAddress('');
    setError('');
  };
  const name = DASHBOARD_STORE_TYPES.find((t) => t.platform === platform)?.name ?? '';

  return (
    <form className="connect-store" onSubmit={submit} noValidate aria-label="Connect a store">
      <p>{ShopMessages.addStoreDefault}</p>
      <fieldset className="store-type-choice">
        <legend>Store type</legend>
        {DASHBOARD_STORE_TYPES.map((t) => (
          <label key={t.code} className={`store-type-option${platform === t.platform ? ' selected' : ''}`}>
            <input type="radio" name="store-type" value={t.platform} checked={platform === t.platform} onChange={() => pick(t.platform)} />
            <span className="store-type-name">
              {t.code}. {t.name}
            </span>
            <span className="muted small">{BLURB[t.platform]}</span>
          </label>
        ))}
      </fieldset>
      {platform === 'shopify' && (
        <Field
          label="Shopify store address"
          placeholder="your-store.myshopify.com"
          autoComplete="url"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={error || undefined}
        />
      )}
      {platform === 'woocommerce' && (
        <Field
          label="WordPress store address"
          placeholder="https://your-store.com"
          type="url"
          autoComplete="url"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={error || undefined}
        />
      )}
      {platform === 'etsy' && (
        <>
          <p className="muted">You will sign in to Etsy and allow POD Studio to list products in your shop.</p>
          {error && (
            <div className="form-error" role="alert">
              {error}
            </div>
          )}
        </>
      )}
      <div className="modal-actions">
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? 'Connecting…' : platform === 'shopify' ? 'Install Shopify app' : `Connect ${name}`}
        </button>
      </div>
      <EtsyDisclaimer
        open={disclaimer}
        onCancel={() => setDisclaimer(false)}
        onAgree={() => {
          setDisclaimer(false);
          void connect();
        }}
      />
    </form>
  );
}
