/**
 * One package being customised, paid and used: the brand section (logo, packaging photo, the hang
 * tag's text, Skype and WhatsApp), every item with its live preview, artwork upload and option,
 * the price the server gives for the options chosen, Save and Submit, then the payment methods
 * while the package waits for payment, and the in-use switch once it is paid.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { brandingApi, type BrandPayAnswer } from '../../api/branding';
import { balanceApi, newIdempotencyKey, type ProviderStart } from '../../api/commerce';
import { designerApi } from '../../api/designer';
import { checkImageFile } from '../../designer/uploads/check';
import { toast } from '../../state/ui';
import { ConfirmDialog, Modal } from '../../components/Modal';
import { ProviderPayments } from '../commerce/ProviderPayments';
import type { Envelope } from '../../../contract/envelope';
import {
  BRAND_ITEMS,
  BrandMessages,
  BrandStatus,
  BRAND_TEXT_MAX,
  WHATSAPP_RE,
  brandPrice,
  missingArtworkMessage,
  type BrandCustom,
  type BrandItemKind,
  type BrandPackage,
  type BrandPrice,
} from '../../../contract/branding';
import { formatUsd } from '../../../contract/commerce';
import { ItemPreview } from './ItemPreview';
import { formOf, isDirty, missingPart, saveBodyOf, statusBadge, type BrandForm } from './form';

/** Uploads go through the 20 MB variant of the picture checks, as the header's upload component does. */
const UPLOAD_LIMIT_MB = 20;

export function PackageEditor({
  pkg,
  record,
  otherInUse,
  onChanged,
}: {
  pkg: BrandPackage;
  record: BrandCustom | null;
  otherInUse: BrandCustom | null;
  onChanged: () => Promise<void>;
}) {
  const [form, setForm] = useState<BrandForm>(() => formOf(pkg, record));
  const [price, setPrice] = useState<BrandPrice>(() => brandPrice(pkg, formOf(pkg, record).options));
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [problem, setProblem] = useState('');
  const paid = record?.status === BrandStatus.PAID;
  const locked = paid;
  const dirty = isDirty(pkg, form, record);

  // A saved record replaces the form (after a save, a submit, a payment).
  const [shown, setShown] = useState(record);
  if (shown !== record) {
    setShown(record);
    setForm(formOf(pkg, record));
  }

  // The price of the options chosen, as the server computes it.
  const optionsKey = JSON.stringify(form.options);
  useEffect(() => {
    let live = true;
    const options = JSON.parse(optionsKey) as Record<string, string>;
    setPrice(brandPrice(pkg, options));
    void brandingApi.price(pkg.package_id, options).then((res) => {
      if (live && res.code === 200 && res.data) setPrice(res.data);
    });
    return () => {
      live = false;
    };
  }, [pkg, optionsKey]);

  const set = (patch: Partial<BrandForm>) => setForm((f) => ({ ...f, ...patch }));

  async function save(quiet = false): Promise<BrandCustom | null> {
    setProblem('');
    if (form.whatsapp.trim() && !WHATSAPP_RE.test(form.whatsapp.trim())) {
      setProblem(BrandMessages.badWhatsapp);
      return null;
    }
    setBusy('save');
    const res = await brandingApi.save(saveBodyOf(pkg, form));
    setBusy(null);
    if (res.code !== 200 || !res.data) return null;
    if (!quiet) toast('success', 'Saved successfully');
    await onChanged();
    return res.data;
  }

  /** The one thing a paid package still takes: the photo of the finished packaging, saved at once. */
  async function savePackagingPhoto(orderPic: string) {
    const res = await brandingApi.save({ package_id: pkg.package_id, order_pic: orderPic });
    if (res.code !== 200) return;
    toast('success', 'Saved successfully');
    await onChanged();
  }

  async function submit() {
    const missing = missingPart(pkg, form, (k) => BRAND_ITEMS[k].name);
    if (missing) {
      setProblem(missingArtworkMessage(missing));
      return;
    }
    if (dirty || !record) {
      if (!(await save(true))) return;
    }
    setBusy('submit');
    const res = await brandingApi.submit(pkg.package_id);
    setBusy(null);
    if (res.code === 200) {
      toast('success', 'Submitted: the package is waiting for payment');
      await onChanged();
    }
  }

  const badge = statusBadge(record);
  return (
    <section className="brand-editor" aria-labelledby="brand-editor-title">
      <div className="brand-editor-head">
        <h2 id="brand-editor-title">Customise {pkg.title}</h2>
        {badge && <span className={`brand-badge ${badge.tone}`}>{badge.text}</span>}
      </div>
      {locked && (
        <p className="note">This package is paid: its artwork and options are what your orders carry and can no longer be changed.</p>
      )}

      <div className="card brand-section">
        <h3>Your brand</h3>
        <div className="brand-brand-grid">
          <ArtworkField
            label="Logo"
            hint="Printed on the hang tag and the card's corner; also shown to our team."
            url={form.logo}
            disabled={locked}
            onChange={(logo) => set({ logo })}
          />
          {paid && (
            <ArtworkField
              label="Packaging photo"
              hint="Optional: a photo of your finished packaging, shown with the package on this page."
              url={form.order_pic}
              disabled={false}
              optional
              onChange={(order_pic) => void savePackagingPhoto(order_pic)}
            />
          )}
          <div className="brand-texts">
            {pkg.items.includes('diao_pai') && (
              <TextField
                label="Hang tag text"
                value={form.diao_pai_info}
                max={BRAND_TEXT_MAX.diao_pai_info}
                disabled={locked}
                onChange={(diao_pai_info) => set({ diao_pai_info })}
              />
            )}
            <TextField label="Skype" value={form.skype} max={BRAND_TEXT_MAX.skype} disabled={locked} onChange={(skype) => set({ skype })} />
            <TextField
              label="WhatsApp"
              value={form.whatsapp}
              max={BRAND_TEXT_MAX.whatsapp}
              disabled={locked}
              inputMode="tel"
              onChange={(whatsapp) => set({ whatsapp })}
            />
          </div>
        </div>
      </div>

      <ul className="brand-items" aria-label={`${pkg.title} items`}>
        {pkg.items.map((kind) => (
          <ItemCard
            key={kind}
            kind={kind}
            form={form}
            disabled={locked}
            onArtwork={(url) => setForm((f) => ({ ...f, artwork: { ...f.artwork, [kind]: url } }))}
            onOption={(value) => setForm((f) => ({ ...f, options: { ...f.options, [kind]: value } }))}
          />
        ))}
      </ul>

      <div className="card brand-section brand-summary">
        <h3>Price</h3>
        <dl className="totals" aria-label="Package price">
          <div>
            <dt>{pkg.title}</dt>
            <dd>{formatUsd(price.base)}</dd>
          </div>
          {price.lines
            .filter((l) => l.surcharge > 0)
            .map((l) => (
              <div key={l.kind}>
                <dt>
                  {l.name}: {l.choice}
                </dt>
                <dd>+{formatUsd(l.surcharge)}</dd>
              </div>
            ))}
          <div className="total">
            <dt>Total, one-off</dt>
            <dd data-testid="brand-price">{formatUsd(record && record.status !== BrandStatus.DRAFT ? record.price : price.price)}</dd>
          </div>
        </dl>
        <p className="muted small">
          The items then go into every order you place while the package is in use, at no extra cost: tags and labels one per product, bags,
          boxes, tape and cards one per order.
        </p>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {!locked && (
          <div className="brand-actions">
            <button type="button" className="btn" disabled={busy !== null || (!dirty && !!record)} onClick={() => void save()}>
              {busy === 'save' ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              className="btn primary"
              disabled={busy !== null || (record?.status === BrandStatus.SUBMITTED && !dirty)}
              onClick={() => void submit()}
            >
              {busy === 'submit' ? 'Submitting…' : record?.status === BrandStatus.SUBMITTED && !dirty ? 'Submitted' : 'Submit'}
            </button>
            {dirty && record?.status === BrandStatus.SUBMITTED && (
              <span className="muted small">Saving a change takes the package back to draft: submit it again to pay.</span>
            )}
          </div>
        )}
      </div>

      {record?.status === BrandStatus.SUBMITTED && !dirty && <PaySection record={record} onPaid={onChanged} />}
      {paid && <UseSwitch record={record} otherInUse={otherInUse} />}
    </section>
  );
}

function TextField({
  label,
  value,
  max,
  disabled,
  inputMode,
  onChange,
}: {
  label: string;
  value: string;
  max: number;
  disabled: boolean;
  inputMode?: 'tel';
  onChange: (v: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input value={value} maxLength={max} disabled={disabled} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** An uploaded picture: a button opening the file picker, the picture's state, and the refusal when the file is not one. */
function ArtworkField({
  label,
  hint,
  url,
  disabled,
  optional = false,
  onChange,
}: {
  label: string;
  hint: string;
  url: string;
  disabled: boolean;
  optional?: boolean;
  onChange: (url: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');

  async function upload(file: File | undefined) {
    setError('');
    const refused = await checkImageFile(file, UPLOAD_LIMIT_MB);
    if (refused || !file) {
      setError(refused ?? 'Please select an image');
      toast('error', refused ?? 'Please select an image', 2000);
      return;
    }
    setUploading(true);
    const res = await designerApi.uploadImage(file, file.name);
    setUploading(false);
    if (res.code === 200 && res.data) onChange(res.data.url);
    else {
      setError(res.msg || 'Upload failed');
      toast('error', res.msg || 'Upload failed', 2000);
    }
  }

  const errorId = `${label.replace(/\W+/g, '-').toLowerCase()}-error`;
  return (
    <div className="artwork-field">
      <div className="artwork-field-row">
        {url ? <img src={url} alt={`${label}: uploaded picture`} className="artwork-thumb" /> : <span className="artwork-thumb empty" />}
        <div>
          <strong>{label}</strong>
          {optional && <span className="muted small"> (optional)</span>}
          <p className="muted small">{hint}</p>
          {!disabled && (
            <div className="artwork-buttons">
              <button
                type="button"
                className="btn small"
                disabled={uploading}
                aria-describedby={error ? errorId : undefined}
                onClick={() => input.current?.click()}
              >
                {uploading ? 'Uploading…' : url ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
              </button>
              {url && (
                <button type="button" className="btn small" onClick={() => onChange('')}>
                  Remove {label.toLowerCase()}
                </button>
              )}
            </div>
          )}
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        hidden
        tabIndex={-1}
        aria-label={`${label} file`}
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {/* The toast announces a refusal; this line keeps it beside the button that it describes. */}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function ItemCard({
  kind,
  form,
  disabled,
  onArtwork,
  onOption,
}: {
  kind: BrandItemKind;
  form: BrandForm;
  disabled: boolean;
  onArtwork: (url: string) => void;
  onOption: (value: string) => void;
}) {
  const def = BRAND_ITEMS[kind];
  const chosen = form.options[kind] ?? def.option.choices[0]!.value;
  return (
    <li className="card brand-item" aria-labelledby={`item-${kind}`}>
      <ItemPreview kind={kind} choice={chosen} artwork={form.artwork[kind] ?? ''} text={form.diao_pai_info} />
      <div className="brand-item-body">
        <h3 id={`item-${kind}`}>{def.name}</h3>
        <p className="muted small">
          {def.description} One {def.per === 'piece' ? 'per product' : 'per order'}.
        </p>
        <ArtworkField
          label={`${def.name} artwork`}
          hint="JPEG or PNG, up to 20 MB; fitted into the printed area."
          url={form.artwork[kind] ?? ''}
          disabled={disabled}
          onChange={onArtwork}
        />
        <fieldset className="brand-choices" disabled={disabled}>
          <legend>{def.option.name}</legend>
          {def.option.choices.map((c) => (
            <label key={c.value} className="brand-choice">
              <input type="radio" name={`opt-${kind}`} value={c.value} checked={chosen === c.value} onChange={() => onOption(c.value)} />
              <span>
                {c.label}
                {c.surcharge > 0 ? <span className="muted"> (+{formatUsd(c.surcharge)})</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      </div>
    </li>
  );
}

/** The package waits for payment: balance (after a confirmation showing what is left), PayPal, card, Stripe or the Shopify bill. */
function PaySection({ record, onPaid }: { record: BrandCustom; onPaid: () => Promise<void> }) {
  const [sp, setSp] = useSearchParams();
  const [balance, setBalance] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  // One attempt's key, kept across retries of that attempt: a double click or a retried request pays once.
  const key = useRef<string | null>(null);

  useEffect(() => {
    void balanceApi.balance().then((res) => {
      if (res.code === 200 && res.data) setBalance(res.data.balance);
    });
  }, []);

  const done = async () => {
    toast('success', 'Payment successful');
    await onPaid();
  };

  // Back from Shopify's confirmation page: ask once more, which settles an approved charge.
  const shopifyReturn = sp.get('shopify') === '1';
  useEffect(() => {
    if (!shopifyReturn) return;
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('shopify');
        return next;
      },
      { replace: true },
    );
    void brandingApi.payWithShopify(record.package_id).then(async (res) => {
      if (res.code === 200 && res.data?.status === 'succeeded') await done();
      else if (res.code === 200) toast('info', 'The Shopify charge has not been approved yet');
    });
    // Runs once for the return it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shopifyReturn]);

  async function payBalance() {
    setBusy(true);
    key.current ??= newIdempotencyKey();
    const res = await brandingApi.pay(record.package_id, 'balance', key.current);
    if (res.code === 200 || res.code === 10000) key.current = null;
    setBusy(false);
    if (res.code === 200) await done();
  }

  async function payShopify() {
    setBusy(true);
    const res = await brandingApi.payWithShopify(record.package_id);
    setBusy(false);
    if (res.code !== 200 || !res.data) return;
    if (res.data.status === 'succeeded') await done();
    else if (res.data.confirmationUrl) window.location.assign(res.data.confirmationUrl);
  }

  const short = balance !== null && balance < record.price;
  const asProviderStart = (res: Envelope<BrandPayAnswer>): Envelope<ProviderStart> => ({
    ...res,
    data: res.data
      ? {
          paymentId: res.data.paymentId,
          orderId: null,
          amount: res.data.amount,
          status: res.data.status,
          paypalOrderId: res.data.paypalOrderId ?? null,
          approveUrl: res.data.approveUrl ?? null,
          clientSecret: res.data.clientSecret ?? null,
          publishableKey: res.data.publishableKey ?? null,
          ...(res.data.message ? { message: res.data.message } : {}),
        }
      : undefined,
  });

  return (
    <section className="card brand-section pay-methods" aria-labelledby="brand-pay-title">
      <h3 id="brand-pay-title">Pay {formatUsd(record.price)}</h3>
      <div className="pay-method">
        <button type="button" className="btn primary block" disabled={busy || short} onClick={() => setConfirm(true)}>
          {busy ? 'Paying…' : `Pay ${formatUsd(record.price)} with Balance`}
        </button>
        <p className="muted small" aria-live="polite">
          Balance: {balance === null ? '…' : formatUsd(balance)}
          {short ? ' · Insufficient balance' : ''}
        </p>
        <ConfirmDialog
          open={confirm}
          title="Pay with Balance"
          text={`Pay ${formatUsd(record.price)} for ${record.title} from your balance?${
            balance !== null ? ` Your balance will be ${formatUsd(balance - record.price)} afterwards.` : ''
          }`}
          confirmText={`Pay ${formatUsd(record.price)}`}
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            void payBalance();
          }}
        />
      </div>
      <ProviderPayments
        verb="Pay with"
        disabled={busy}
        start={async (m, k) => asProviderStart(await brandingApi.pay(record.package_id, m, k))}
        capturePayPal={(id) => brandingApi.onAuthorize(record.package_id, id)}
        onPaid={done}
      />
      <div className="pay-method">
        <button type="button" className="btn block" disabled={busy} onClick={() => void payShopify()}>
          Pay on my Shopify bill
        </button>
        <p className="muted small">For a connected Shopify store: you approve the charge in Shopify and come back here.</p>
      </div>
    </section>
  );
}

/** A paid package in or out of use: enabling and closing are confirmed; closing first checks for unshipped orders. */
function UseSwitch({ record, otherInUse }: { record: BrandCustom; otherInUse: BrandCustom | null }) {
  const [ask, setAsk] = useState<0 | 1 | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const inUse = record.is_use === 1;

  async function startClose() {
    const res = await brandingApi.beforeSwitch(record.package_id);
    if (res.code !== 200) return;
    if (res.data === 1) setNotice(BrandMessages.unshippedOrders);
    else setAsk(0);
  }

  async function apply(isUse: 0 | 1) {
    setAsk(null);
    const res = await brandingApi.switchUse(record.package_id, isUse);
    if (res.code === 200) setDone(true);
  }

  return (
    <section className="card brand-section" aria-labelledby="brand-use-title">
      <h3 id="brand-use-title">Use in my orders</h3>
      <p>
        {inUse
          ? `${record.title} is in use: every order you place gets its items.`
          : otherInUse
            ? `${otherInUse.title} is in use. Close it before enabling ${record.title}.`
            : `${record.title} is paid and not in use: enable it to add its items to your orders.`}
      </p>
      {inUse ? (
        <button type="button" className="btn" onClick={() => void startClose()}>
          Close {record.title}
        </button>
      ) : (
        <button type="button" className="btn primary" disabled={!!otherInUse} onClick={() => setAsk(1)}>
          Enable {record.title}
        </button>
      )}
      <ConfirmDialog
        open={ask !== null}
        text={ask === 1 ? BrandMessages.enableConfirm : BrandMessages.closeConfirm}
        onCancel={() => setAsk(null)}
        onConfirm={() => void apply(ask === 1 ? 1 : 0)}
      />
      <Modal open={notice !== null} title="Message" onClose={() => setNotice(null)} width={420}>
        <p role="alert">{notice}</p>
        <div className="modal-actions">
          <button type="button" className="btn primary" onClick={() => setNotice(null)} autoFocus>
            OK
          </button>
        </div>
      </Modal>
      <Modal open={done} title="Message" onClose={() => window.location.reload()} dismissible={false} showClose={false} width={360}>
        <p role="status">{BrandMessages.success}</p>
        <div className="modal-actions">
          <button type="button" className="btn primary" onClick={() => window.location.reload()} autoFocus>
            OK
          </button>
        </div>
      </Modal>
    </section>
  );
}
