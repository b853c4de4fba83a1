import { OnThisPage } from './OnThisPage';

const SUPPORT_EMAIL = 'support@podstudio.example';

const sections = [
  { id: 'who-we-are', label: 'Who we are and what this policy covers' },
  { id: 'data-we-collect', label: 'Information we collect' },
  { id: 'how-we-use-data', label: 'How we use your information' },
  { id: 'store-connections', label: 'Store connections and access tokens' },
  { id: 'cookies', label: 'Cookies and local storage' },
  { id: 'third-parties', label: 'Who we share information with' },
  { id: 'retention', label: 'How long we keep information' },
  { id: 'security', label: 'How we protect information' },
  { id: 'your-rights', label: 'Your rights and choices' },
  { id: 'end-customers', label: "Your customers' information" },
  { id: 'international-transfers', label: 'International transfers' },
  { id: 'children', label: 'Children' },
  { id: 'changes', label: 'Changes to this policy' },
  { id: 'contact', label: 'Contact us' },
] as const;

export function PrivacyPolicy() {
  return (
    <article className="prose">
      <h1>Privacy Policy</h1>
      <p className="note">Last updated: November 1, 2026</p>
      <p className="lead">
        This policy explains what information POD Studio collects when you browse our catalogue, design products, connect your online store
        and place orders, why we need it, how long we keep it and what control you have over it. We collect only what we need to run the
        service, and we never sell personal information.
      </p>

      <OnThisPage sections={sections} />

      <section id="who-we-are">
        <h2>Who we are and what this policy covers</h2>
        <p>
          POD Studio is a print-on-demand platform for online-store merchants. We print the products you design on demand and ship them to
          you or directly to your customers. In this policy, &ldquo;we&rdquo;, &ldquo;us&rdquo; and &ldquo;our&rdquo; mean POD Studio, and
          &ldquo;you&rdquo; means a visitor to our website or a merchant with a POD Studio account.
        </p>
        <p>
          This policy applies to our desktop and mobile websites, the design tool, the merchant dashboard, our store integrations and our
          customer support channels. It does not cover the websites of the store platforms, payment providers or carriers you use alongside
          POD Studio; their own privacy policies apply there.
        </p>
      </section>

      <section id="data-we-collect">
        <h2>Information we collect</h2>

        <h3>Account information</h3>
        <ul>
          <li>Your e-mail address, password (stored only as a salted one-way hash) and display name.</li>
          <li>
            Optional profile details you choose to add, such as gender (used only to personalise support screens), tax number, IOSS number,
            preferred currency and pricing rules.
          </li>
          <li>Verification codes we send you when you register or reset your password. These expire shortly after they are issued.</li>
        </ul>

        <h3>Store connection information</h3>
        <ul>
          <li>The name, domain and platform type (Shopify, Etsy or WooCommerce) of each store you connect.</li>
          <li>
            The access tokens or API keys that the platform issues when you authorise POD Studio. See{' '}
            <a href="#store-connections">Store connections and access tokens</a> for how we handle them.
          </li>
          <li>
            Product listings we create in your store on your instruction, and the orders from your store that contain POD Studio products.
          </li>
        </ul>

        <h3>Order and shipping information</h3>
        <ul>
          <li>The products, variants, quantities and prices of your samples, stock orders and synced store orders.</li>
          <li>
            Recipient names, shipping addresses and, where a carrier requires it, phone numbers. When an order comes from your store, this
            is your customer&rsquo;s information.
          </li>
          <li>Tracking numbers and delivery status provided by carriers.</li>
        </ul>

        <h3>Payment information</h3>
        <ul>
          <li>Your balance, top-ups, refunds, cash back, rebates, withdrawals and the payment method used for each transaction.</li>
          <li>
            Card and PayPal payments are processed by our payment providers. We receive a confirmation and limited details such as the card
            brand and last four digits; we never receive or store your full card number or security code.
          </li>
        </ul>

        <h3>Designs and uploaded files</h3>
        <ul>
          <li>Images, text, font choices and layouts you use in the design tool, and the product mockups we render from them.</li>
          <li>Saved templates, your own products and bulk-design files (including spreadsheets you upload for bulk designs).</li>
        </ul>

        <h3>Support and feedback</h3>
        <ul>
          <li>Messages you send through the service chat or by e-mail, and any attachments such as photos of a damaged item.</li>
          <li>Your monthly service review scores and comments.</li>
        </ul>

        <h3>Technical and usage information</h3>
        <ul>
          <li>
            IP address, browser type, device type and screen width (we use screen width to choose between the desktop and mobile site).
          </li>
          <li>
            Which pages you open and certain button clicks inside the dashboard (for example, &ldquo;Add Store&rdquo;), so we can see which
            features are used and fix problems.
          </li>
          <li>Error logs when something goes wrong.</li>
        </ul>
      </section>

      <section id="how-we-use-data">
        <h2>How we use your information</h2>
        <p>We use information only for the purposes below, and each has a clear basis:</p>
        <ul>
          <li>
            <strong>To provide the service you signed up for</strong> (performing our contract with you): running your account, saving your
            designs, pushing products to your store, receiving orders, printing and shipping them, and showing you tracking.
          </li>
          <li>
            <strong>To take payment and keep accurate records</strong> (contract and legal obligation): charging your balance or payment
            method, issuing refunds and keeping accounting and tax records.
          </li>
          <li>
            <strong>To support you</strong> (contract and legitimate interests): answering chat and e-mail, handling misprint and damage
            claims, and assigning a dedicated customer-service manager to your account.
          </li>
          <li>
            <strong>To keep the platform safe</strong> (legitimate interests and legal obligation): preventing fraud, abuse and infringing
            or prohibited content, and securing accounts.
          </li>
          <li>
            <strong>To improve POD Studio</strong> (legitimate interests): understanding which features are used and where people run into
            trouble. We use aggregated or account-level usage data, never the contents of your customers&rsquo; orders, for this.
          </li>
          <li>
            <strong>To tell you about the service</strong>: order and account notifications are part of the service. Promotional messages
            about coupons and new products are sent only where the law allows it, and every such message lets you unsubscribe.
          </li>
        </ul>
        <p>We do not use your designs to train machine-learning models and we do not sell or rent personal information.</p>
      </section>

      <section id="store-connections">
        <h2>Store connections and access tokens</h2>
        <p>
          When you connect a Shopify, Etsy or WooCommerce store, the platform gives us an access token or API key that lets POD Studio act
          on your store within the permissions you approved.
        </p>
        <ul>
          <li>
            Tokens and API keys are <strong>encrypted at rest</strong> and are decrypted only by the services that call your store platform.
          </li>
          <li>
            They are never shown in the dashboard, sent to your browser, or shared with anyone other than the platform that issued them.
          </li>
          <li>
            We use them only to do what you ask: publish and update products you push, read orders that contain POD Studio products, and
            send fulfilment and tracking updates back to your store.
          </li>
          <li>
            When you disconnect a store in POD Studio, or revoke our access from your store platform, we delete the token. You can revoke
            access at any time from your store platform&rsquo;s app or API settings.
          </li>
        </ul>
      </section>

      <section id="cookies">
        <h2>Cookies and local storage</h2>
        <p>We keep cookies to a minimum. We use two first-party cookies, both needed to keep you signed in:</p>
        <ul>
          <li>
            <strong>Session token cookie</strong>: holds the token that identifies your signed-in session, so you don&rsquo;t have to sign
            in on every page. It is removed when you log out.
          </li>
          <li>
            <strong>Login-flag cookie</strong>: records whether you are signed in, so the site can show the right header and send you to the
            login page when a session ends. It expires automatically.
          </li>
        </ul>
        <p>
          Both cookies are set with <code>SameSite=Lax</code>, which means browsers do not send them with requests made by other websites in
          the background, reducing the risk of cross-site request forgery.
        </p>
        <p>
          We also use your browser&rsquo;s local storage for convenience: a copy of your basic account details (kept for 7 days so pages
          load faster) and small preferences such as whether you have closed the bookmark banner.
        </p>
        <p>
          We do not use advertising cookies or cross-site tracking cookies. Because our cookies are strictly necessary for signing in, they
          do not require consent, but you can block or delete them in your browser settings; if you do, you will not be able to stay signed
          in.
        </p>
      </section>

      <section id="third-parties">
        <h2>Who we share information with</h2>
        <p>We share information only with the service providers we need to run POD Studio, and only what each one needs:</p>
        <ul>
          <li>
            <strong>Payment providers</strong> (PayPal, Stripe and our card processor) to process payments, refunds and withdrawals and to
            prevent payment fraud.
          </li>
          <li>
            <strong>Store platforms</strong> (Shopify, Etsy and WooCommerce sites) to publish your products and exchange order and
            fulfilment information with your store, as you authorised.
          </li>
          <li>
            <strong>Object storage provider</strong> to store your uploaded images, designs, templates and rendered mockups.
          </li>
          <li>
            <strong>Shipping carriers and customs brokers</strong> to deliver parcels. They receive the recipient&rsquo;s name, address,
            phone number where required, and the parcel contents and value for customs declarations.
          </li>
          <li>
            <strong>Production partners</strong> that print and pack your orders receive the print files and the shipping label details for
            each order.
          </li>
          <li>
            <strong>E-mail and hosting providers</strong> that send our notifications and run our servers.
          </li>
        </ul>
        <p>
          Each provider may use the information only to provide its service to us, under a written agreement that requires them to protect
          it. We may also disclose information where the law requires it, to enforce our{' '}
          <a href="/policy/term-condition">Terms &amp; Conditions</a>, or as part of a merger or sale of our business, in which case this
          policy continues to apply to your information.
        </p>
      </section>

      <section id="retention">
        <h2>How long we keep information</h2>
        <ul>
          <li>
            <strong>Account information</strong>: for as long as your account is open. After you ask us to delete your account, we delete it
            within 30 days.
          </li>
          <li>
            <strong>Store access tokens</strong>: until you disconnect the store or revoke access, then deleted immediately.
          </li>
          <li>
            <strong>Designs, templates and uploaded files</strong>: for as long as your account is open, so you can reuse them. They are
            deleted within 30 days of account deletion.
          </li>
          <li>
            <strong>Orders, invoices and payment records</strong>: for 7 years after the transaction, because tax and accounting laws
            require it. Recipient addresses in old orders are kept only as part of these records.
          </li>
          <li>
            <strong>Support conversations</strong>: for 2 years after the conversation ends, so we can follow up on claims.
          </li>
          <li>
            <strong>Technical logs</strong>: up to 90 days, unless needed to investigate a security incident.
          </li>
          <li>
            <strong>Backups</strong>: deleted data may remain in encrypted backups for up to 35 days until they are overwritten.
          </li>
        </ul>
      </section>

      <section id="security">
        <h2>How we protect information</h2>
        <ul>
          <li>All traffic to POD Studio is encrypted in transit with HTTPS.</li>
          <li>Passwords are stored as salted one-way hashes; store tokens are encrypted at rest.</li>
          <li>Access to production systems is limited to staff who need it, and is logged.</li>
          <li>Uploaded files are stored in private storage folders organised per account.</li>
        </ul>
        <p>
          No system is perfectly secure. If we learn of a breach that affects your personal information, we will tell you and the relevant
          authorities without undue delay, as the law requires.
        </p>
      </section>

      <section id="your-rights">
        <h2>Your rights and choices</h2>
        <p>Wherever you are based, you can ask us to:</p>
        <ul>
          <li>
            <strong>Access</strong>: get a copy of the personal information we hold about you.
          </li>
          <li>
            <strong>Export</strong>: receive your account details, designs, products and order history in a common machine-readable format
            (JSON or CSV, plus your original image files).
          </li>
          <li>
            <strong>Correct</strong>: fix inaccurate details. You can update most of your profile yourself under{' '}
            <a href="/my-account?tabname=profile">Account &amp; Settings</a>.
          </li>
          <li>
            <strong>Delete</strong>: close your account and erase your personal information, except records we must keep by law (such as
            invoices).
          </li>
          <li>
            <strong>Object or restrict</strong>: ask us to stop a particular use, such as marketing e-mails.
          </li>
        </ul>
        <p>
          To make a request, e-mail <a href={`mailto:${SUPPORT_EMAIL}?subject=Privacy%20request`}>{SUPPORT_EMAIL}</a> from the address on
          your account with the subject &ldquo;Privacy request&rdquo;. We may ask you to confirm your identity, and we reply within 30 days.
          These requests are free. If you are unhappy with our answer, you can also complain to your local data protection authority.
        </p>
      </section>

      <section id="end-customers">
        <h2>Your customers&rsquo; information</h2>
        <p>
          When we fulfil orders from your store, we process your customers&rsquo; names, addresses and order details on your behalf and only
          on your instructions. You remain responsible for telling your customers, in your own store&rsquo;s privacy policy, that their
          orders are fulfilled by a print-on-demand partner. If one of your customers asks us directly about their data, we will pass the
          request to you and help you respond.
        </p>
      </section>

      <section id="international-transfers">
        <h2>International transfers</h2>
        <p>
          We produce and ship orders from the USA and Australia, and our service providers may process data in other countries. Where
          information leaves the European Economic Area, the United Kingdom or another region with transfer rules, we use recognised
          safeguards such as the European Commission&rsquo;s Standard Contractual Clauses.
        </p>
      </section>

      <section id="children">
        <h2>Children</h2>
        <p>
          POD Studio is a business service for merchants. It is not directed at children, and you must be at least 18 to open an account. We
          do not knowingly collect information from children; if you believe a child has given us information, contact us and we will delete
          it.
        </p>
      </section>

      <section id="changes">
        <h2>Changes to this policy</h2>
        <p>
          We will update this policy when our practices change. The date at the top shows the latest version. If a change materially affects
          how we use your information, we will tell you by e-mail or a dashboard notification at least 30 days before it takes effect.
        </p>
      </section>

      <section id="contact">
        <h2>Contact us</h2>
        <p>
          For privacy questions or requests, e-mail <a href={`mailto:${SUPPORT_EMAIL}?subject=Privacy%20request`}>{SUPPORT_EMAIL}</a>. You
          can find our other support channels and business hours on the <a href="/contact-us">Contact Us page</a>.
        </p>
      </section>
    </article>
  );
}
