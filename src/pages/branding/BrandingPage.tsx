/**
 * /branding-project (and /mobile/branding-project): the branding packages, Starter_Pack and
 * Pro_Plan, open to visitors; a merchant picks one (?package_id=N) and customises it: the logo,
 * each item's artwork (uploaded with the upload call and its checks) previewed on the item, the
 * items' options with the price they make, contacts and the hang tag's text. Then save, submit,
 * pay (balance, PayPal, card, Stripe, or the Shopify bill; each attempt keeps its idempotency key,
 * so paying twice charges once) and switch the paid package in or out of use, with the spec's
 * confirmations and the unshipped-order check before closing.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { brandingApi } from '../../api/branding';
import { session } from '../../state/session';
import { requireLoginThen } from '../../state/ui';
import { BRAND_ITEMS, type BrandCustom, type BrandPackage } from '../../../contract/branding';
import { formatUsd } from '../../../contract/commerce';
import { ItemPreview } from './ItemPreview';
import { PackageEditor } from './PackageEditor';
import { statusBadge } from './form';
import '../../styles/branding.css';

export function BrandingPage() {
  const snap = useSnapshot(session);
  const loggedIn = snap.loggedIn === true;
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const asked = Number(sp.get('package_id'));
  const [packages, setPackages] = useState<BrandPackage[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [records, setRecords] = useState<BrandCustom[] | null>(null);

  useEffect(() => {
    void brandingApi.packages().then((res) => {
      if (res.code === 200 && res.data) setPackages(res.data);
      else if (res.code !== 100) setLoadError(res.msg || 'The packages could not be loaded.');
    });
  }, []);

  const reloadRecords = useCallback(async () => {
    if (!loggedIn) {
      setRecords(null);
      return;
    }
    const res = await brandingApi.current();
    if (res.code === 200) setRecords(res.rows ?? []);
  }, [loggedIn]);
  useEffect(() => {
    void reloadRecords();
  }, [reloadRecords]);

  const selected = packages?.find((p) => p.package_id === asked) ?? null;
  const open = (p: BrandPackage) => requireLoginThen(loggedIn, () => navigate({ search: `?package_id=${p.package_id}` }));

  return (
    <div className="branding-page">
      <header className="branding-hero">
        <h1>Branding Project</h1>
        <p className="lead">
          Put your brand on every parcel: hang tags, labels, packaging bags, boxes, tape and cards, printed with your artwork and added to
          your orders while the package is in use.
        </p>
      </header>

      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      {!packages && !loadError && (
        <p className="muted" role="status">
          Loading packages…
        </p>
      )}

      {packages && (
        <ul className="brand-packages" aria-label="Branding packages">
          {packages.map((p) => {
            const record = records?.find((r) => r.package_id === p.package_id);
            const badge = statusBadge(record);
            const current = selected?.package_id === p.package_id;
            return (
              <li key={p.package_id} className={`brand-package card${current ? ' current' : ''}`} aria-labelledby={`pkg-${p.package_id}`}>
                <div className="brand-package-head">
                  <h2 id={`pkg-${p.package_id}`}>{p.title}</h2>
                  {badge && <span className={`brand-badge ${badge.tone}`}>{badge.text}</span>}
                </div>
                <p className="brand-package-price">
                  <strong>{formatUsd(record && record.status !== 0 ? record.price : p.price)}</strong>
                  <span className="muted small"> {record && record.status !== 0 ? 'with your options' : 'from, one-off'}</span>
                </p>
                <p>{p.description}</p>
                {record?.order_pic ? (
                  <img className="brand-package-photo" src={record.order_pic} alt={`Your ${p.title} packaging`} />
                ) : null}
                <ul className="brand-package-items" aria-label={`${p.title} items`}>
                  {p.items.map((k) => (
                    <li key={k}>
                      <ItemPreview kind={k} choice={record?.options[k]} artwork={record ? itemArt(record, k) : ''} className="thumb" />
                      <span>{BRAND_ITEMS[k].name}</span>
                    </li>
                  ))}
                </ul>
                {current ? (
                  <p className="muted small">Customising below.</p>
                ) : (
                  <button type="button" className="btn primary" onClick={() => open(p)}>
                    {record ? `Open ${p.title}` : `Customise ${p.title}`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {selected && loggedIn && records && (
        <PackageEditor
          key={selected.package_id}
          pkg={selected}
          record={records.find((r) => r.package_id === selected.package_id) ?? null}
          otherInUse={records.find((r) => r.package_id !== selected.package_id && r.is_use === 1) ?? null}
          onChanged={reloadRecords}
        />
      )}
      {selected && !loggedIn && snap.loggedIn === false && (
        <section className="card brand-login" aria-labelledby="brand-login-title">
          <h2 id="brand-login-title">{selected.title}</h2>
          <p>Log in to upload your artwork, choose the options and order this package.</p>
          <button type="button" className="btn primary" onClick={() => requireLoginThen(false, () => void reloadRecords())}>
            Log in to customise
          </button>{' '}
          <Link to={{ search: '' }}>Back to the packages</Link>
        </section>
      )}
      {asked > 0 && packages && !selected && (
        <p className="form-error" role="alert">
          This package does not exist. <Link to={{ search: '' }}>See the packages</Link>
        </p>
      )}
    </div>
  );
}

const itemArt = (r: BrandCustom, k: keyof typeof BRAND_ITEMS): string => (k === 'ka_pian' ? r.ka_pian_pic : r[k]);
