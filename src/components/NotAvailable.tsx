/** What a route shows until its page is built: its title and a clear "not available yet" state. */
export function NotAvailable({ title }: { title: string }) {
  return (
    <section className="not-available" aria-labelledby="na-title">
      <h1 id="na-title">{title}</h1>
      <div className="empty-state" role="status">
        <p>
          <strong>This page is not available yet.</strong>
        </p>
        <p>We are building {title} right now. Everything else in POD Studio keeps working in the meantime.</p>
        <a className="btn" href="/all-products">
          Browse products
        </a>
      </div>
    </section>
  );
}
