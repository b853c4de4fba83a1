/**
 * The blog as client and server see it: the categories, the shapes of a listed and an opened
 * article, and the help articles the dashboard links to. Articles are Markdown files in
 * content/blog/, rendered on the server (server/blog/).
 */

/** The blog's categories, in the order the blog lists them. An article names one by slug. */
export const BLOG_CATEGORIES = [
  { slug: 'getting-started', name: 'Getting started' },
  { slug: 'stores', name: 'Store connections' },
  { slug: 'orders-shipping', name: 'Orders & shipping' },
  { slug: 'design', name: 'Design' },
  { slug: 'branding', name: 'Branding' },
] as const;

export type BlogCategorySlug = (typeof BLOG_CATEGORIES)[number]['slug'];

/** Articles on one page of the list. */
export const BLOG_PAGE_SIZE = 6;
/** Related articles shown under an article. */
export const BLOG_RELATED_COUNT = 3;

/** An article slug: the Markdown file's name without `.md`. */
export const BLOG_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A tag as articles write it and URLs carry it. */
export const BLOG_TAG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogPath = (slug: string) => `/blog/${slug}`;
export const blogCategoryPath = (slug: string) => `/blog/category/${slug}`;
export const blogTagPath = (tag: string) => `/blog/tag/${tag}`;
/** The generated cover picture of an article. */
export const blogCoverPath = (slug: string) => `/blog/images/cover/${slug}.svg`;
export const BLOG_FEED_PATH = '/blog/rss.xml';

export interface BlogCategory {
  slug: string;
  name: string;
}

/** An article as the list shows it. */
export interface BlogSummary {
  slug: string;
  title: string;
  description: string;
  /** Published, YYYY-MM-DD. */
  date: string;
  /** Last revised, YYYY-MM-DD (the date when never revised). */
  updated: string;
  category: BlogCategory;
  tags: string[];
  /** The cover picture's URL (an SVG). */
  image: string;
  imageAlt: string;
  author: string;
  readingMinutes: number;
}

/** One entry of an article's table of contents: its h2 and h3 headings. */
export interface BlogTocEntry {
  depth: 2 | 3;
  /** The heading's id (the link is `#id`). */
  id: string;
  text: string;
}

/** An opened article: sanitised HTML of its body, its contents and related articles. */
export interface BlogArticle extends BlogSummary {
  html: string;
  toc: BlogTocEntry[];
  related: BlogSummary[];
}

export interface BlogTopics {
  categories: (BlogCategory & { count: number })[];
  tags: { tag: string; count: number }[];
}

/** The dashboard's "Help articles": each names an article of content/blog (a test checks they exist). */
export const HELP_ARTICLES = [
  { slug: 'design-your-first-product', title: 'How to design your first product' },
  { slug: 'connect-your-store', title: 'Connecting a Shopify, Etsy or WooCommerce store step by step' },
  { slug: 'shipping-times-and-costs', title: 'Shipping times and costs' },
  { slug: 'what-to-do-about-a-misprint', title: 'What to do about a misprint' },
  { slug: 'bulk-design', title: 'Bulk design: one artwork on many products' },
  { slug: 'brand-your-parcels', title: 'Brand your parcels with the Branding Project' },
] as const;

export const BlogMessages = {
  articleNotFound: 'This article does not exist',
  categoryNotFound: 'This category does not exist',
} as const;

/** "March 1, 2026": a YYYY-MM-DD day as the blog writes it, the same on the server and in every time zone. */
export function formatBlogDate(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDay;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(d);
}
