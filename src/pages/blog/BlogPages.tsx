/**
 * The blog (/blog, /blog/category/{slug}, /blog/tag/{tag}, /blog/{slug}): the list of articles
 * with categories and paging, and an article with its table of contents, tags and related
 * articles. The server renders the same markup into the first page load (server/blog/html.ts),
 * so crawlers and readers without JavaScript get the text; this module takes over from there.
 *
 * An article's body is HTML the server made from our Markdown and sanitised
 * (server/blog/markdown.ts); links in it to our own pages navigate inside the app.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { blogApi } from '../../api/blog';
import { useDocumentTitle } from '../../components/catalog/format';
import {
  BLOG_CATEGORIES,
  BLOG_FEED_PATH,
  BLOG_PAGE_SIZE,
  blogCategoryPath,
  blogPath,
  blogTagPath,
  formatBlogDate,
  type BlogArticle,
  type BlogSummary,
} from '../../../contract/blog';
import { Messages } from '../../../contract/envelope';
import '../../styles/blog.css';

type Load<T> = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; msg: string } | { state: 'ok'; data: T };

function Meta({ a }: { a: BlogSummary }) {
  return (
    <>
      <time dateTime={a.date}>{formatBlogDate(a.date)}</time> · {a.readingMinutes} min read
    </>
  );
}

function Card({ a, level = 2 }: { a: BlogSummary; level?: 2 | 3 }) {
  const H = `h${level}` as const;
  return (
    <li className="blog-card">
      <img className="blog-card-img" src={a.image} alt="" width={1200} height={630} loading="lazy" decoding="async" />
      <div className="blog-card-body">
        <p className="blog-card-cat">
          <Link to={blogCategoryPath(a.category.slug)}>{a.category.name}</Link>
        </p>
        <H className="blog-card-title">
          <Link to={blogPath(a.slug)}>{a.title}</Link>
        </H>
        <p className="blog-card-text">{a.description}</p>
        <p className="blog-meta">
          <Meta a={a} />
        </p>
      </div>
    </li>
  );
}

/** The blog's own "page not available": the layout around it stays, so no second main landmark. */
function BlogNotFound() {
  useDocumentTitle('This page could not be found');
  return (
    <div className="blog-missing" role="status">
      <h1>{Messages.pageNotAvailable}</h1>
      <p>{Messages.pageNotExist}</p>
      <p className="blog-missing-actions">
        <Link to="/blog" className="btn">
          All articles
        </Link>
        <Link to="/" className="btn primary">
          Take me home
        </Link>
      </p>
    </div>
  );
}

function Failed({ msg }: { msg: string }) {
  return (
    <div className="blog-missing" role="alert">
      <p>{msg || Messages.networkError}</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}

const pageFrom = (value: string | null): number | null => (value === null ? 1 : /^[1-9]\d{0,3}$/.test(value) ? Number(value) : null);

/** /blog, /blog/category/{slug} and /blog/tag/{tag}, paged by ?page=N. */
export function BlogListPage() {
  const { category, tag } = useParams();
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const categoryName = category ? (BLOG_CATEGORIES.find((c) => c.slug === category)?.name ?? null) : null;
  const [load, setLoad] = useState<Load<{ rows: BlogSummary[]; total: number }>>({ state: 'loading' });

  const heading = category ? (categoryName ?? '') : tag ? `Articles tagged #${tag}` : 'POD Studio blog';
  useDocumentTitle(load.state === 'ok' ? (page && page > 1 ? `${heading} (page ${page})` : heading) : null);

  useEffect(() => {
    let live = true;
    if (page === null || (category && !categoryName)) {
      setLoad({ state: 'missing' });
      return;
    }
    setLoad({ state: 'loading' });
    void blogApi.list({ pageNum: page, pageSize: BLOG_PAGE_SIZE, category, tag }).then((res) => {
      if (!live) return;
      if (res.code !== 200) setLoad({ state: 'failed', msg: res.msg });
      else if ((res.rows ?? []).length === 0) setLoad({ state: 'missing' });
      else setLoad({ state: 'ok', data: { rows: res.rows ?? [], total: res.total ?? 0 } });
    });
    return () => {
      live = false;
    };
  }, [page, category, categoryName, tag]);

  if (load.state === 'missing') return <BlogNotFound />;
  const base = category ? blogCategoryPath(category) : tag ? blogTagPath(tag) : '/blog';
  const intro = category
    ? `Articles about ${heading.toLowerCase()} on the POD Studio blog.`
    : tag
      ? `Every POD Studio blog article tagged #${tag}.`
      : 'Guides for print-on-demand merchants: design your first product, connect your store, ship on time, handle misprints, design in bulk and brand your parcels.';
  const pages = load.state === 'ok' ? Math.max(1, Math.ceil(load.data.total / BLOG_PAGE_SIZE)) : 1;
  const at = (p: number) => (p <= 1 ? base : `${base}?page=${p}`);

  return (
    <div className="blog-page">
      <header className="blog-head">
        <h1>{heading}</h1>
        <p className="lead">{intro}</p>
        <p className="blog-feed-link">
          <a href={BLOG_FEED_PATH}>RSS feed</a>
        </p>
      </header>
      <nav className="blog-cats" aria-label="Blog categories">
        <ul>
          <li>
            <Link to="/blog" aria-current={!category && !tag ? 'page' : undefined}>
              All articles
            </Link>
          </li>
          {BLOG_CATEGORIES.map((c) => (
            <li key={c.slug}>
              <Link to={blogCategoryPath(c.slug)} aria-current={category === c.slug ? 'page' : undefined}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {load.state === 'loading' && (
        <p className="blog-loading" role="status">
          Loading articles…
        </p>
      )}
      {load.state === 'failed' && <Failed msg={load.msg} />}
      {load.state === 'ok' && (
        <>
          <ul className="blog-list">
            {load.data.rows.map((a) => (
              <Card key={a.slug} a={a} />
            ))}
          </ul>
          {pages > 1 && page !== null && (
            <nav className="blog-pager" aria-label="Blog pages">
              <ul>
                {page > 1 && (
                  <li>
                    <Link to={at(page - 1)} rel="prev">
                      Previous
                    </Link>
                  </li>
                )}
                {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
                  <li key={p}>
                    {p === page ? (
                      <Link to={at(p)} aria-current="page">
                        {p}
                      </Link>
                    ) : (
                      <Link to={at(p)} aria-label={`Page ${p}`}>
                        {p}
                      </Link>
                    )}
                  </li>
                ))}
                {page < pages && (
                  <li>
                    <Link to={at(page + 1)} rel="next">
                      Next
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

/** Follows a click on a link of ours inside the article body in the app, without reloading the page. */
function useInAppLinks() {
  const navigate = useNavigate();
  return (e: MouseEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href') ?? '';
    // In-page anchors scroll as links do; other sites and the feed are left to the browser.
    if (!href.startsWith('/') || href.startsWith('//') || href === BLOG_FEED_PATH) return;
    e.preventDefault();
    void navigate(href);
  };
}

/** /blog/{slug}. */
export function BlogArticlePage() {
  const { slug = '' } = useParams();
  const [load, setLoad] = useState<Load<BlogArticle>>({ state: 'loading' });
  const onBodyClick = useInAppLinks();
  useDocumentTitle(load.state === 'ok' ? load.data.title : null);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void blogApi.article(slug).then((res) => {
      if (!live) return;
      if (res.code === 200 && res.data) setLoad({ state: 'ok', data: res.data });
      else if (res.code === 404) setLoad({ state: 'missing' });
      else setLoad({ state: 'failed', msg: res.msg });
    });
    return () => {
      live = false;
    };
  }, [slug]);

  // Opened with #section (a shared link, or the server page's anchor): scroll there once the text is in.
  useEffect(() => {
    if (load.state !== 'ok' || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [load]);

  if (load.state === 'missing') return <BlogNotFound />;
  if (load.state === 'failed') return <Failed msg={load.msg} />;
  if (load.state === 'loading')
    return (
      <p className="blog-loading" role="status">
        Loading the article…
      </p>
    );
  const a = load.data;
  return (
    <article className="blog-article">
      <nav className="blog-crumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/blog">Blog</Link>
          </li>
          <li>
            <Link to={blogCategoryPath(a.category.slug)}>{a.category.name}</Link>
          </li>
        </ol>
      </nav>
      <header className="blog-article-head">
        <h1>{a.title}</h1>
        <p className="lead">{a.description}</p>
        <p className="blog-meta">
          {a.author} · <Meta a={a} />
          {a.updated !== a.date && (
            <>
              {' '}
              · updated <time dateTime={a.updated}>{formatBlogDate(a.updated)}</time>
            </>
          )}
        </p>
        <img className="blog-cover" src={a.image} alt={a.imageAlt} width={1200} height={630} />
      </header>
      {a.toc.length > 0 && (
        <nav className="blog-toc" aria-labelledby="blog-toc-title">
          <h2 id="blog-toc-title">On this page</h2>
          <ul>
            {a.toc.map((t) => (
              <li key={t.id} className={`toc-${t.depth}`}>
                <a href={`#${t.id}`}>{t.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* Sanitised on the server (server/blog/markdown.ts: no raw HTML, GitHub's sanitising schema). */}
      <div className="blog-body" onClick={onBodyClick} dangerouslySetInnerHTML={{ __html: a.html }} />
      <footer className="blog-article-foot">
        <h2 className="sr-only">Tags</h2>
        <ul className="blog-tags">
          {a.tags.map((t) => (
            <li key={t}>
              <Link to={blogTagPath(t)}>#{t}</Link>
            </li>
          ))}
        </ul>
      </footer>
      {a.related.length > 0 && (
        <aside className="blog-related" aria-labelledby="blog-related-title">
          <h2 id="blog-related-title">Related articles</h2>
          <ul className="blog-list compact">
            {a.related.map((r) => (
              <Card key={r.slug} a={r} level={3} />
            ))}
          </ul>
        </aside>
      )}
    </article>
  );
}
