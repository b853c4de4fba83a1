/**
 * The product's not-found page inside the catalogue layout (an unknown category, subcategory, id or
 * handle): heading 'Oops! This page is not available.', 'Sorry, the page you visited does not
 * exist.' and 'Take me home'.
 */
import { Link } from 'react-router-dom';
import { Messages } from '../../../contract/envelope';
import { onSite, useDocumentTitle, useSiteBase } from './format';

export function CatalogNotFound({ what }: { what?: string }) {
  const base = useSiteBase();
  useDocumentTitle('This page could not be found');
  return (
    <section className="catalog-404" aria-labelledby="c404-title">
      <h1 id="c404-title">{Messages.pageNotAvailable}</h1>
      <p>{Messages.pageNotExist}</p>
      {what && <p className="muted">{what}</p>}
      <div className="modal-actions center">
        <Link to={base || '/'} className="btn primary">
          Take me home
        </Link>
        <Link to={onSite(base, '/all-products')} className="btn">
          Browse all products
        </Link>
      </div>
    </section>
  );
}

/** A load that failed for another reason than "not found": say so and offer a retry. */
export function LoadFailed({ msg, onRetry }: { msg: string; onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p>
        <strong>This could not be loaded.</strong>
      </p>
      <p className="muted">{msg || 'Please check your connection and try again.'}</p>
      <button type="button" className="btn primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
