/**
 * Shipping & IOSS: the merchant's default shipping method per destination and warehouse (the one
 * the cart preselects and store orders are imported with; without one the catalogue's default
 * applies), and the IOSS number that orders to the EU carry.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { catalogApi, type ShipCountry } from '../../api/catalog';
import { shopSettingsApi } from '../../api/shop-settings';
import { toast } from '../../state/ui';
import type { ShipFromCode } from '../../../contract/commerce';
import {
  ALL_DESTINATIONS,
  EU_COUNTRIES,
  iossSchema,
  ShopSettingsMessages,
  WAREHOUSES,
  type LogisticsMethod,
  type ShopLogistics,
} from '../../../contract/shop-settings';

export function ShippingTab() {
  return (
    <section aria-labelledby="shipping-title">
      <h2 id="shipping-title">Shipping &amp; IOSS</h2>
      <ShippingDefaults />
      <IossForm />
    </section>
  );
}

function ShippingDefaults() {
  const [rows, setRows] = useState<ShopLogistics[] | null>(null);
  const [countries, setCountries] = useState<ShipCountry[]>([]);
  const [methods, setMethods] = useState<LogisticsMethod[]>([]);
  const [countryCode, setCountryCode] = useState('');
  const [shipFrom, setShipFrom] = useState<ShipFromCode | ''>('');
  const [logisticsId, setLogisticsId] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { country: useId(), warehouse: useId(), method: useId() };

  const reload = useCallback(async () => {
    const res = await shopSettingsApi.shopLogistics();
    setRows(res.code === 200 && res.data ? res.data : []);
  }, []);

  useEffect(() => {
    void reload();
    let live = true;
    void catalogApi.shipCountries().then((res) => {
      if (live && res.code === 200) setCountries(res.rows ?? []);
    });
    return () => {
      live = false;
    };
  }, [reload]);

  // The methods of the chosen warehouse that reach the chosen destination.
  useEffect(() => {
    setLogisticsId('');
    if (!shipFrom) {
      setMethods([]);
      return;
    }
    let live = true;
    const to = countryCode && countryCode !== ALL_DESTINATIONS ? countryCode : undefined;
    void shopSettingsApi.logistics({ shipFrom, countryCode: to }).then((res) => {
      if (live) setMethods(res.code === 200 && res.data ? res.data : []);
    });
    return () => {
      live = false;
    };
  }, [shipFrom, countryCode]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    // The same order of checks as the server's, so the first message is the same.
    const missing = !countryCode
      ? ShopSettingsMessages.destinationRequired
      : !shipFrom
        ? ShopSettingsMessages.warehouseRequired
        : !logisticsId
          ? ShopSettingsMessages.methodRequired
          : '';
    if (missing) {
      setError(missing);
      return;
    }
    setBusy(true);
    const res = await shopSettingsApi.setShopLogistics({ countryCode, shipFrom, logisticsId });
    setBusy(false);
    if (res.code !== 200) {
      setError(res.msg);
      return;
    }
    toast('success', 'Shipping default saved');
    await reload();
  }

  async function remove(row: ShopLogistics) {
    const res = await shopSettingsApi.deleteShopLogistics(row.id);
    if (res.code !== 200) {
      toast('error', res.msg);
      return;
    }
    toast('success', 'Shipping default deleted');
    await reload();
  }

  const refusal = shipFrom && countryCode && countryCode !== ALL_DESTINATIONS && methods.length === 0 ? warehouseRefusal(shipFrom) : '';

  return (
    <div className="shipping-defaults">
      <h3 id="shipping-defaults-title">Default shipping methods</h3>
      <p className="muted small">
        The cart preselects this method, and orders from your stores are imported with it, for parcels from a warehouse to a destination.
        Where you set none, or the method does not suit the items, the product&apos;s own default applies.
      </p>
      <form className="account-form shipping-form" onSubmit={submit} noValidate aria-label="Shipping default">
        <div className="field">
          <label htmlFor={ids.country}>Destination</label>
          <select id={ids.country} value={countryCode} onChange={(e) => setCountryCode(e.target.value)}>
            <option value="">Choose a destination</option>
            <option value={ALL_DESTINATIONS}>All other countries</option>
            {countries.map((c) => (
              <option key={c.countryCode} value={c.countryCode}>
                {c.country}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.warehouse}>Ships from</label>
          <select id={ids.warehouse} value={shipFrom} onChange={(e) => setShipFrom(e.target.value as ShipFromCode | '')}>
            <option value="">Choose a warehouse</option>
            {WAREHOUSES.map((w) => (
              <option key={w.code} value={w.code}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.method}>Shipping method</label>
          <select id={ids.method} value={logisticsId} disabled={methods.length === 0} onChange={(e) => setLogisticsId(e.target.value)}>
            <option value="">{shipFrom ? 'Choose a method' : 'Choose a warehouse first'}</option>
            {methods.map((m) => (
              <option key={m.logisticsId} value={String(m.logisticsId)}>
                {m.shipMethod} ({m.carrier}, {m.shipTime})
              </option>
            ))}
          </select>
        </div>
        {refusal && <p className="muted small">{refusal}</p>}
        {error && (
          <div className="form-error" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save default'}
        </button>
      </form>

      {rows === null ? (
        <p className="muted" role="status">
          Loading your defaults…
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">No defaults yet: every parcel goes by the product&apos;s default method.</p>
      ) : (
        <table className="settings-table" aria-labelledby="shipping-defaults-title">
          <thead>
            <tr>
              <th scope="col">Destination</th>
              <th scope="col">Ships from</th>
              <th scope="col">Method</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.country}</td>
                <td>{r.shipFromName}</td>
                <td>
                  {r.shipMethod} <span className="muted small">({r.carrier})</span>
                </td>
                <td>
                  <button
                    type="button"
                    className="link-btn danger"
                    aria-label={`Delete the default for ${r.country} from ${r.shipFromName}`}
                    onClick={() => void remove(r)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Why a warehouse has no method for the destination (its shipping rule), shown under the form. */
function warehouseRefusal(shipFrom: ShipFromCode): string {
  if (shipFrom === 'US') return 'The USA warehouse ships only to the USA.';
  if (shipFrom === 'AU') return 'The Australian warehouse ships only to Australia and New Zealand.';
  return '';
}

function IossForm() {
  const [saved, setSaved] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void shopSettingsApi.iossParam().then((res) => {
      if (live) setSaved(res.code === 200 && res.data ? res.data.iossNumber : null);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="ioss-section">
      <h3 id="ioss-title">IOSS number</h3>
      <p className="muted small">
        With an IOSS number (Import One-Stop Shop), VAT on orders to the EU worth at most 150 EUR is collected when your customer buys, so
        they pay nothing more on delivery. Orders to the {EU_COUNTRIES.length} EU countries carry the number in force when they are placed.
      </p>
      {saved === undefined ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : (
        <IossNumberForm key={saved ?? ''} saved={saved ?? ''} onSaved={setSaved} />
      )}
    </div>
  );
}

function IossNumberForm({ saved, onSaved }: { saved: string; onSaved: (n: string | null) => void }) {
  const f = useForm({ iossNumber: saved });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(iossSchema)) return;
    setBusy(true);
    const res = await shopSettingsApi.updateIoss(f.values.iossNumber.trim());
    setBusy(false);
    if (res.code !== 200) {
      f.setServerError(res.msg);
      return;
    }
    toast('success', res.iossNumber ? 'IOSS number saved' : 'IOSS number removed');
    onSaved(res.iossNumber ?? null);
  }
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="IOSS number">
      <Field label="IOSS number" placeholder="IM1234567890" maxLength={20} autoComplete="off" {...f.bind('iossNumber')} />
      <p className="muted small">IM followed by 10 digits. Leave empty and save to remove it.</p>
      {f.serverError && (
        <div className="form-error" role="alert">
          {f.serverError}
        </div>
      )}
      <button type="submit" className="btn primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save IOSS number'}
      </button>
    </form>
  );
}
