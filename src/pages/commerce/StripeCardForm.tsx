/**
 * The card form of Stripe.js (loaded from js.stripe.com on first use, as Stripe requires for
 * PCI scope): the card number never touches this page's code or our server. Stripe confirms the
 * PaymentIntent the server created; the server then reads the intent (stripe/sync) and settles.
 */
import { useEffect, useRef, useState } from 'react';
import { Messages } from '../../../contract/envelope';

interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
}
interface StripeJs {
  elements(): { create(type: 'card', opts?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(
    secret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{ error?: { message?: string }; paymentIntent?: { status: string } }>;
}
type StripeFactory = (key: string) => StripeJs;

const STRIPE_JS = 'https://js.stripe.com/v3/';
let loading: Promise<StripeFactory> | null = null;

function loadStripe(): Promise<StripeFactory> {
  const w = window as unknown as { Stripe?: StripeFactory };
  if (w.Stripe) return Promise.resolve(w.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = STRIPE_JS;
    s.async = true;
    s.onload = () => (w.Stripe ? resolve(w.Stripe) : reject(new Error('Stripe.js did not load')));
    s.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export function StripeCardForm({
  clientSecret,
  publishableKey,
  onConfirmed,
}: {
  clientSecret: string;
  publishableKey: string;
  onConfirmed: () => Promise<void>;
}) {
  const mountAt = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let live = true;
    loadStripe()
      .then((factory) => {
        if (!live || !mountAt.current) return;
        const js = factory(publishableKey);
        card = js.elements().create('card', { hidePostalCode: true });
        card.mount(mountAt.current);
        setStripe({ js, card });
      })
      .catch(() => {
        if (live) setError(Messages.systemException);
      });
    return () => {
      live = false;
      card?.destroy();
    };
  }, [publishableKey]);

  return (
    <form
      className="stripe-form"
      aria-label="Card details"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!stripe) return;
        setBusy(true);
        setError('');
        const r = await stripe.js.confirmCardPayment(clientSecret, { payment_method: { card: stripe.card } });
        if (r.error) setError(r.error.message ?? 'The payment was not completed');
        else await onConfirmed();
        setBusy(false);
      }}
    >
      <div ref={mountAt} className="stripe-card" />
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <button type="submit" className="btn primary small" disabled={!stripe || busy}>
        {busy ? 'Paying…' : 'Pay now'}
      </button>
    </form>
  );
}
