/**
 * Adding or editing a shipping address (first and last name, address lines, country). The
 * "filled" rule (a first or last name and an address line) is checked before sending; the server
 * checks it again. A refused save keeps everything typed. A whole address pasted as one text can
 * fill the fields (getAddressInfo); the parts it cannot tell are left as they were.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { catalogApi, type ShipCountry } from '../../api/catalog';
import { addressApi, type AddressInput } from '../../api/commerce';
import { shopSettingsApi } from '../../api/shop-settings';
import { CommerceMessages, isAddressFilled, type ShipAddress } from '../../../contract/commerce';
import type { AddressInfo } from '../../../contract/shop-settings';

const EMPTY: AddressInput = {
  first_name: '',
  last_name: '',
  address1: '',
  address2: '',
  city: '',
  province: '',
  zip: '',
  phone: '',
  country_code: '',
};

export function useShipCountries(): ShipCountry[] {
  const [countries, setCountries] = useState<ShipCountry[]>([]);
  useEffect(() => {
    let live = true;
    void catalogApi.shipCountries().then((res) => {
      if (live && res.code === 200) setCountries(res.rows ?? []);
    });
    return () => {
      live = false;
    };
  }, []);
  return countries;
}

export function AddressForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: ShipAddress | null;
  onSaved: (a: ShipAddress) => void;
  onCancel: () => void;
}) {
  const countries = useShipCountries();
  const countryId = useId();
  const [values, setValues] = useState<AddressInput>(() =>
    editing
      ? {
          first_name: editing.first_name,
          last_name: editing.last_name,
          address1: editing.address1,
          address2: editing.address2,
          city: editing.city,
          province: editing.province,
          zip: editing.zip,
          phone: editing.phone,
          country_code: editing.country_code,
        }
      : EMPTY,
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const bind = (k: keyof AddressInput) => ({
    value: values[k],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (!isAddressFilled(values)) {
      setError(CommerceMessages.addressNotFilled);
      return;
    }
    if (!values.country_code) {
      setError('Please choose a country');
      return;
    }
    setBusy(true);
    const res = editing ? await addressApi.update(editing.id, values) : await addressApi.add({ ...values, isDefault: true });
    setBusy(false);
    if (res.code === 200 && res.data) onSaved(res.data);
    else setError(res.msg);
  }

  return (
    <form className="address-form" onSubmit={submit} noValidate aria-label={editing ? 'Edit address' : 'New address'}>
      <PasteAddress
        onParsed={(info) =>
          setValues((v) => ({
            ...v,
            address1: info.address1 || v.address1,
            address2: info.address2 || v.address2,
            city: info.city || v.city,
            province: info.province || v.province,
            zip: info.zip || v.zip,
            country_code: info.country_code || v.country_code,
          }))
        }
      />
      <div className="address-grid">
        <Field label="First name" autoComplete="given-name" {...bind('first_name')} />
        <Field label="Last name" autoComplete="family-name" {...bind('last_name')} />
        <Field label="Address line 1" autoComplete="address-line1" {...bind('address1')} />
        <Field label="Address line 2" autoComplete="address-line2" {...bind('address2')} />
        <Field label="City" autoComplete="address-level2" {...bind('city')} />
        <Field label="State / Province" autoComplete="address-level1" {...bind('province')} />
        <Field label="ZIP / Postcode" autoComplete="postal-code" {...bind('zip')} />
        <Field label="Phone" type="tel" autoComplete="tel" {...bind('phone')} />
        <div className="field">
          <label htmlFor={countryId}>Country</label>
          <select
            id={countryId}
            value={values.country_code}
            onChange={(e) => setValues((v) => ({ ...v, country_code: e.target.value }))}
            autoComplete="country"
          >
            <option value="">Choose a country</option>
            {countries.map((c) => (
              <option key={c.countryCode} value={c.countryCode}>
                {c.country}
                {c.freeShipping ? ' (free shipping)' : ''}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save address'}
        </button>
      </div>
    </form>
  );
}

/** A whole address pasted as one text, split into the form's fields by the server. */
function PasteAddress({ onParsed }: { onParsed: (info: AddressInfo) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function fill() {
    setNote('');
    setError('');
    setBusy(true);
    const res = await shopSettingsApi.addressInfo(text);
    setBusy(false);
    if (res.code !== 200 || !res.data) {
      setError(res.msg);
      return;
    }
    onParsed(res.data);
    setNote(res.data.country_code ? 'Filled in: check the fields below.' : 'Filled in what could be told: please choose the country.');
  }
  return (
    <details className="paste-address">
      <summary>Paste a whole address</summary>
      <div className="field">
        <label htmlFor={id}>Whole address</label>
        <textarea id={id} rows={3} maxLength={500} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <button type="button" className="btn small" disabled={busy} onClick={() => void fill()}>
        Fill in the fields
      </button>
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      {note && (
        <p className="muted small" role="status">
          {note}
        </p>
      )}
    </details>
  );
}
