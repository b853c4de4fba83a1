/**
 * The payment providers (PayPal, card, Stripe) as buttons: a provider without keys says it is not
 * configured; PayPal opens its approval page and is completed here; card and Stripe take the card
 * in Stripe's form. What is paid for (an order, a top-up) is the caller's `start`: every attempt
 * carries an idempotency key kept across retries of that attempt, so a double click or a retried
 * request never pays twice.
 */
import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey, paymentApi, type ProviderStart } from '../../api/commerce';
import type { Envelope } from '../../../contract/envelope';
import { toast } from '../../state/ui';
import { CommerceMessages, NOT_CONFIGURED, type PayMethod, type PaymentMethodInfo } from '../../../contract/commerce';
import { StripeCardForm } from './StripeCardForm';

export type ProviderMethod = 'paypal' | 'card' | 'stripe';

/** One attempt's idempotency key per method, renewed after a final answer. */
export function useAttemptKeys() {
  const keys = useRef<Partial<Record<PayMethod, string>>>({});
  return {
    get: (m: PayMethod) => (keys.current[m] ??= newIdempotencyKey()),
    settle: (m: PayMethod, code: number) => {
      if (code === 200 || code === 10000) delete keys.current[m];
    },
  };
}

export function ProviderPayments({
  verb,
  start,
  onPaid,
  capturePayPal: captureApproved = paymentApi.paypalCapture,
  disabled = false,
}: {
  /** The buttons' wording: "Pay with PayPal", "Top up with PayPal". */
  verb: string;
  start: (method: ProviderMethod, idempotencyKey: string) => Promise<Envelope<ProviderStart>>;
  onPaid: () => Promise<void>;
  /** Completes an approved PayPal payment; what is paid for may have its own call (a branding package's onAuthorize_brand). */
  capturePayPal?: (paypalOrderId: string) => Promise<Envelope<{ status: string; message?: string }>>;
  disabled?: boolean;
}) {
  const [methods, setMethods] = useState<PaymentMethodInfo[] | null>(null);
  const [busy, setBusy] = useState<ProviderMethod | null>(null);
  const [paypalPending, setPaypalPending] = useState<{ paypalOrderId: string; approveUrl: string | null } | null>(null);
  const [stripe, setStripe] = useState<{
    method: 'card' | 'stripe';
    paymentId: number;
    clientSecret: string;
    publishableKey: string;
  } | null>(null);
  const keys = useAttemptKeys();

  useEffect(() => {
    void paymentApi.methods().then((res) => {
      if (res.code === 200) setMethods(res.data ?? []);
    });
  }, []);

  async function payPayPal() {
    setBusy('paypal');
    const res = await start('paypal', keys.get('paypal'));
    keys.settle('paypal', res.code);
    setBusy(null);
    if (res.code !== 200 || !res.data?.paypalOrderId) return;
    setPaypalPending({ paypalOrderId: res.data.paypalOrderId, approveUrl: res.data.approveUrl ?? null });
    if (res.data.approveUrl) window.open(res.data.approveUrl, '_blank', 'noopener');
  }

  async function capturePayPal() {
    if (!paypalPending) return;
    setBusy('paypal');
    const res = await captureApproved(paypalPending.paypalOrderId);
    setBusy(null);
    if (res.code === 200 && res.data?.status === 'succeeded') {
      setPaypalPending(null);
      await onPaid();
    } else if (res.code === 200) toast('info', res.data?.message ?? 'The payment has not been completed yet');
  }

  async function payStripe(method: 'card' | 'stripe') {
    setBusy(method);
    const res = await start(method, keys.get(method));
    keys.settle(method, res.code);
    setBusy(null);
    if (res.code !== 200 || !res.data) return;
    if (!res.data.clientSecret || !res.data.publishableKey) {
      toast('error', 'System exception, please try again later');
      return;
    }
    setStripe({ method, paymentId: res.data.paymentId, clientSecret: res.data.clientSecret, publishableKey: res.data.publishableKey });
  }

  if (!methods) return <p className="muted">Loading payment methods…</p>;
  return (
    <>
      {(['paypal', 'card', 'stripe'] as const).map((m) => {
        const mi = methods.find((x) => x.method === m);
        const name = mi?.name ?? m;
        if (!mi?.configured) {
          return (
            <div key={m} className="pay-method">
              <button type="button" className="btn block" disabled aria-describedby={`nc-${m}`}>
                {name}: {NOT_CONFIGURED}
              </button>
              <p id={`nc-${m}`} className="muted small">
                {CommerceMessages.paymentNotConfigured}
              </p>
            </div>
          );
        }
        return (
          <div key={m} className="pay-method">
            <button
              type="button"
              className="btn block"
              disabled={disabled || busy !== null}
              onClick={() => void (m === 'paypal' ? payPayPal() : payStripe(m))}
            >
              {busy === m ? 'Starting…' : `${verb} ${name}`}
            </button>
            {m === 'paypal' && paypalPending && (
              <div className="pay-followup">
                <p className="small">
                  Approve the payment in the PayPal window
                  {paypalPending.approveUrl ? (
                    <>
                      {' '}
                      (
                      <a href={paypalPending.approveUrl} target="_blank" rel="noopener">
                        open PayPal
                      </a>
                      )
                    </>
                  ) : null}
                  , then complete it here.
                </p>
                <button type="button" className="btn primary small" disabled={busy !== null} onClick={() => void capturePayPal()}>
                  Complete PayPal payment
                </button>
              </div>
            )}
            {stripe && stripe.method === m && (
              <StripeCardForm
                clientSecret={stripe.clientSecret}
                publishableKey={stripe.publishableKey}
                onConfirmed={async () => {
                  const res = await paymentApi.stripeSync(stripe.paymentId);
                  if (res.code === 200 && res.data?.status === 'succeeded') {
                    setStripe(null);
                    await onPaid();
                  } else if (res.code === 200) toast('info', res.data?.message ?? 'The payment has not been completed yet');
                }}
              />
            )}
          </div>
        );
      })}
    </>
  );
}
