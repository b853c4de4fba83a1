import { OnThisPage } from './OnThisPage';

const SUPPORT_EMAIL = 'support@podstudio.example';

const sections = [
  { id: 'overview', label: 'Overview' },
  { id: 'production-time', label: 'Production time' },
  { id: 'ship-from', label: 'Where we ship from and to' },
  { id: 'methods-and-transit', label: 'Shipping methods and transit times' },
  { id: 'shipping-costs', label: 'Shipping costs' },
  { id: 'free-shipping-europe', label: 'Free shipping to European countries' },
  { id: 'tracking', label: 'Tracking' },
  { id: 'customs', label: 'Customs, duties and IOSS' },
  { id: 'address-errors', label: 'Address errors and returned parcels' },
  { id: 'lost-parcels', label: 'Delayed, lost and stolen parcels' },
  { id: 'contact', label: 'Questions' },
] as const;

/** Free standard shipping destinations, in the order merchants see them at checkout. */
const FREE_SHIPPING_COUNTRIES = [
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CZ', name: 'Czech Republic' },
  { code: 'DK', name: 'Denmark' },
  { code: 'EE', name: 'Estonia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GR', name: 'Greece' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IS', name: 'Iceland' },
  { code: 'IT', name: 'Italy' },
  { code: 'IE', name: 'Ireland' },
  { code: 'LV', name: 'Latvia' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MT', name: 'Malta' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'GB', name: 'United Kingdom' },
] as const;

export function ShippingPolicy() {
  return (
    <article className="prose">
      <h1>Shipping Policy</h1>
      <p className="note">Last updated: November 1, 2026</p>
      <p className="lead">
        Every POD Studio product is printed on demand after it is ordered, then packed and shipped to you or straight to your customer under
        your store&rsquo;s name. This page explains how long that takes, where we ship, what it costs and what happens if something goes
        wrong on the way.
      </p>

      <OnThisPage sections={sections} />

      <section id="overview">
        <h2>Overview</h2>
        <ul>
          <li>There is no minimum order quantity: we ship single samples, stock orders and individual customer orders.</li>
          <li>Total delivery time is production time plus transit time.</li>
          <li>Each product page shows where the product ships from, the shipping methods available and the cost to each destination.</li>
          <li>
            Orders from your connected Shopify, Etsy or WooCommerce store sync to the factory automatically once paid, and tracking syncs
            back to your store.
          </li>
          <li>
            Our packaging is neutral: no POD Studio branding or prices appear on the parcel or packing slip. With a{' '}
            <a href="/branding-project">Branding Project</a> package you can add your own labels, tags, cards and packaging.
          </li>
        </ul>
      </section>

      <section id="production-time">
        <h2>Production time</h2>
        <p>
          Production starts when an order is paid (it moves from <strong>Pending Payment</strong> to <strong>Processing</strong> on your{' '}
          <a href="/orders">Orders page</a>). Typical production times are:
        </p>
        <ul>
          <li>
            <strong>Express production products</strong>: from 2 hours. Products that qualify are marked on the product page; orders paid
            after the daily cut-off are produced the next business day.
          </li>
          <li>
            <strong>Most printed products</strong> (apparel, accessories, home decor): 1 to 3 business days.
          </li>
          <li>
            <strong>All-over prints, 3D-customised products, shoes and large bulk orders</strong>: 3 to 5 business days.
          </li>
        </ul>
        <p>
          Business days are Monday to Friday, excluding public holidays where the product is made. During peak seasons (for example, late
          November to December) production can take up to 2 extra business days; we post a dashboard notification before peak periods start.
          When an order ships it moves to <strong>Shipped</strong>.
        </p>
      </section>

      <section id="ship-from">
        <h2>Where we ship from and to</h2>
        <p>
          Products are produced and dispatched from our facilities in the <strong>USA</strong> and <strong>Australia</strong>, and through
          our international production network. The ship-from location is shown on every product page and decides where the product can be
          delivered:
        </p>
        <ul>
          <li>
            <strong>Ships from USA</strong>: delivers to addresses in the United States only. Checkout shows &ldquo;Only Ship to USA&rdquo;
            if another country is selected.
          </li>
          <li>
            <strong>Ships from Australia</strong>: delivers to addresses in Australia and New Zealand only. Checkout shows &ldquo;Only Ship
            to Australia and New Zealand&rdquo; if another country is selected.
          </li>
          <li>
            <strong>Products without a local ship-from label</strong> ship internationally, including free standard shipping to the{' '}
            <a href="#free-shipping-europe">European countries listed below</a>.
          </li>
        </ul>
        <p>
          If a cart contains products from different ship-from locations, each location ships its items as a separate parcel with its own
          tracking number. Shipping costs are calculated per parcel.
        </p>
      </section>

      <section id="methods-and-transit">
        <h2>Shipping methods and transit times</h2>
        <p>
          The methods available depend on the product and the destination, and are listed at checkout with their price and estimated
          delivery time. You can choose default methods for store orders in your shipping settings. Typical transit times after dispatch
          are:
        </p>
        <table>
          <caption>Typical transit times, in business days after the parcel is dispatched</caption>
          <thead>
            <tr>
              <th scope="col">Ships from</th>
              <th scope="col">Destination</th>
              <th scope="col">Standard</th>
              <th scope="col">Express</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">USA</th>
              <td>United States (contiguous states)</td>
              <td>3&ndash;7 days</td>
              <td>2&ndash;4 days</td>
            </tr>
            <tr>
              <th scope="row">USA</th>
              <td>Alaska, Hawaii and US territories</td>
              <td>5&ndash;10 days</td>
              <td>3&ndash;6 days</td>
            </tr>
            <tr>
              <th scope="row">Australia</th>
              <td>Australia</td>
              <td>3&ndash;8 days</td>
              <td>1&ndash;4 days</td>
            </tr>
            <tr>
              <th scope="row">Australia</th>
              <td>New Zealand</td>
              <td>6&ndash;12 days</td>
              <td>4&ndash;7 days</td>
            </tr>
            <tr>
              <th scope="row">International network</th>
              <td>Europe and United Kingdom</td>
              <td>7&ndash;15 days</td>
              <td>5&ndash;9 days</td>
            </tr>
            <tr>
              <th scope="row">International network</th>
              <td>Rest of the world</td>
              <td>10&ndash;20 days</td>
              <td>6&ndash;12 days</td>
            </tr>
          </tbody>
        </table>
        <p className="note">
          Transit times are carrier estimates, not guarantees. Weather, customs checks, carrier backlogs and public holidays can add delays.
          Express methods may not be able to deliver to PO boxes or military addresses.
        </p>
      </section>

      <section id="shipping-costs">
        <h2>Shipping costs</h2>
        <ul>
          <li>Shipping is charged in USD, per parcel, based on the product, quantity, shipping method and destination.</li>
          <li>Some products use tiered pricing: the first item has a base rate and each additional item in the same parcel costs less.</li>
          <li>
            The exact shipping cost is shown in your cart and on the payment page before you pay, and is included in the order total paid by
            balance, PayPal, credit card or Stripe.
          </li>
          <li>What you charge your own customers for shipping is up to you.</li>
        </ul>
      </section>

      <section id="free-shipping-europe">
        <h2>Free shipping to European countries</h2>
        <p>
          Standard shipping is free for eligible products delivered to the following countries. At checkout, the standard method shows a
          shipping cost of $0.00.
        </p>
        <ul>
          {FREE_SHIPPING_COUNTRIES.map((country) => (
            <li key={country.code}>
              {country.name} ({country.code})
            </li>
          ))}
        </ul>
        <p>
          Free shipping does not apply to express methods or to products that ship from the USA or Australia, as those cannot be delivered
          to Europe.
        </p>
      </section>

      <section id="tracking">
        <h2>Tracking</h2>
        <ul>
          <li>
            Every parcel gets a tracking number, shown on the order in the <strong>Shipped</strong> tab of your{' '}
            <a href="/orders">Orders page</a>.
          </li>
          <li>
            For orders from a connected store, we send the tracking number and carrier back to your store automatically, so your store can
            notify your customer.
          </li>
          <li>
            The first tracking scan can take 24 to 72 hours to appear after dispatch, and international parcels may show no updates while
            they are between countries or in customs.
          </li>
        </ul>
      </section>

      <section id="customs">
        <h2>Customs, duties and IOSS</h2>
        <p>
          Parcels that cross a border may be subject to import VAT, GST, duties or carrier handling fees in the destination country. Unless
          these were collected at the time of sale, they are paid by the recipient and are not refundable by POD Studio.
        </p>
        <h3>European Union (IOSS)</h3>
        <p>
          For parcels to EU countries with a value of &euro;150 or less, import VAT can be collected at the point of sale under the EU
          Import One-Stop Shop (IOSS). If you are IOSS-registered, or sell through a marketplace that collects VAT for you, add the IOSS
          number on your <a href="/my-account?tabname=profile">Account &amp; Settings page</a>. We print it on the customs declaration so
          your customer pays no import VAT on delivery. Without an IOSS number, the carrier may charge your customer import VAT and a
          handling fee before delivering.
        </p>
        <h3>United Kingdom</h3>
        <p>
          For UK parcels worth &pound;135 or less, VAT is due at the point of sale rather than on import. Add your UK VAT number as your tax
          number on your <a href="/my-account?tabname=profile">Account &amp; Settings page</a> so it appears on the customs declaration.
        </p>
        <h3>Other destinations</h3>
        <p>
          Orders shipped from Australia to New Zealand and international orders to other countries follow the import rules of the
          destination. If you are registered to collect tax for a destination (for example, New Zealand GST on low-value imported goods),
          contact us so we can include your registration number on customs documents. Customs declarations always state the actual value of
          the goods.
        </p>
      </section>

      <section id="address-errors">
        <h2>Address errors and returned parcels</h2>
        <ul>
          <li>
            We ship to the address on the order. For store orders, that is the address your customer entered in your store, so please check
            it before paying.
          </li>
          <li>
            You can change the address while an order is <strong>Pending Payment</strong>. Once it is <strong>Processing</strong>, contact
            us as soon as possible: we can usually update it until the parcel is dispatched. After dispatch we can only ask the carrier to
            redirect it, which is not always possible.
          </li>
          <li>
            If a parcel is returned to us because the address was incorrect or incomplete, the parcel went unclaimed or delivery was
            refused, we will let you know. We hold returned items for 30 days; you can have them reshipped by paying the new shipping cost.
            Custom products returned for these reasons cannot be refunded.
          </li>
          <li>If a carrier misdelivers a parcel to a correct address, we treat it as a lost parcel (see below).</li>
        </ul>
      </section>

      <section id="lost-parcels">
        <h2>Delayed, lost and stolen parcels</h2>
        <ul>
          <li>
            <strong>No tracking updates</strong>: if tracking has not changed for 15 business days (domestic) or 20 business days
            (international), contact us. We open an investigation with the carrier.
          </li>
          <li>
            <strong>Confirmed lost</strong>: if the carrier confirms the parcel is lost, or has not found it within 10 business days of our
            investigation, we reship the order free of charge or refund the product and shipping cost, as you prefer.
          </li>
          <li>
            <strong>Marked as delivered but not received</strong>: ask your customer to check with neighbours and the local post office
            first. We then open a claim with the carrier. If the carrier confirms delivery to the correct address with proof of delivery, we
            cannot reship or refund free of charge.
          </li>
          <li>
            Report lost parcels within 30 days after the end of the estimated delivery window. Damaged parcels and misprints are covered by
            our <a href="/policy/refund">Refund Policy</a>.
          </li>
        </ul>
      </section>

      <section id="contact">
        <h2>Questions</h2>
        <p>
          For shipping questions, address changes or lost-parcel claims, e-mail{' '}
          <a href={`mailto:${SUPPORT_EMAIL}?subject=Shipping%20question`}>{SUPPORT_EMAIL}</a> with your order number, or message your
          customer-service manager through the service chat in your dashboard. See all support options on our{' '}
          <a href="/contact-us">Contact Us page</a>.
        </p>
      </section>
    </article>
  );
}
