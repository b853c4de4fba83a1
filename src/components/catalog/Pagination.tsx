/** Page links (real links: they open in a new tab and survive a reload) with the current page marked. */
import { Link } from 'react-router-dom';

/** 1 … p-1 p p+1 … N, always with the first and last page. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  const from = Math.max(2, page - 1);
  const to = Math.min(pages - 1, page + 1);
  out.push(1);
  if (from > 2) out.push(from === 3 ? 2 : 'gap');
  for (let n = from; n <= to; n += 1) out.push(n);
  if (to < pages - 1) out.push(to === pages - 2 ? pages - 1 : 'gap');
  if (pages > 1) out.push(pages);
  return out;
}

export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const items = pageWindow(page, pages);
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="page-link" rel="prev" aria-label="Previous page">
              ‹ Prev
            </Link>
          ) : (
            <span className="page-link disabled" aria-hidden="true">
              ‹ Prev
            </span>
          )}
        </li>
        {items.map((n, i) => (
          <li key={n === 'gap' ? `gap-${i}` : n}>
            {n === 'gap' ? (
              <span className="page-gap" aria-hidden="true">
                …
              </span>
            ) : (
              <Link
                to={hrefFor(n)}
                className={`page-link${n === page ? ' current' : ''}`}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pages ? (
            <Link to={hrefFor(page + 1)} className="page-link" rel="next" aria-label="Next page">
              Next ›
            </Link>
          ) : (
            <span className="page-link disabled" aria-hidden="true">
              Next ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
