import { OnThisPage } from './OnThisPage';

const SUPPORT_EMAIL = 'support@podstudio.example';

const sections = [
  { id: 'about', label: 'About these terms' },
  { id: 'account', label: 'Your account' },
  { id: 'service', label: 'Our service and your role' },
  { id: 'designs-and-ip', label: 'Your designs and intellectual property' },
  { id: 'prohibited-content', label: 'Prohibited content' },
  { id: 'our-content', label: 'Mockups, templates and fonts we provide' },
  { id: 'store-connections', label: 'Store connections' },
  { id: 'orders', label: 'Orders and production' },
  { id: 'pricing-and-payment', label: 'Pricing and payment' },
  { id: 'coupons', label: 'Coupons and the invite programme' },
  { id: 'shipping-refunds', label: 'Shipping, refunds and cancellations' },
  { id: 'acceptable-use', label: 'Acceptable use of the platform' },
  { id: 'suspension', label: 'Suspension and closing your account' },
  { id: 'warranties', label: 'Product quality and disclaimers' },
  { id: 'liability', label: 'Limitation of liability' },
  { id: 'indemnity', label: 'Indemnity' },
  { id: 'governing-terms', label: 'Governing terms and disputes' },
  { id: 'changes', label: 'Changes to these terms' },
  { id: 'general', label: 'General' },
  { id: 'contact', label: 'Contact us' },
] as const;

export function TermsConditions() {
  return (
    <article className="prose">
      <h1>Terms &amp; Conditions</h1>
      <p className="note">Last updated: November 1, 2026</p>
      <p className="lead">
        These terms set out the agreement between you and POD Studio when you use our print-on-demand platform: the catalogue, the design
        tool, store integrations, ordering and fulfilment. We have written them in plain English. Please read them, together with our{' '}
        <a href="/policy/privacy">Privacy Policy</a>, <a href="/policy/refund">Refund Policy</a> and{' '}
        <a href="/policy/shipping">Shipping Policy</a>, which form part of this agreement.
      </p>

      <OnThisPage sections={sections} />

      <section id="about">
        <h2>About these terms</h2>
        <p>
          By creating an account or placing an order, you agree to these terms. If you use POD Studio on behalf of a company, you confirm
          that you are authorised to accept them for that company, and &ldquo;you&rdquo; means the company. Visitors who only browse the
          catalogue, blog and policy pages may do so without an account, and sections of these terms that relate to browsing apply to them
          too.
        </p>
        <p>
          POD Studio is a service for businesses that sell online. It is not intended for personal consumer purchases, although you may
          order samples for yourself.
        </p>
      </section>

      <section id="account">
        <h2>Your account</h2>
        <ul>
          <li>You must be at least 18 years old and able to enter into a binding contract.</li>
          <li>Give accurate registration details and keep your e-mail address, tax number and IOSS number up to date.</li>
          <li>Keep your password secret. You are responsible for activity in your account, including by anyone you share access with.</li>
          <li>
            Tell us straight away at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you think someone has accessed your account
            without permission.
          </li>
          <li>One account can manage several stores. Do not open multiple accounts to claim new-user coupons more than once.</li>
        </ul>
      </section>

      <section id="service">
        <h2>Our service and your role</h2>
        <p>
          We provide a catalogue of blank products, tools to design them, integrations that publish your products to your store, and
          on-demand printing and shipping of the orders you place or that your store sends us.
        </p>
        <p>
          You are the seller to your customers. You decide your retail prices, write your product listings, handle your customers&rsquo;
          questions and set your own store policies. We act as your supplier and fulfilment partner; we are not a party to the sale between
          you and your customer.
        </p>
        <p>
          We work to keep POD Studio available at all times, but we may need short maintenance windows and we cannot guarantee uninterrupted
          service. We give advance notice of planned maintenance where we can.
        </p>
      </section>

      <section id="designs-and-ip">
        <h2>Your designs and intellectual property</h2>
        <h3>You own your designs</h3>
        <p>
          You keep all rights in the images, text and artwork you upload or create in the design tool (&ldquo;your designs&rdquo;). We do
          not claim ownership of them.
        </p>
        <h3>The permission you give us</h3>
        <p>
          You give us a non-exclusive, worldwide, royalty-free licence to store, copy, resize, render and print your designs, and to create
          mockups from them, only as needed to provide the service: showing them in your account, publishing them to the stores you choose,
          and producing and shipping your orders. We will not sell your designs, offer them to other merchants or use them in our own
          marketing without your written permission. The licence ends when you delete the design or close your account, except for orders
          already in production.
        </p>
        <h3>Your responsibility</h3>
        <p>
          You are responsible for making sure you have the rights to everything in your designs. By uploading or ordering a design, you
          confirm that it does not infringe anyone&rsquo;s copyright, trademark, design right, publicity or privacy rights, and that you
          have any licences or permissions needed, including for fonts, photographs, logos, characters and the names or likenesses of real
          people.
        </p>
        <h3>Infringement notices</h3>
        <p>
          If you believe a design on POD Studio infringes your rights, e-mail{' '}
          <a href={`mailto:${SUPPORT_EMAIL}?subject=Intellectual%20property%20notice`}>{SUPPORT_EMAIL}</a> with the subject
          &ldquo;Intellectual property notice&rdquo;, identifying the work, the design or product concerned and your contact details. We
          review every notice promptly and may remove the design and pause related orders. We tell the merchant concerned, who may respond.
          We close the accounts of repeat infringers.
        </p>
      </section>

      <section id="prohibited-content">
        <h2>Prohibited content</h2>
        <p>You may not use POD Studio to create, sell or ship products with content that:</p>
        <ul>
          <li>
            infringes intellectual property or other rights, including counterfeit or unlicensed brand, sports, film, music or character
            merchandise;
          </li>
          <li>
            promotes hatred or violence against people based on race, ethnicity, religion, disability, gender, sexual orientation, age or
            nationality;
          </li>
          <li>sexualises minors, or is pornographic or sexually explicit;</li>
          <li>glorifies terrorism, violent extremism, self-harm or serious crimes;</li>
          <li>harasses, threatens or shares private information about a real person;</li>
          <li>is defamatory, fraudulent or misleading, including false health or safety claims;</li>
          <li>promotes illegal drugs, weapons or other goods that are illegal in the destination country; or</li>
          <li>breaks the rules of the store platform where the product is sold.</li>
        </ul>
        <p>
          We may decline to print, remove from your account, or cancel and refund any order that we reasonably believe breaks this section.
          Where possible we will tell you why and give you the chance to change the design.
        </p>
      </section>

      <section id="our-content">
        <h2>Mockups, templates and fonts we provide</h2>
        <p>
          Our product photos, mockups, design templates, bundled fonts, graphics and the POD Studio software remain ours or our
          licensors&rsquo;. We give you a non-exclusive, non-transferable licence to use them in the design tool and to use the mockups we
          generate to market and sell the products we make for you. You may not resell them on their own, use them to market products made
          by another supplier, or copy, decompile or scrape the software.
        </p>
      </section>

      <section id="store-connections">
        <h2>Store connections</h2>
        <ul>
          <li>
            When you connect a Shopify, Etsy or WooCommerce store, you authorise us to act in that store within the permissions you approve:
            publishing and updating the products you push, reading orders that contain POD Studio products, and sending fulfilment and
            tracking information back.
          </li>
          <li>We store the access tokens for your store encrypted and use them only for these purposes.</li>
          <li>
            Your use of each store platform is governed by that platform&rsquo;s own terms. You are responsible for your listings, prices,
            product descriptions and compliance with the platform&rsquo;s policies.
          </li>
          <li>
            Orders sync to us automatically, but an order is only produced once it has been paid to POD Studio. Check your orders page
            regularly for orders waiting for payment.
          </li>
          <li>
            We are not responsible for outages, policy changes or actions taken by a store platform, such as suspending your store or
            changing its API, though we will help you reconnect where we can.
          </li>
          <li>You can disconnect a store at any time. Products already published stay in your store until you remove them.</li>
        </ul>
      </section>

      <section id="orders">
        <h2>Orders and production</h2>
        <ul>
          <li>
            There is no minimum order quantity. You can order single samples, stock in any quantity, or have us fulfil your customers&rsquo;
            orders one at a time.
          </li>
          <li>An order is accepted when it is paid. Before payment it stays in Pending Payment and is not produced.</li>
          <li>
            Once paid, we produce the order as designed. Please check the preview, size, colour and shipping address before you pay, because
            production can start within 2 hours for some products.
          </li>
          <li>
            We may refuse or cancel an order, with a full refund, if the design breaks these terms, we suspect fraud, or the product is
            unavailable. If a product or variant goes out of stock after you pay, we will contact you to offer an alternative or a refund.
          </li>
          <li>
            Items may vary slightly from screen previews in colour and print placement, as explained in our{' '}
            <a href="/policy/refund">Refund Policy</a>.
          </li>
        </ul>
      </section>

      <section id="pricing-and-payment">
        <h2>Pricing and payment</h2>
        <ul>
          <li>
            Prices are in US dollars. The price of an order is the product cost plus shipping, and any taxes we are required to collect, all
            shown in your cart and on the payment page before you pay.
          </li>
          <li>
            We may change product and shipping prices. Changes never affect orders you have already paid. We announce general price
            increases by dashboard notification at least 14 days in advance, so you can update your retail prices.
          </li>
          <li>
            You can pay with your POD Studio balance, PayPal, credit card or Stripe. Card payments are processed by our payment providers;
            we do not store full card numbers.
          </li>
          <li>
            Your balance is a prepaid amount for buying from POD Studio. It is not a bank account and does not earn interest. You can
            request a withdrawal of unused balance at any time; we may ask you to verify your identity before paying it out.
          </li>
          <li>
            You are responsible for any sales tax, VAT or GST on your sales to your customers, and for registering for schemes such as IOSS
            where required.
          </li>
          <li>If a payment fails or is reversed, we may hold related orders until the amount is paid.</li>
        </ul>
      </section>

      <section id="coupons">
        <h2>Coupons and the invite programme</h2>
        <ul>
          <li>Coupons are subject to the conditions shown with them, such as expiry dates, minimum spend or eligible products.</li>
          <li>Coupons have no cash value, cannot be exchanged for balance and cannot be transferred to another account.</li>
          <li>
            In the invite programme, both you and the merchant you invite receive a coupon when the invited merchant registers through your
            link. Inviting yourself, creating fake accounts or other abuse will cancel the coupons involved.
          </li>
        </ul>
      </section>

      <section id="shipping-refunds">
        <h2>Shipping, refunds and cancellations</h2>
        <p>
          Production times, ship-from locations, delivery areas and customs rules are described in our{' '}
          <a href="/policy/shipping">Shipping Policy</a>. Misprints, damaged or wrong items, cancellations and refunds are handled under our{' '}
          <a href="/policy/refund">Refund Policy</a>. Because products are custom-made, we do not accept returns for change of mind.
        </p>
      </section>

      <section id="acceptable-use">
        <h2>Acceptable use of the platform</h2>
        <p>You agree not to:</p>
        <ul>
          <li>access another merchant&rsquo;s account or data, or try to get around login or security measures;</li>
          <li>scrape the catalogue, automate requests in a way that overloads our systems, or resell access to the platform;</li>
          <li>upload malware or files designed to disrupt the design tool or our servers; or</li>
          <li>use the service for anything unlawful.</li>
        </ul>
      </section>

      <section id="suspension">
        <h2>Suspension and closing your account</h2>
        <ul>
          <li>You can close your account at any time by contacting us. Paid orders already in production will be completed and shipped.</li>
          <li>
            We may suspend or close an account that seriously or repeatedly breaks these terms, for example by selling infringing products
            or committing fraud. Except in urgent cases such as fraud or legal requirements, we will warn you first and give you a
            reasonable chance to fix the problem.
          </li>
          <li>
            When an account is closed, we complete or refund any paid orders and pay out your remaining balance, less any amounts you owe
            us. Your data is then handled as described in our <a href="/policy/privacy">Privacy Policy</a>.
          </li>
        </ul>
      </section>

      <section id="warranties">
        <h2>Product quality and disclaimers</h2>
        <p>
          We promise that products will match their catalogue description and be free from defects in materials and printing, and we back
          that promise with a reprint or refund under our Refund Policy. Apart from that promise and any rights that cannot be excluded by
          law, the platform and tools are provided &ldquo;as is&rdquo;, and we make no other warranties, for example that a product is fit
          for a particular purpose you have not told us about, or that it will sell well.
        </p>
      </section>

      <section id="liability">
        <h2>Limitation of liability</h2>
        <ul>
          <li>
            We are not liable for indirect or consequential losses, such as lost profits, lost sales, loss of goodwill, or losses caused by
            a store platform, payment provider or carrier outside our control.
          </li>
          <li>For any single order, our liability is limited to reprinting or refunding that order, including its shipping cost.</li>
          <li>
            Otherwise, our total liability to you under these terms is limited to the amount you paid us in the 12 months before the event
            giving rise to the claim.
          </li>
          <li>
            Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that
            cannot be limited by law.
          </li>
        </ul>
      </section>

      <section id="indemnity">
        <h2>Indemnity</h2>
        <p>
          If a third party makes a claim against us because of your designs, your listings, or your dealings with your customers, for
          example a claim that a design infringes their copyright or trademark, you agree to cover our reasonable costs and losses from that
          claim. We will tell you promptly about any such claim and let you take part in responding to it.
        </p>
      </section>

      <section id="governing-terms">
        <h2>Governing terms and disputes</h2>
        <p>
          These terms, together with the policies linked above, are the whole agreement between you and POD Studio about the service. If
          anything in a policy conflicts with these terms, these terms apply.
        </p>
        <p>
          If you have a complaint, please contact us first: most issues are resolved quickly through your customer-service manager. If we
          cannot resolve a dispute within 30 days of your written complaint, either of us may take it to the courts with jurisdiction over
          the POD Studio company named on your invoices, whose law governs these terms. This does not take away any mandatory rights you
          have under the law of the country where your business is established.
        </p>
      </section>

      <section id="changes">
        <h2>Changes to these terms</h2>
        <p>
          We may update these terms to reflect changes to the service or the law. The date at the top shows the latest version. For material
          changes, we will notify you by e-mail or a dashboard notification at least 30 days before they take effect. If you do not agree,
          you can close your account before then; continuing to use POD Studio after the effective date means you accept the updated terms.
          Orders paid before a change remain under the terms that applied when you paid.
        </p>
      </section>

      <section id="general">
        <h2>General</h2>
        <ul>
          <li>If any part of these terms is found unenforceable, the rest still applies.</li>
          <li>If we do not enforce a term straight away, we can still enforce it later.</li>
          <li>
            We are not responsible for delays caused by events beyond our reasonable control, such as natural disasters, strikes, carrier
            disruptions or government action. We will keep you informed and resume as soon as we can.
          </li>
          <li>
            You may not transfer your account or these terms to someone else without our written consent. We may transfer them as part of a
            reorganisation or sale of our business, and your rights under them will not be reduced.
          </li>
        </ul>
      </section>

      <section id="contact">
        <h2>Contact us</h2>
        <p>
          Questions about these terms? E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or see our{' '}
          <a href="/contact-us">Contact Us page</a> for other ways to reach us.
        </p>
      </section>
    </article>
  );
}
