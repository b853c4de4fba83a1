import { OnThisPage } from './OnThisPage';

const SUPPORT_EMAIL = 'support@podstudio.example';

const sections = [
  { id: 'our-promise', label: 'Our promise' },
  { id: 'what-we-cover', label: 'What we cover' },
  { id: 'how-to-report', label: 'How to report a problem' },
  { id: 'resolution', label: 'Reprint or refund' },
  { id: 'not-covered', label: 'What is not covered' },
  { id: 'cancellations', label: 'Cancelling an order' },
  { id: 'refund-timing', label: 'How and when refunds are paid' },
  { id: 'balance-records', label: 'How refunds appear in your balance' },
  { id: 'your-customers', label: "Your customers' returns" },
  { id: 'disputes', label: 'Payment disputes' },
  { id: 'contact', label: 'Contact us' },
] as const;

export function RefundPolicy() {
  return (
    <article className="prose">
      <h1>Refund Policy</h1>
      <p className="note">Last updated: November 1, 2026</p>
      <p className="lead">
        Every product is made to order for you or your customer. If we get something wrong, such as a misprint, a damaged item or the wrong
        product, we fix it at our cost. This policy explains what is covered, how to report a problem and how refunds are paid.
      </p>

      <OnThisPage sections={sections} />

      <section id="our-promise">
        <h2>Our promise</h2>
        <p>
          If an item arrives misprinted, damaged or different from what was ordered, tell us within 30 days of delivery and we will reprint
          it or refund it, free of charge, including the shipping cost for that item. You do not need to send the item back unless we
          specifically ask for it. The same cover applies to samples, stock orders and orders we ship directly to your customers.
        </p>
      </section>

      <section id="what-we-cover">
        <h2>What we cover</h2>
        <ul>
          <li>
            <strong>Misprints</strong>: the print is missing, in the wrong position compared with your approved design, smudged, cracked,
            faded, or uses noticeably wrong colours.
          </li>
          <li>
            <strong>Damaged items</strong>: the product arrives torn, stained, broken, dented or otherwise damaged in production or transit.
          </li>
          <li>
            <strong>Wrong items</strong>: a different product, size, colour or design from the one on the order.
          </li>
          <li>
            <strong>Missing items</strong>: the parcel arrives without one or more items from the order.
          </li>
          <li>
            <strong>Manufacturing defects</strong>: faulty seams, zips, stitching or materials found on first use.
          </li>
        </ul>
        <p>
          Parcels lost in transit are handled under our <a href="/policy/shipping">Shipping Policy</a>, with the same reprint-or-refund
          outcome once the loss is confirmed.
        </p>
      </section>

      <section id="how-to-report">
        <h2>How to report a problem</h2>
        <ol>
          <li>
            Contact us <strong>within 30 days of the delivery date</strong> shown in tracking, through the service chat in your dashboard or
            by e-mail to <a href={`mailto:${SUPPORT_EMAIL}?subject=Order%20problem%20report`}>{SUPPORT_EMAIL}</a>.
          </li>
          <li>Include the order number and which items are affected.</li>
          <li>
            Attach clear <strong>photos</strong>: one of the whole item, a close-up of the problem, the size or care label, and the shipping
            label or packing slip. For missing items, a photo of the parcel contents and the package is enough.
          </li>
          <li>Tell us whether you prefer a reprint or a refund.</li>
        </ol>
        <p>
          We review every report within 2 business days. If we need more information, your customer-service manager will ask for it in the
          same conversation.
        </p>
        <p className="note">
          If several items in one order have the same problem, one set of photos showing the problem on a few of them is usually enough.
        </p>
      </section>

      <section id="resolution">
        <h2>Reprint or refund</h2>
        <p>When a claim is approved, you choose one of the following:</p>
        <ul>
          <li>
            <strong>Free reprint</strong>: we produce the item again with priority and ship it at no cost to the same address, or to a
            corrected address you give us.
          </li>
          <li>
            <strong>Refund to your POD Studio balance</strong>: the fastest option, usually credited within 1 business day of approval and
            available immediately for new orders.
          </li>
          <li>
            <strong>Refund to the original payment method</strong>: back to the PayPal account, credit card or Stripe payment you used for
            the order.
          </li>
        </ul>
        <p>
          Refunds cover the product cost and the shipping cost of the affected items. If only part of an order is affected, only those items
          are refunded.
        </p>
      </section>

      <section id="not-covered">
        <h2>What is not covered</h2>
        <p>
          Because every item is custom-made, we cannot accept returns or give refunds for <strong>buyer&rsquo;s remorse</strong>: a change
          of mind, a customer who no longer wants the item, or a size or colour that was ordered correctly but does not suit. We also cannot
          cover:
        </p>
        <ul>
          <li>
            Problems that come from the design file, such as low-resolution or blurry images, spelling mistakes, unwanted backgrounds or
            elements placed outside the print area, when the item was printed as designed. The design tool warns you when an image&rsquo;s
            resolution is too low for a sharp print.
          </li>
          <li>
            Small colour differences between your screen and the printed item, and minor variations in print placement or size within normal
            production tolerances.
          </li>
          <li>
            Orders sent to an incorrect or incomplete address given on the order, and parcels that were refused or not collected. See{' '}
            <a href="/policy/shipping#address-errors">address errors and returned parcels</a>.
          </li>
          <li>Import VAT, duties or carrier fees charged by the destination country.</li>
          <li>Damage caused after delivery, such as wear, or washing and drying that does not follow the care label.</li>
          <li>Claims reported more than 30 days after delivery.</li>
        </ul>
      </section>

      <section id="cancellations">
        <h2>Cancelling an order</h2>
        <ul>
          <li>
            <strong>Pending Payment</strong>: you can cancel at any time from your <a href="/orders">Orders page</a>. Nothing has been
            charged.
          </li>
          <li>
            <strong>Processing, before production starts</strong>: contact us and we will cancel the order and refund it in full. For
            products with express production (from 2 hours), this window can be very short, so contact us as soon as possible.
          </li>
          <li>
            <strong>In production or Shipped</strong>: the item has already been made for you and the order can no longer be cancelled. If
            it arrives with a problem, the cover in this policy applies.
          </li>
        </ul>
      </section>

      <section id="refund-timing">
        <h2>How and when refunds are paid</h2>
        <ul>
          <li>
            <strong>Balance</strong>: usually within 1 business day of approval.
          </li>
          <li>
            <strong>PayPal</strong>: sent within 2 business days of approval; PayPal normally shows it within 3 to 5 business days.
          </li>
          <li>
            <strong>Credit card and Stripe</strong>: sent within 2 business days of approval; your bank normally shows it within 5 to 10
            business days.
          </li>
        </ul>
        <p>
          Refunds are made in USD, the currency of the original charge. If your card or PayPal account uses another currency, the amount you
          see may differ slightly because of exchange rates set by your provider.
        </p>
        <p>
          If an order used a coupon, we refund the amount you actually paid. When a whole order is cancelled before production, we restore
          the coupon to your account if it has not expired.
        </p>
      </section>

      <section id="balance-records">
        <h2>How refunds appear in your balance</h2>
        <p>
          Every refund creates a record of the type <strong>Refund Orders</strong> in your balance payment records, showing the order it
          relates to, the amount and the date. Refunds to your original payment method also appear there, so you have one place to reconcile
          all refunds.
        </p>
        <p>
          Money refunded to your balance can be used to pay for any future order, or you can request a withdrawal, which appears as a
          Withdraw Record.
        </p>
      </section>

      <section id="your-customers">
        <h2>Your customers&rsquo; returns</h2>
        <p>
          You set the return policy for your own store. When one of your customers reports a problem that this policy covers, forward us the
          order number and the customer&rsquo;s photos and we will reprint or refund the item to you. Please do not ask customers to send
          items to our production facilities: we cannot accept returns that we have not arranged, and they cannot be refunded.
        </p>
      </section>

      <section id="disputes">
        <h2>Payment disputes</h2>
        <p>
          If something has gone wrong, please contact us before opening a dispute or chargeback with PayPal or your card issuer. We can
          almost always resolve the issue faster, and a refund we issue directly avoids dispute fees. While a dispute is open, we cannot
          also process a refund for the same order.
        </p>
      </section>

      <section id="contact">
        <h2>Contact us</h2>
        <p>
          To report a problem or ask about a refund, e-mail{' '}
          <a href={`mailto:${SUPPORT_EMAIL}?subject=Refund%20question`}>{SUPPORT_EMAIL}</a> or message us through the service chat in your
          dashboard. We reply within 24 hours. Our <a href="/contact-us">Contact Us page</a> lists our business hours and other ways to
          reach us.
        </p>
      </section>
    </article>
  );
}
