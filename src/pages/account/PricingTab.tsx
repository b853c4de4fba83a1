/**
 * The account's pricing rule (PUT /api/shops/priceRule): products saved without their own prices
 * sell at cost × multiplier or cost + markup. "Apply to my products" re-prices saved products.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { ConfirmDialog } from '../../components/Modal';
import { accountApi } from '../../api/account';
import { toast } from '../../state/ui';
import { formToRule, ruleToForm, type PriceRuleForm } from './pricing';
import { applyPriceRule, type PriceRule } from '../../../contract/products';
import { filterPrice } from '../../../contract/validation';
import { formatUsd } from '../../../contract/commerce';

const EXAMPLE_COST_CENTS = 1000;

export function PricingTab() {
  const [form, setForm] = useState<PriceRuleForm | null>(null);
  const [saved, setSaved] = useState<PriceRule | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'multiplier' | 'markup' | 'mode', string>>>({});
  const [busy, setBusy] = useState(false);
  const [confirmApply, setConfirmApply] = useState(false);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    let live = true;
    void accountApi.priceRule().then((res) => {
      if (!live) return;
      if (res.code === 200 && res.data) {
        setSaved(res.data);
        setForm(ruleToForm(res.data));
      } else setLoadError(res.msg);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!form || !saved)
    return loadError ? (
      <div className="form-error" role="alert">
        {loadError}
      </div>
    ) : (
      <p role="status" className="muted">
        Loading your pricing rule…
      </p>
    );

  const parsed = formToRule(form, saved);
  const set = (patch: Partial<PriceRuleForm>) => {
    setForm({ ...form, ...patch });
    setErrors({});
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!('rule' in parsed)) {
      setErrors({ [parsed.field]: parsed.error });
      return;
    }
    setBusy(true);
    const res = await accountApi.savePriceRule(parsed.rule);
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg);
      if (res.data) {
        setSaved(res.data);
        setForm(ruleToForm(res.data));
      }
    } else setErrors({ mode: res.msg });
  }

  async function apply() {
    setConfirmApply(false);
    const res = await accountApi.applyPrice();
    if (res.code === 200) toast('success', `${res.msg}: ${res.data?.products ?? 0} products, ${res.data?.variants ?? 0} variants`);
    else toast('error', res.msg);
  }

  return (
    <section aria-labelledby="pricing-title">
      <h2 id="pricing-title">Pricing rule</h2>
      <p className="muted">How new products are priced when you do not set a price yourself.</p>
      <form className="account-form" onSubmit={submit} noValidate aria-label="Pricing rule">
        <fieldset className="radio-row">
          <legend>Price by</legend>
          <label>
            <input type="radio" name="mode" checked={form.mode === 'multiplier'} onChange={() => set({ mode: 'multiplier' })} /> Multiplier
            of the cost
          </label>
          <label>
            <input type="radio" name="mode" checked={form.mode === 'markup'} onChange={() => set({ mode: 'markup' })} /> Fixed markup on the
            cost
          </label>
        </fieldset>
        {form.mode === 'multiplier' ? (
          <Field
            label="Multiplier"
            inputMode="decimal"
            value={form.multiplier}
            error={errors.multiplier}
            onChange={(e) => set({ multiplier: filterPrice(e.target.value, 3) })}
            suffix={<span className="muted">× cost</span>}
          />
        ) : (
          <Field
            label="Markup (USD)"
            inputMode="decimal"
            value={form.markup}
            error={errors.markup}
            onChange={(e) => set({ markup: filterPrice(e.target.value, 5) })}
            suffix={<span className="muted">+ cost</span>}
          />
        )}
        {errors.mode && (
          <div className="form-error" role="alert">
            {errors.mode}
          </div>
        )}
        {'rule' in parsed && (
          <p className="pricing-example" aria-live="polite">
            A product costing {formatUsd(EXAMPLE_COST_CENTS)} sells for{' '}
            <strong>{formatUsd(applyPriceRule(EXAMPLE_COST_CENTS, parsed.rule))}</strong>.
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save pricing rule'}
          </button>
          <button type="button" className="btn" onClick={() => setConfirmApply(true)}>
            Apply to my products
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmApply}
        confirmText="Apply"
        text="Re-price all your saved products by the saved rule from today's cost? Prices you set by hand are replaced."
        onCancel={() => setConfirmApply(false)}
        onConfirm={() => void apply()}
      />
    </section>
  );
}
