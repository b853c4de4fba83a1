/**
 * Currency & Tax: the currency prices are shown in (rateList; display-only, orders are charged in
 * USD), whether to show prices in it, and the tax number (empty clears it).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { session, refreshSession } from '../../state/session';
import { Field } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { accountApi } from '../../api/account';
import { toast } from '../../state/ui';
import { taxNumberSchema, TAX_NUMBER_MAX, type Rate } from '../../../contract/account';

export function CurrencyTaxTab() {
  const user = useSnapshot(session).user;
  if (!user) return null;
  return (
    <section aria-labelledby="currency-title">
      <h2 id="currency-title">Currency &amp; Tax</h2>
      <CurrencyForm key={`${user.currencyset}|${user.currencysale}`} currencyset={user.currencyset} currencysale={user.currencysale} />
      <TaxForm key={user.sShopUser.taxNumber ?? ''} taxNumber={user.sShopUser.taxNumber ?? ''} />
    </section>
  );
}

function CurrencyForm({ currencyset, currencysale }: { currencyset: string; currencysale: number }) {
  const [rates, setRates] = useState<Rate[] | null>(null);
  const [currency, setCurrency] = useState(currencyset);
  const [show, setShow] = useState(currencysale === 1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    void accountApi.rateList().then((res) => {
      if (live) setRates(res.code === 200 && res.data ? res.data : []);
    });
    return () => {
      live = false;
    };
  }, []);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setBusy(true);
    const res = await accountApi.updateCurrency({ currencyset: currency, currencysale: show ? 1 : 0 });
    setBusy(false);
    if (res.code !== 200) {
      setError(res.msg);
      return;
    }
    toast('success', 'Currency saved');
    await refreshSession();
  }
  const rate = rates?.find((r) => r.ratenameEN === currency);
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Currency">
      <div className="field">
        <label htmlFor="currency-select">Currency</label>
        <select id="currency-select" value={currency} disabled={!rates} onChange={(e) => setCurrency(e.target.value)}>
          {/* Until the list arrives, the saved currency is the only choice shown. */}
          {(rates ?? [{ id: 0, ratenameEN: currencyset, rateStr: '' }]).map((r) => (
            <option key={r.ratenameEN} value={r.ratenameEN}>
              {r.ratenameEN}
            </option>
          ))}
        </select>
      </div>
      {rate && rate.ratenameEN !== 'USD' && (
        <p className="muted small">
          1 USD ≈ {rate.rateStr} {rate.ratenameEN}, for display only: orders are charged in USD.
        </p>
      )}
      <label className="check-row">
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} /> Show prices in this currency
      </label>
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <button type="submit" className="btn primary" disabled={busy || !rates}>
        {busy ? 'Saving…' : 'Save currency'}
      </button>
    </form>
  );
}

function TaxForm({ taxNumber }: { taxNumber: string }) {
  const f = useForm({ taxNumber });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!f.check(taxNumberSchema)) return;
    setBusy(true);
    const res = await accountApi.updateTaxNumber(f.values.taxNumber.trim());
    setBusy(false);
    if (res.code !== 200) {
      f.setServerError(res.msg);
      return;
    }
    toast('success', f.values.taxNumber.trim() ? 'Tax number saved' : 'Tax number removed');
    await refreshSession();
  }
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Tax number">
      <Field label="Tax number" maxLength={TAX_NUMBER_MAX} placeholder="e.g. GB123456789" {...f.bind('taxNumber')} />
      <p className="muted small">Leave empty and save to remove it.</p>
      {f.serverError && (
        <div className="form-error" role="alert">
          {f.serverError}
        </div>
      )}
      <button type="submit" className="btn primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save tax number'}
      </button>
    </form>
  );
}
