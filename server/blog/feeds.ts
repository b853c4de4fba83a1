/**
 * What crawlers and feed readers read: the blog's RSS 2.0 feed, the site's sitemap (public pages,
 * catalogue categories, the blog, its categories and every article) and robots.txt pointing at
 * it. Addresses are absolute, on the public address (PUBLIC_URL), never on the request's Host
 * header, which a client chooses.
 */
import { BLOG_CATEGORIES, BLOG_FEED_PATH, blogCategoryPath, blogPath, type BlogSummary } from '../../contract/blog';
import { CATEGORIES } from '../catalog/taxonomy';
import { ACTIVITY_PATH } from '../../contract/activities';
import { escapeXml } from './cover';

/** The feed carries the newest articles, as feed readers expect. */
export const FEED_ITEMS = 20;

const rfc822 = (isoDay: string) => new Date(`${isoDay}T08:00:00Z`).toUTCString();

export function rssFeed(origin: string, articles: readonly BlogSummary[]): string {
  const newest = articles.slice(0, FEED_ITEMS);
  const items = newest.map((a) =>
    [
      '<item>',
      `<title>${escapeXml(a.title)}</title>`,
      `<link>${origin}${blogPath(a.slug)}</link>`,
      `<guid isPermaLink="true">${origin}${blogPath(a.slug)}</guid>`,
      `<description>${escapeXml(a.description)}</description>`,
      `<category>${escapeXml(a.category.name)}</category>`,
      `<pubDate>${rfc822(a.date)}</pubDate>`,
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    '<title>POD Studio blog</title>',
    `<link>${origin}/blog</link>`,
    '<description>Guides for print-on-demand merchants: designing products, connecting stores, shipping, misprints, bulk design and branding.</description>',
    '<language>en-us</language>',
    `<atom:link href="${origin}${BLOG_FEED_PATH}" rel="self" type="application/rss+xml"/>`,
    newest[0]
      ? `<lastBuildDate>${rfc822(newest.reduce((d, a) => (a.updated > d ? a.updated : d), newest[0].updated))}</lastBuildDate>`
      : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The public pages every visitor can open, besides the catalogue's categories and the blog. */
const PUBLIC_PAGES = [
  '/',
  '/all-products',
  '/all-products/personalized-gifts-zone',
  '/all-products/customized-gift-zone',
  '/branding-project',
  '/contact-us',
  '/register',
  '/policy/privacy',
  '/policy/refund',
  '/policy/shipping',
  '/policy/term-condition',
  ACTIVITY_PATH,
] as const;

export function sitemap(origin: string, articles: readonly BlogSummary[]): string {
  const url = (loc: string, lastmod?: string) =>
    `<url><loc>${escapeXml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const newest = articles.reduce((d, a) => (a.updated > d ? a.updated : d), '');
  const entries = [
    ...PUBLIC_PAGES.map((p) => url(p)),
    ...CATEGORIES.flatMap((c) => [url(`/all-products/${c.slug}`), ...c.subcategories.map((s) => url(`/all-products/${c.slug}/${s.slug}`))]),
    url('/blog', newest || undefined),
    ...BLOG_CATEGORIES.filter((c) => articles.some((a) => a.category.slug === c.slug)).map((c) => url(blogCategoryPath(c.slug))),
    ...articles.map((a) => url(blogPath(a.slug), a.updated)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  // The API and the signed-in pages hold nothing for a search engine.
  return [
    'User-agent: *',
    'Disallow: /prod-api/',
    'Disallow: /dashboard',
    'Disallow: /my-',
    'Disallow: /orders',
    'Disallow: /shopping-cart',
    'Disallow: /coupons',
    'Disallow: /notification',
    'Disallow: /bulk-design',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
