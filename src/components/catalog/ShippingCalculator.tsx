/**
 * The product page's shipping estimate: a country from shipCountryList, a quantity, and the
 * methods, delivery times and costs of getshippingTemplateList. The ship-from rules are checked
 * here first (no request for a refused country) and by the server: an Australian-warehouse
 * product only to AU and NZ, a USA-warehouse product only to the US. Free standard shipping to
 * the listed European countries (FREE_SHIPPING_EU) shows where the API says so.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { catalogApi, type ShippingRow } from '../../api/catalog';
import { money, shipRefusal } from './format';
import { useEnvelope } from './useCatalog';
import { counted } from '../../text/counted';

export interface ShippingCalculatorProps {
  productId: number;
  shipFromCode: 'CN' | 'US' | 'AU';
  shipFrom: string;
  variantId: number | null;
  /** The unit cost in cents: the chosen variant's, else the lowest. */
  unitCost: number;
  /** The variant is not chosen yet: the estimate uses the cheapest one. */
  unitIsFrom: boolean;
}

type Result =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'refused'; msg: string }
  | { state: 'error'; msg: string }
  | { state: 'ok'; rows: ShippingRow[]; country: string; quantity: number };

export function ShippingCalculator({ productId, shipFromCode, shipFrom, variantId, unitCost, unitIsFrom }: ShippingCalculatorProps) {
  const id = useId();
  const countries = useEnvelope('shipCountries', () => catalogApi.shipCountries());
  // Only destinations this warehouse delivers to are offered: a US-warehouse product lists the US
  // alone rather than every country followed by 'Only Ship to USA'.
  const list = useMemo(
    () => (countries.res?.rows ?? []).filter((c) => shipRefusal(shipFromCode, c.countryCode) === null),
    [countries.res, shipFromCode],
  );
  const [country, setCountry] = useState(shipFromCode === 'AU' ? 'AU' : 'US');
  const [qtyText, setQtyText] = useState('1');
  const [quantity, setQuantity] = useState(1);
  const [result, setResult] = useState<Result>({ state: 'idle' });
  const freeCountries = useMemo(() => list.filter((c) => c.freeShipping === 1), [list]);
  const countryName = list.find((c) => c.countryCode === country)?.country ?? country;

  // Typing a quantity settles for a moment before it is asked.
  useEffect(() => {
    const n = Number(qtyText);
    if (!/^\d{1,3}$/.test(qtyText) || n < 1) return;
    const t = setTimeout(() => setQuantity(n), 300);
    return () => clearTimeout(t);
  }, [qtyText]);
  const qtyError = qtyText !== '' && (!/^\d{1,3}$/.test(qtyText) || Number(qtyText) < 1) ? 'Enter a quantity from 1 to 999' : '';

  useEffect(() => {
    const refused = shipRefusal(shipFromCode, country);
    if (refused) {
      setResult({ state: 'refused', msg: refused });
      return;
    }
    let live = true;
    setResult({ state: 'loading' });
    void catalogApi
      .shippingTemplates({ productid: productId, countrycode: country, variantid: variantId ?? undefined, quantity })
      .then((res) => {
        if (!live || res.code === 100) return;
        if (res.code === 200 && Array.isArray(res.data)) setResult({ state: 'ok', rows: res.data, country, quantity });
        else if (/only ship/i.test(res.msg)) setResult({ state: 'refused', msg: res.msg });
        else setResult({ state: 'error', msg: res.msg || 'Shipping could not be calculated. Please try again.' });
      });
    return () => {
      live = false;
    };
  }, [productId, shipFromCode, country, variantId, quantity]);

  const zoneNote =
    shipFromCode === 'AU'
      ? 'Ships from our Australia warehouse: delivers to Australia and New Zealand only.'
      : shipFromCode === 'US'
        ? 'Ships from our USA warehouse: delivers inside the USA only.'
        : `Ships from our factory (${shipFrom}) worldwide.`;

  return (
    <section className="shipcalc" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Shipping estimate</h2>
      <p className="muted small">{zoneNote}</p>
      <div className="shipcalc-form">
        <label className="stack">
          <span>Ship to</span>
          <select value={country} onChange={(e) => setCountry(e.target.value)} disabled={list.length === 0}>
            {list.length === 0 && <option value={country}>{country === 'AU' ? 'Australia' : 'United States'}</option>}
            {list.map((c) => (
              <option key={c.countryCode} value={c.countryCode}>
                {c.country}
              </option>
            ))}
          </select>
        </label>
        <label className="stack qty">
          <span>Quantity</span>
          <input
            inputMode="numeric"
            value={qtyText}
            maxLength={3}
            aria-invalid={qtyError ? true : undefined}
            aria-describedby={qtyError ? `${id}-qerr` : undefined}
            onChange={(e) => setQtyText(e.target.value.replace(/\D/g, '').slice(0, 3))}
          />
        </label>
      </div>
      {qtyError && (
        <p id={`${id}-qerr`} className="field-error">
          {qtyError}
        </p>
      )}

      <div className="shipcalc-result" aria-live="polite">
        {result.state === 'loading' && <p className="muted">Calculating shipping to {countryName}…</p>}
        {result.state === 'refused' && (
          <p className="ship-refused" role="alert">
            {result.msg}
          </p>
        )}
        {result.state === 'error' && (
          <p className="field-error" role="alert">
            {result.msg}
          </p>
        )}
        {result.state === 'ok' && result.rows.length === 0 && (
          <p className="muted">No shipping method serves {countryName} for this product.</p>
        )}
        {result.state === 'ok' && result.rows.length > 0 && (
          <table className="ship-table">
            <caption className="sr-only">
              Shipping methods to {countryName} for {counted(result.quantity, 'item')}
            </caption>
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Delivery</th>
                <th scope="col">Shipping</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.logisticsId}>
                  <th scope="row">
                    {r.shipMethod}
                    <span className="muted small block">
                      {r.carrier}
                      {r.isDefault ? ' · default' : ''}
                    </span>
                  </th>
                  <td>{r.shipTime}</td>
                  <td>{r.freeShipping || r.cost === 0 ? <span className="free">Free</span> : money(r.cost)}</td>
                  <td>
                    {unitIsFrom ? 'from ' : ''}
                    {money(unitCost * result.quantity + r.cost)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {shipFromCode === 'CN' && freeCountries.length > 0 && (
        <details className="free-eu">
          <summary>Free standard shipping to {freeCountries.length} European countries</summary>
          <p className="small">{freeCountries.map((c) => c.country).join(', ')}.</p>
        </details>
      )}
    </section>
  );
}
