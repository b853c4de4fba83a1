/**
 * Adding or editing a shipping address (first and last name, address lines, country). The
 * "filled" rule (a first or last name and an address line) is checked before sending; the server
 * checks it again. A refused save keeps everything typed.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { catalogApi, type ShipCountry } from '../../api/catalog';
import { addressApi, type AddressInput } from '../../api/commerce';
import { CommerceMessages, isAddressFilled, type ShipAddress } from '../../../contract/commerce';

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
