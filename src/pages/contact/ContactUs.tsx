const SUPPORT_EMAIL = 'support@podstudio.example';

interface FaqItem {
  question: string;
  answer: string;
}

const FAQ: readonly FaqItem[] = [
  {
    question: 'Is there a minimum order quantity?',
    answer:
      'No. You can order a single sample, stock in any quantity, or let us fulfil your customers’ orders one at a time as they come in.',
  },
  {
    question: 'How fast are orders produced and shipped?',
    answer:
      'Production starts once an order is paid. Selected products are produced in as little as 2 hours, most products take 1 to 3 business days, and transit time depends on the shipping method and destination. Each product page shows the options and estimated delivery times.',
  },
  {
    question: 'Which online stores can I connect?',
    answer:
      'You can connect Shopify, Etsy and WooCommerce stores, and manage several stores from one POD Studio account. Use Add Store in your dashboard, choose the store type and follow the authorisation steps.',
  },
  {
    question: 'Where do you ship from, and where can you deliver?',
    answer:
      'Products marked “Ships from USA” deliver to the United States only, and products marked “Ships from Australia” deliver to Australia and New Zealand only. Other products ship internationally, with free standard shipping on eligible products to 28 European countries.',
  },
  {
    question: 'How can I pay for orders?',
    answer:
      'You can pay with your POD Studio balance, PayPal, credit card or Stripe. All prices are in US dollars and the full cost, including shipping, is shown before you pay.',
  },
  {
    question: 'What happens if an item arrives misprinted or damaged?',
    answer:
      'Send us the order number and photos within 30 days of delivery. Once we confirm the problem, we reprint the item for free or refund it to your balance or original payment method, whichever you prefer.',
  },
  {
    question: 'Can I change the shipping address or cancel an order?',
    answer:
      'Yes, while the order is pending payment, and usually until production starts after that. Contact us as soon as possible, because some products go into production within 2 hours of payment.',
  },
  {
    question: 'Will my customers see POD Studio on the parcel?',
    answer:
      'No. Parcels ship in neutral packaging without our branding or prices. With a Branding Project package you can add your own tags, labels, cards and packaging.',
  },
];

export function ContactUs() {
  return (
    <article className="prose">
      <h1>Contact Us</h1>
      <p className="note">Last updated: November 1, 2026</p>
      <p className="lead">
        Questions about a product, a design, your store connection or an order? Our support team is here to help, and every merchant has a
        dedicated customer-service manager who knows their account.
      </p>

      <section id="ways-to-reach-us">
        <h2>Ways to reach us</h2>
        <ul>
          <li>
            <strong>E-mail</strong>: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Best for detailed questions, attachments such
            as photos of a damaged item, and anything you want a written record of.
          </li>
          <li>
            <strong>Service chat</strong>: once you are logged in, open the chat from any page in your dashboard to talk to your
            customer-service manager. Your conversation history stays in one place.
          </li>
          <li>
            <strong>Help Center</strong>: step-by-step guides for designing products, connecting stores and managing orders, linked from the
            menu in your dashboard.
          </li>
        </ul>
        <address>
          POD Studio Support
          <br />
          E-mail: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </address>
      </section>

      <section id="business-hours">
        <h2>Business hours</h2>
        <ul>
          <li>
            <strong>Monday to Friday</strong>: 9:00 AM to 6:00 PM Eastern Time (ET; UTC&minus;5, or UTC&minus;4 during daylight saving
            time).
          </li>
          <li>
            <strong>Saturday and Sunday</strong>: we monitor e-mail and chat for urgent order issues, such as address changes and
            cancellations.
          </li>
          <li>
            <strong>US public holidays</strong>: urgent order issues only. We announce holiday schedules in your dashboard notifications in
            advance.
          </li>
        </ul>
      </section>

      <section id="response-time">
        <h2>Response time</h2>
        <p>
          We reply to every message <strong>within 24 hours</strong>, and usually much faster during business hours. Urgent requests, such
          as changing an address or cancelling an order before production, are handled first, so please mention &ldquo;urgent&rdquo; in your
          subject line or first chat message.
        </p>
        <p>
          Once a month we may ask you to rate our service, including how quickly we responded. Your feedback goes directly to the support
          team.
        </p>
      </section>

      <section id="customer-service-manager">
        <h2>Your dedicated customer-service manager</h2>
        <p>When you register, we assign you a customer-service manager who stays with your account. Your manager can:</p>
        <ul>
          <li>help you choose products and check designs before you publish them;</li>
          <li>walk you through connecting your Shopify, Etsy or WooCommerce store;</li>
          <li>follow your orders through production and shipping, and chase carriers on delayed parcels;</li>
          <li>handle reprints and refunds for misprinted, damaged or wrong items; and</li>
          <li>advise on bulk designs, stock orders and Branding Project packages.</li>
        </ul>
        <p>
          Your manager&rsquo;s name and photo appear in the service chat. If they are away, another member of the team picks up your
          messages so nothing waits.
        </p>
      </section>

      <section id="before-you-write">
        <h2>Help us help you faster</h2>
        <p>When you contact us, please include:</p>
        <ul>
          <li>the e-mail address of your POD Studio account and the name of the store concerned;</li>
          <li>the order number, for questions about a specific order;</li>
          <li>photos of the item and the shipping label, if something arrived misprinted, damaged or wrong; and</li>
          <li>a screenshot of any error message you see in the design tool or dashboard.</li>
        </ul>
      </section>

      <section id="faq">
        <h2>Frequently asked questions</h2>
        {FAQ.map((item) => (
          <details key={item.question}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </section>

      <section id="policies">
        <h2>Our policies</h2>
        <p>Many answers are in our policies:</p>
        <ul>
          <li>
            <a href="/policy/shipping">Shipping Policy</a>: production times, delivery areas, transit times, tracking and customs.
          </li>
          <li>
            <a href="/policy/refund">Refund Policy</a>: misprints, damaged or wrong items, cancellations and refunds.
          </li>
          <li>
            <a href="/policy/privacy">Privacy Policy</a>: what information we collect and how we protect it.
          </li>
          <li>
            <a href="/policy/term-condition">Terms &amp; Conditions</a>: the agreement for using POD Studio.
          </li>
        </ul>
      </section>
    </article>
  );
}
