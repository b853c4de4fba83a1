/**
 * Bulk pricing (/bulk-design/price?custom_type=..&id_list=..), reached once the bulk products are
 * saved: prices by rule (cost × factor, cost + amount, or a fixed price, optionally ending in
 * .99) for every product or the ones ticked, starting from the account's pricing rule; titles
 * and descriptions from templates with placeholders; then everything saved at once, and pushed
 * to the current store when the merchant asks.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BulkMessages, TEMPLATE_PLACEHOLDERS, bulkPrice, fillTemplate, type BulkPriceRule } from '../../../contract/bulk';
import { centsToPriceText, priceTextToCents, ProductMessages, type MyProductDetail } from '../../../contract/products';
import { myProductsApi } from '../../api/products';
import { storesApi } from '../../api/shops';
import { session } from '../../state/session';
import { toast } from '../../state/ui';
import { eachLimited } from '../run/limited';
import { Button, buttonClass } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { EmptyState } from '../../ui/EmptyState';
import '../../styles/bulk.css';

type RuleKind = BulkPriceRule['kind'];

interface Row {
  detail: MyProductDetail;
  title: string;
  bodyHtml: string;
  prices: Record<number, number>;
}

const priceRange = (prices: readonly number[]) => {
  if (prices.length === 0) return '—';
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  return lo === hi ? `$${centsToPriceText(lo)}` : `$${centsToPriceText(lo)} – $${centsToPriceText(hi)}`;
};

/** The rule from the form, or the message that refuses it. */
function ruleOf(kind: RuleKind, value: string, round99: boolean): BulkPriceRule | string {
  if (kind === 'factor') {
    const pct = priceTextToCents(value);
    if (pct === null || pct < 100 || pct > 10_000) return BulkMessages.factorInvalid;
    return { kind, factorPct: pct, round99 };
  }
  const cents = priceTextToCents(value);
  if (cents === null) return kind === 'add' ? BulkMessages.amountInvalid : ProductMessages.priceInvalid;
  if (kind === 'fixed' && cents < 1) return ProductMessages.pricePositive;
  return kind === 'add' ? { kind, amountCents: cents, round99 } : { kind, priceCents: cents, round99 };
}

export function BulkPricePage() {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const ids = useMemo(
    () =>
      (sp.get('id_list') ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
        .slice(0, 200),
    [sp],
  );
  const [rows, setRows] = useState<Row[] | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [kind, setKind] = useState<RuleKind>('factor');
  const [value, setValue] = useState('2.00');
  const [round99, setRound99] = useState(false);
  const [titleTpl, setTitleTpl] = useState('');
  const [bodyTpl, setBodyTpl] = useState('');
  const [designName, setDesignName] = useState(() => sessionStorage.getItem('pod.bulk.designName') ?? '');
  const [push, setPush] = useState(false);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const hasStore = (session.user?.sShops.length ?? 0) > 0;

  useEffect(() => {
    void myProductsApi.priceRule().then((res) => {
      if (res.code !== 200 || !res.data) return;
      if (res.data.mode === 'markup') {
        setKind('add');
        setValue(centsToPriceText(res.data.markupCents));
      } else setValue(centsToPriceText(res.data.multiplierPct));
    });
    const loaded: Row[] = [];
    void eachLimited(ids, 4, async (id) => {
      const res = await myProductsApi.info(id);
      if (res.code === 200 && res.data)
        loaded.push({
          detail: res.data,
          title: res.data.title,
          bodyHtml: res.data.bodyHtml,
          prices: Object.fromEntries(res.data.variants.map((v) => [v.variantId, v.price])),
        });
    }).then(() => setRows(ids.flatMap((id) => loaded.filter((r) => r.detail.id === id))));
  }, [ids]);

  if (!rows)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  if (rows.length === 0)
    return (
      <div className="bulk-page">
        <h1>Bulk Design Price</h1>
        <EmptyState
          title="No products to price"
          action={
            <Link className={buttonClass({ variant: 'primary' })} to="/bulk-design">
              Start a bulk design
            </Link>
          }
        >
          <p>Products made in a bulk design come here to get their prices, titles and descriptions.</p>
        </EmptyState>
      </div>
    );

  const targets = (r: Row) => ticked.size === 0 || ticked.has(r.detail.id);
  const applyRule = () => {
    const rule = ruleOf(kind, value, round99);
    if (typeof rule === 'string') return setError(rule);
    setError('');
    setRows(
      rows.map((r) =>
        targets(r) ? { ...r, prices: Object.fromEntries(r.detail.variants.map((v) => [v.variantId, bulkPrice(v.cost, rule)])) } : r,
      ),
    );
  };
  const applyTemplates = () => {
    setRows(
      rows.map((r) => {
        if (!targets(r)) return r;
        const values = {
          product: r.detail.parent?.title ?? r.detail.title,
          colour: r.detail.colorIds.map((c) => c.name ?? c.id).join(', '),
          design: designName,
        };
        return {
          ...r,
          title: titleTpl.trim() ? fillTemplate(titleTpl, values) || r.title : r.title,
          bodyHtml: bodyTpl.trim()
            ? `<p>${fillTemplate(bodyTpl, values).replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`
            : r.bodyHtml,
        };
      }),
    );
  };
  const saveAll = async () => {
    if (rows.some((r) => !r.title.trim())) return setError(ProductMessages.titleRequired);
    setSaving(true);
    setError('');
    const failed: string[] = [];
    await eachLimited(rows, 4, async (r) => {
      const res = await myProductsApi.updateInfo(
        {
          id: r.detail.id,
          title: r.title.trim(),
          bodyHtml: r.bodyHtml,
          variants: r.detail.variants.map((v) => ({ variantId: v.variantId, price: r.prices[v.variantId] ?? v.price })),
        },
        { showSuccess: false },
      );
      if (res.code !== 200) failed.push(`${r.title}: ${res.msg || 'Data error'}`);
      else if (push) {
        const q = await storesApi.queuePush(r.detail.id);
        if (q.code !== 200) failed.push(`${r.title}: ${q.msg || 'Data error'}`);
      }
    });
    setSaving(false);
    if (failed.length > 0) return setError(failed.join('\n'));
    sessionStorage.removeItem('pod.bulk.designName');
    toast('success', `${rows.length} products saved`);
    void navigate('/my-products');
  };

  return (
    <div className="bulk-page">
      <h1>Bulk Design Price</h1>
      <section className="card bulk-section" aria-labelledby="bulk-rule-h">
        <h2 id="bulk-rule-h">Prices by rule</h2>
        <div className="bulk-rule">
          <select aria-label="Pricing rule" value={kind} onChange={(e) => setKind(e.target.value as RuleKind)}>
            <option value="factor">Cost × factor</option>
            <option value="add">Cost + amount</option>
            <option value="fixed">Fixed price</option>
          </select>
          <Input
            aria-label={kind === 'factor' ? 'Factor' : kind === 'add' ? 'Amount' : 'Price'}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <label className="bulk-check">
            <input type="checkbox" checked={round99} onChange={(e) => setRound99(e.target.checked)} /> End prices in .99
          </label>
          <Button onClick={applyRule}>{ticked.size === 0 ? 'Apply to all products' : `Apply to ${ticked.size} selected`}</Button>
        </div>
        <h2>Titles and descriptions</h2>
        <div className="bulk-rule">
          <Field
            label="Title template"
            placeholder="{design} {product} in {colour}"
            value={titleTpl}
            onChange={(e) => setTitleTpl(e.target.value)}
          />
          <Field
            label="Description template"
            placeholder="Our {design} print on a {product}"
            value={bodyTpl}
            onChange={(e) => setBodyTpl(e.target.value)}
          />
          <Field label="Design name" value={designName} onChange={(e) => setDesignName(e.target.value)} />
          <Button onClick={applyTemplates}>Apply templates</Button>
        </div>
        <p className="muted">
          Placeholders:{' '}
          {Object.entries(TEMPLATE_PLACEHOLDERS)
            .map(([k, v]) => `${k} (${v})`)
            .join(', ')}
        </p>
      </section>
      <table className="ui-table bulk-price-table">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all products"
                checked={ticked.size === rows.length}
                onChange={(e) => setTicked(e.target.checked ? new Set(rows.map((r) => r.detail.id)) : new Set())}
              />
            </th>
            <th scope="col">Product</th>
            <th scope="col">Cost</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.detail.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select ${r.title}`}
                  checked={ticked.has(r.detail.id)}
                  onChange={() => {
                    const next = new Set(ticked);
                    if (next.has(r.detail.id)) next.delete(r.detail.id);
                    else next.add(r.detail.id);
                    setTicked(next);
                  }}
                />
              </td>
              <td className="bulk-price-product">
                {r.detail.cover && <img src={r.detail.cover} alt="" width={56} height={56} />}
                <Input
                  aria-label={`Title of product ${i + 1}`}
                  value={r.title}
                  maxLength={255}
                  onChange={(e) => setRows(rows.map((x) => (x === r ? { ...x, title: e.target.value } : x)))}
                />
              </td>
              <td>{priceRange(r.detail.variants.map((v) => v.cost))}</td>
              <td data-testid="bulk-price">{priceRange(r.detail.variants.map((v) => r.prices[v.variantId] ?? v.price))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasStore && (
        <label className="bulk-check">
          <input type="checkbox" checked={push} onChange={(e) => setPush(e.target.checked)} /> Push every product to my current store
        </label>
      )}
      {error && (
        <p role="alert" className="field-error" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </p>
      )}
      <div className="bulk-actions">
        <Button variant="primary" disabled={saving} onClick={() => void saveAll()}>
          {saving ? 'Saving…' : `Save all ${rows.length} products`}
        </Button>
      </div>
    </div>
  );
}
