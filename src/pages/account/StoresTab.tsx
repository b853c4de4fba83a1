/**
 * The merchant's connected stores (a merchant may have several): type, which is current (Now) and
 * which default, what the merchant must know about each connection (a webhook the platform
 * refused, data it keeps from the app), Switch, Set default, re-authorise, transfer a store to
 * another account with an e-mailed code, and store orders waiting for a shipping address.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { storesApi, rowsOf } from '../../api/shops';
import { refreshSession, session } from '../../state/session';
import { toast, ui } from '../../state/ui';
import { openStoreAuth } from '../../components/shops/state';
import { storeLabel, storeTypeName } from '../../components/shops/logic';
import { useStoreSwitch } from '../../components/shops/useStoreSwitch';
import { TransferStoreDialog } from './TransferStoreDialog';
import { PushQueuePanel } from '../../components/shops/PushQueuePanel';
import { ThemeStyleSection } from './ThemeStyleSection';
import { WaitingOrdersSection } from './WaitingOrdersSection';
import { ShopType, type ShopSummary } from '../../../contract/shops';

const STATUS_TEXT: Record<ShopSummary['status'], string | null> = {
  active: null,
  none: null,
  reauthorize: 'Needs authorization',
  uninstalled: 'App uninstalled',
};

export function StoresTab() {
  const user = useSnapshot(session).user;
  const [stores, setStores] = useState<ShopSummary[] | null>(null);
  const [error, setError] = useState('');
  const [transfer, setTransfer] = useState<ShopSummary | null>(null);
  const currentId = stores?.find((s) => s.isCurrent)?.id ?? user?.shopid ?? null;
  const { request: switchTo, dialog: switchDialog } = useStoreSwitch(currentId);

  const load = useCallback(async () => {
    const res = await storesApi.list();
    if (res.code === 200) {
      setStores(rowsOf<ShopSummary>(res));
      setError('');
    } else setError(res.msg);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function setDefault(s: ShopSummary) {
    const res = await storesApi.setDefault(s.id);
    if (res.code === 200) {
      toast('success', res.msg);
      await load();
    }
  }

  return (
    <section aria-labelledby="stores-title">
      <div className="section-head">
        <h2 id="stores-title">Stores</h2>
        <button
          type="button"
          className="btn primary small"
          onClick={() => {
            ui.addStoreDialog = true;
          }}
        >
          Add store
        </button>
      </div>
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      {stores === null ? (
        !error && (
          <p className="muted" role="status">
            Loading your stores…
          </p>
        )
      ) : stores.length === 0 ? (
        <div className="empty-state small">
          <p>No store connected yet.</p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              ui.addStoreDialog = true;
            }}
          >
            Connect your store
          </button>
        </div>
      ) : (
        <ul className="store-list" aria-label="Connected stores">
          {stores.map((s) => {
            const name = storeLabel(s);
            const status = STATUS_TEXT[s.status];
            return (
              <li key={s.id} className={s.isCurrent ? 'current' : undefined} aria-label={name}>
                <div className="store-info">
                  <strong>{name}</strong>
                  <span className="muted small">
                    {storeTypeName(s.type)}
                    {s.myshopifyDomain && s.myshopifyDomain !== name ? ` · ${s.myshopifyDomain}` : ''}
                  </span>
                  <span className="store-tags">
                    {s.isCurrent && <span className="tag now">Now</span>}
                    {s.isDefault && <span className="tag">Default</span>}
                    {status && <span className="tag warn">{status}</span>}
                  </span>
                  {s.notices.length > 0 && (
                    <ul className="store-notices" aria-label={`What to know about ${name}`}>
                      {s.notices.map((n) => (
                        <li key={n} className="muted small">
                          {n}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <div className="store-actions">
                  {!s.isCurrent && (
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Switch to ${name}`}
                      onClick={() => switchTo({ id: s.id, name })}
                    >
                      Switch
                    </button>
                  )}
                  {!s.isDefault && (
                    <button type="button" className="btn small" aria-label={`Set ${name} as default`} onClick={() => void setDefault(s)}>
                      Set default
                    </button>
                  )}
                  {s.status !== 'active' && s.status !== 'none' && s.platform === 'shopify' && (
                    <button type="button" className="btn small" onClick={() => openStoreAuth(2, s.myshopifyDomain ?? '')}>
                      Authorize again
                    </button>
                  )}
                  {s.adminUrl && (
                    <a className="btn small" href={s.adminUrl} target="_blank" rel="noopener">
                      Open store
                    </a>
                  )}
                  <button type="button" className="btn small" aria-label={`Transfer ${name}`} onClick={() => setTransfer(s)}>
                    Transfer
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {stores && stores.length > 0 && <WaitingOrdersSection />}
      {stores?.some((s) => s.isCurrent) && <PushQueuePanel />}
      {/* The storefront script is a Shopify theme feature: other store types have no theme style. */}
      {stores?.some((s) => s.isCurrent && s.type === ShopType.SHOPIFY) && <ThemeStyleSection />}
      {switchDialog}
      <TransferStoreDialog
        store={transfer}
        onClose={() => setTransfer(null)}
        onDone={async () => {
          setTransfer(null);
          await refreshSession();
          await load();
        }}
      />
    </section>
  );
}
