/**
 * The blog's pages as HTML, rendered on the server so search engines and readers without
 * JavaScript get the whole text: the list (all, a category or a tag, paged), an article with its
 * table of contents and related articles, and the 404 page. The markup is the one the React pages
 * (src/pages/blog/) render, with the same classes, so the page looks the same before and after
 * the app takes over the #root element.
 *
 * Everything from an article is escaped here except its body, which the Markdown pipeline has
 * already sanitised (./markdown.ts).
 */
import {
  BLOG_CATEGORIES,
  BLOG_FEED_PATH,
  blogCategoryPath,
  blogPath,
  blogTagPath,
  formatBlogDate,
  type BlogArticle,
  type BlogSummary,
} from '../../contract/blog';
import { COPYRIGHT, FOOTER_TAGLINE } from '../../contract/constants';
import { Messages } from '../../contract/envelope';

export function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);
}
const e = escapeHtml;

/** A list of the blog: which articles, and where its pages lead. */
export interface ListView {
  heading: string;
  intro: string;
  /** The list's own address (paging adds ?page=N). */
  basePath: string;
  /** The category whose list this is, for the category navigation. */
  activeCategory: string | null;
  rows: readonly BlogSummary[];
  page: number;
  pages: number;
}

function meta(a: BlogSummary): string {
  return `<time datetime="${e(a.date)}">${e(formatBlogDate(a.date))}</time> · ${a.readingMinutes} min read`;
}

function card(a: BlogSummary, level: 2 | 3 = 2): string {
  return [
    '<li class="blog-card">',
    `<img class="blog-card-img" src="${e(a.image)}" alt="" width="1200" height="630" loading="lazy" decoding="async">`,
    '<div class="blog-card-body">',
    `<p class="blog-card-cat"><a href="${e(blogCategoryPath(a.category.slug))}">${e(a.category.name)}</a></p>`,
    `<h${level} class="blog-card-title"><a href="${e(blogPath(a.slug))}">${e(a.title)}</a></h${level}>`,
    `<p class="blog-card-text">${e(a.description)}</p>`,
    `<p class="blog-meta">${meta(a)}</p>`,
    '</div>',
    '</li>',
  ].join('');
}

/** The ?page=N address of a list page (page 1 is the list's own address). */
export const listPagePath = (basePath: string, page: number) => (page <= 1 ? basePath : `${basePath}?page=${page}`);

function pager(view: ListView): string {
  if (view.pages <= 1) return '';
  const items: string[] = [];
  if (view.page > 1) items.push(`<li><a href="${e(listPagePath(view.basePath, view.page - 1))}" rel="prev">Previous</a></li>`);
  for (let p = 1; p <= view.pages; p++) {
    items.push(
      p === view.page
        ? `<li><a href="${e(listPagePath(view.basePath, p))}" aria-current="page">${p}</a></li>`
        : `<li><a href="${e(listPagePath(view.basePath, p))}" aria-label="Page ${p}">${p}</a></li>`,
    );
  }
  if (view.page < view.pages) items.push(`<li><a href="${e(listPagePath(view.basePath, view.page + 1))}" rel="next">Next</a></li>`);
  return `<nav class="blog-pager" aria-label="Blog pages"><ul>${items.join('')}</ul></nav>`;
}

function categoryNav(active: string | null): string {
  const link = (href: string, text: string, current: boolean) =>
    `<li><a href="${e(href)}"${current ? ' aria-current="page"' : ''}>${e(text)}</a></li>`;
  return [
    '<nav class="blog-cats" aria-label="Blog categories"><ul>',
    link('/blog', 'All articles', active === null),
    ...BLOG_CATEGORIES.map((c) => link(blogCategoryPath(c.slug), c.name, active === c.slug)),
    '</ul></nav>',
  ].join('');
}

export function listHtml(view: ListView): string {
  return [
    '<div class="blog-page">',
    '<header class="blog-head">',
    `<h1>${e(view.heading)}</h1>`,
    `<p class="lead">${e(view.intro)}</p>`,
    `<p class="blog-feed-link"><a href="${BLOG_FEED_PATH}">RSS feed</a></p>`,
    '</header>',
    categoryNav(view.activeCategory),
    `<ul class="blog-list">${view.rows.map((a) => card(a)).join('')}</ul>`,
    pager(view),
    '</div>',
  ].join('');
}

export function articleHtml(a: BlogArticle): string {
  const toc = a.toc.length
    ? [
        '<nav class="blog-toc" aria-labelledby="blog-toc-title">',
        '<h2 id="blog-toc-title">On this page</h2><ul>',
        ...a.toc.map((t) => `<li class="toc-${t.depth}"><a href="#${e(t.id)}">${e(t.text)}</a></li>`),
        '</ul></nav>',
      ].join('')
    : '';
  const tags = a.tags.map((t) => `<li><a href="${e(blogTagPath(t))}">#${e(t)}</a></li>`).join('');
  const related = a.related.length
    ? [
        '<aside class="blog-related" aria-labelledby="blog-related-title">',
        '<h2 id="blog-related-title">Related articles</h2>',
        `<ul class="blog-list compact">${a.related.map((r) => card(r, 3)).join('')}</ul>`,
        '</aside>',
      ].join('')
    : '';
  return [
    '<article class="blog-article">',
    '<nav class="blog-crumbs" aria-label="Breadcrumb"><ol>',
    '<li><a href="/blog">Blog</a></li>',
    `<li><a href="${e(blogCategoryPath(a.category.slug))}">${e(a.category.name)}</a></li>`,
    '</ol></nav>',
    '<header class="blog-article-head">',
    `<h1>${e(a.title)}</h1>`,
    `<p class="lead">${e(a.description)}</p>`,
    `<p class="blog-meta">${e(a.author)} · ${meta(a)}${a.updated !== a.date ? ` · updated <time datetime="${e(a.updated)}">${e(formatBlogDate(a.updated))}</time>` : ''}</p>`,
    `<img class="blog-cover" src="${e(a.image)}" alt="${e(a.imageAlt)}" width="1200" height="630">`,
    '</header>',
    toc,
    `<div class="blog-body">${a.html}</div>`,
    `<footer class="blog-article-foot"><h2 class="sr-only">Tags</h2><ul class="blog-tags">${tags}</ul></footer>`,
    related,
    '</article>',
  ].join('');
}

export function notFoundHtml(): string {
  return [
    '<div class="not-found"><main id="main">',
    `<h1>${e(Messages.pageNotAvailable)}</h1>`,
    `<p>${e(Messages.pageNotExist)}</p>`,
    '<a href="/" class="btn primary">Take me home</a>',
    `</main><footer class="rights">${e(COPYRIGHT)} POD Studio. All rights reserved.</footer></div>`,
  ].join('');
}

/** The blog layout around a page: the site's header links and footer, as plain links. */
export function blogLayoutHtml(main: string): string {
  const nav = [
    ['/all-products', 'All products'],
    ['/#how-we-work', 'How it works'],
    ['/branding-project', 'Branding'],
    ['/blog', 'Blog'],
  ]
    .map(([href, text]) => `<a href="${href}">${text}</a>`)
    .join('');
  const footLinks = (links: [string, string][]) => `<ul>${links.map(([h, t]) => `<li><a href="${h}">${e(t)}</a></li>`).join('')}</ul>`;
  return [
    '<div class="layout blog">',
    '<header class="site-header"><div class="header-bar">',
    '<a href="/" class="logo" aria-label="POD Studio home">POD<span>Studio</span></a>',
    `<nav aria-label="Main" class="main-nav">${nav}</nav>`,
    '<div class="header-right"><a class="btn" href="/login">Login</a><a class="btn primary" href="/register">Register</a></div>',
    '</div></header>',
    `<main id="main" class="container narrow">${main}</main>`,
    '<footer class="site-footer"><div class="footer-cols"><div>',
    `<a href="/" class="logo">POD<span>Studio</span></a><p class="tagline">${e(FOOTER_TAGLINE)}</p></div>`,
    '<nav aria-label="Footer">',
    footLinks([
      ['/', 'Home'],
      ['/all-products', 'Print On Demand Products'],
      ['/contact-us', 'Contact Us'],
      ['/blog', 'Blog'],
      ['/branding-project', 'Branding Project'],
    ]),
    footLinks([
      ['/policy/privacy', 'Privacy Policy'],
      ['/policy/refund', 'Refund Policy'],
      ['/policy/shipping', 'Shipping Policy'],
      ['/policy/term-condition', 'Terms & Conditions'],
    ]),
    '</nav></div>',
    `<p class="rights">${e(COPYRIGHT)} POD Studio. All rights reserved.</p>`,
    '</footer></div>',
  ].join('');
}

/** What a page's head says about it. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute address of the page. */
  canonical: string;
  /** Absolute address of the page's picture for link previews. */
  image?: string;
  type?: 'website' | 'article';
  published?: string;
  noindex?: boolean;
  /** Stylesheets of the blog's own chunk (from the build's manifest), so the page is styled before the app loads. */
  stylesheets?: readonly string[];
}

function headTags(h: PageHead, origin: string): string {
  return [
    `<link rel="canonical" href="${e(h.canonical)}">`,
    `<link rel="alternate" type="application/rss+xml" title="POD Studio blog" href="${e(origin + BLOG_FEED_PATH)}">`,
    `<meta property="og:site_name" content="POD Studio">`,
    `<meta property="og:title" content="${e(h.title)}">`,
    `<meta property="og:description" content="${e(h.description)}">`,
    `<meta property="og:type" content="${h.type ?? 'website'}">`,
    `<meta property="og:url" content="${e(h.canonical)}">`,
    h.image ? `<meta property="og:image" content="${e(h.image)}"><meta name="twitter:card" content="summary_large_image">` : '',
    h.published ? `<meta property="article:published_time" content="${e(h.published)}">` : '',
    h.noindex ? '<meta name="robots" content="noindex">' : '',
    ...(h.stylesheets ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${e(href)}">`),
  ].join('\n    ');
}

const FALLBACK_SHELL =
  '<!doctype html>\n<html lang="en-US">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n' +
  '    <meta name="description" content="" />\n    <title>POD Studio</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/**
 * The page: the app's index.html (its scripts and styles stay, so the app starts as on any page)
 * with this page's title, description and head links, and the rendered page inside #root, which
 * the app replaces when it renders. Without a built client, a bare document of our own.
 */
export function pageDocument(shell: string | null, head: PageHead, origin: string, body: string): string {
  const title = `${head.title} | POD Studio`;
  let html = shell ?? FALLBACK_SHELL;
  // Replacement functions, not strings: a `$&` or `$'` in a title must stay text.
  html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${e(title)}</title>`);
  html = html.replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${e(head.description)}" />`);
  html = html.replace('</head>', () => `    ${headTags(head, origin)}\n  </head>`);
  // A function replacement: `$` in the page's text must stay as written.
  return html.replace(/<div id="root">\s*<\/div>/, () => `<div id="root">${body}</div>`);
}
