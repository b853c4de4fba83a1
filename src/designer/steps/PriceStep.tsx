/**
 * Step "Price & Details": title, description, and a price per variant (price filter: 5 integer
 * digits, 2 decimals) with its cost and profit. New variants start at the account's pricing rule.
 */
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { applyPriceRule, centsToPriceText, priceTextToCents, profitCents } from '../../../contract/products';
import { filterPrice } from '../../../contract/validation';
import { money } from '../../components/catalog/format';
import { fillPrices, settlePreview, type DesignerModel } from '../model/designer';
import { OptionChecks } from './OptionChecks';
import { chosenVariants, optionErrors, variantTitle, type MultiSelection } from '../model/options';
import { RichText } from './RichText';

export function PriceStep({ model, error }: { model: DesignerModel; error: { field: string; msg: string } | null }) {
  const ids = useId();
  const snap = useSnapshot(model, { sync: true });
  // The snapshot of the product ref is deeply readonly; the live object is the same data.
  const product = snap.product ? model.product : null;
  if (!product) return null;
  const selection = snap.selection as MultiSelection;
  const variants = chosenVariants(product.options, product.variants, selection);
  const rule = snap.priceRule;
  const ruleText = rule.mode === 'multiplier' ? `cost × ${(rule.multiplierPct / 100).toFixed(2)}` : `cost + ${money(rule.markupCents)}`;

  const setSelection = (next: MultiSelection) => {
    model.selection = next;
    model.formDirty = true;
    settlePreview(model);
    fillPrices(model);
  };
  const applyRule = () => {
    for (const v of variants) model.prices[String(v.id)] = centsToPriceText(applyPriceRule(v.cost, rule));
    model.formDirty = true;
  };

  return (
    <div className="dz-price-step">
      <div className="dz-details">
        <div className={`field${error?.field === 'title' ? ' has-error' : ''}`}>
          <label htmlFor={`${ids}-title`}>Title</label>
          <input
            id={`${ids}-title`}
            value={snap.title}
            maxLength={255}
            aria-invalid={error?.field === 'title' || undefined}
            onChange={(e) => {
              model.title = e.target.value;
              model.formDirty = true;
            }}
          />
          {error?.field === 'title' && (
            <div className="field-error" role="alert">
              {error.msg}
            </div>
          )}
        </div>
        <RichText
          label="Description"
          value={snap.bodyHtml}
          onChange={(html) => {
            model.bodyHtml = html;
            model.formDirty = true;
          }}
        />
        <OptionChecks
          options={product.options}
          selection={selection}
          errors={optionErrors(product.options, selection)}
          onChange={setSelection}
        />
      </div>
      <section className="dz-prices" aria-labelledby={`${ids}-prices`}>
        <h3 id={`${ids}-prices`}>Prices</h3>
        <p className="muted small">
          New variants are priced by your pricing rule ({ruleText}).{' '}
          <button type="button" className="link-btn" onClick={applyRule}>
            Apply the rule to all
          </button>
        </p>
        {error?.field === 'price' && (
          <p className="field-error" role="alert">
            {error.msg}
          </p>
        )}
        <table className="dz-price-table">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Cost</th>
              <th scope="col">Price (USD)</th>
              <th scope="col">Profit</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((v) => {
              const key = String(v.id);
              const text = snap.prices[key] ?? '';
              const cents = priceTextToCents(text);
              const title = variantTitle(v);
              return (
                <tr key={v.id}>
                  <th scope="row">{title}</th>
                  <td>{money(v.cost)}</td>
                  <td>
                    <input
                      className="dz-price"
                      inputMode="decimal"
                      aria-label={`Price of ${title}`}
                      value={text}
                      aria-invalid={cents === null || undefined}
                      onChange={(e) => {
                        model.prices[key] = filterPrice(e.target.value);
                        model.formDirty = true;
                      }}
                    />
                  </td>
                  <td className={cents !== null && profitCents(cents, v.cost) < 0 ? 'loss' : ''}>
                    {cents === null ? '—' : money(profitCents(cents, v.cost))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
