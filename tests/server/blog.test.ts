/**
 * The blog over real HTTP: the pages rendered on the server into the built client's index.html
 * (the article's text, its contents links and their targets, the head tags, the blog chunk's
 * stylesheet, the app's script kept), paging, categories and tags, the 404 page for anything
 * unknown, the RSS feed, the sitemap and robots.txt on the public address, the pictures (and no
 * way out of their folder), the app's JSON calls, and the same pages without a built client.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { loadBlog } from '../../server/blog/articles';
import { BLOG_PAGE_SIZE, HELP_ARTICLES, type BlogArticle, type BlogSummary, type BlogTopics } from '../../contract/blog';
import { Messages } from '../../contract/envelope';

const PUBLIC = 'https://shop.pod.example';
const INDEX =
  '<!doctype html>\n<html lang="en-US">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="The app." />\n' +
  '    <title>POD Studio</title>\n    <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-def456.css">\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc123.js',
    isEntry: true,
    css: ['assets/index-def456.css'],
    dynamicImports: ['src/pages/blog/BlogPages.tsx'],
  },
  'src/pages/blog/BlogPages.tsx': {
    file: 'assets/BlogPages-1a2b3c.js',
    isDynamicEntry: true,
    imports: ['index.html', '_format-9z.js'],
    css: ['assets/BlogPages-77aa.css'],
  },
  '_format-9z.js': { file: 'assets/format-9z.js', css: ['assets/format-31bb.css'] },
};

const blog = loadBlog();
let s: TestServer;
let bare: TestServer;
let clientDir = '';

interface Page {
  status: number;
  type: string;
  csp: string;
  body: string;
}
async function get(server: TestServer, urlPath: string, method = 'GET'): Promise<Page> {
  const res = await fetch(server.url + urlPath, { method, redirect: 'manual' });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    csp: res.headers.get('content-security-policy') ?? '',
    body: await res.text(),
  };
}

/** The text a reader sees of an HTML fragment: tags dropped, entities of the escaper undone. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&#x26;/g, '&')
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'pod-blog-client-'));
  await mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), INDEX);
  await writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  s = await startServer({ CLIENT_DIR: clientDir, PUBLIC_URL: PUBLIC });
  bare = await startServer();
});
afterAll(async () => {
  await s?.close();
  await bare?.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('an article page', () => {
  const slug = 'design-your-first-product';

  it("is the app's shell with the article's whole text in it", async () => {
    const p = await get(s, `/blog/${slug}`);
    expect(p.status).toBe(200);
    expect(p.type).toContain('text/html');
    const article = blog.find(slug)!;
    // Every paragraph of the Markdown reaches the HTML.
    for (const para of article.html.match(/<p>[\s\S]*?<\/p>/g)!) expect(p.body).toContain(para);
    expect(textOf(p.body)).toContain('Every product you sell through POD Studio starts in the design tool.');
    expect(p.body).toContain('<h1>How to design your first product</h1>');
    // The app still starts: its script and stylesheet stay, and the blog chunk's styles come along.
    expect(p.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(p.body).toContain('href="/assets/BlogPages-77aa.css"');
    expect(p.body).toContain('href="/assets/format-31bb.css"');
    expect(p.body.match(/index-def456\.css/g)).toHaveLength(1);
    // No inline script: the page runs under the app's policy unchanged.
    expect(p.body.match(/<script/g)).toHaveLength(1);
    expect(p.csp).toContain("script-src 'self'");
    expect(p.csp).not.toContain('unsafe-inline');
  });

  it('has a table of contents whose links each reach a heading of the text', async () => {
    const p = await get(s, `/blog/${slug}`);
    const toc = /<nav class="blog-toc"[\s\S]*?<\/nav>/.exec(p.body)![0];
    const targets = [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!);
    expect(targets).toContain('step-2-design');
    expect(targets.length).toBeGreaterThanOrEqual(5);
    for (const id of targets) expect(p.body).toMatch(new RegExp(`<h[23] id="${id}">`));
  });

  it('says what it is in the head, on the public address', async () => {
    const p = await get(s, `/blog/${slug}`);
    expect(p.body).toContain('<title>How to design your first product | POD Studio</title>');
    expect(p.body).toContain(`<link rel="canonical" href="${PUBLIC}/blog/${slug}">`);
    expect(p.body).toMatch(/<meta name="description" content="From an empty account to a saved product/);
    expect(p.body).not.toContain('content="The app."');
    expect(p.body).toContain(`<meta property="og:image" content="${PUBLIC}/blog/images/design-flow.svg">`);
    expect(p.body).toContain(`href="${PUBLIC}/blog/rss.xml"`);
    expect(p.body).toContain('<meta property="og:type" content="article">');
  });

  it('lists related articles and links its tags', async () => {
    const p = await get(s, `/blog/${slug}`);
    const related = /<aside class="blog-related"[\s\S]*?<\/aside>/.exec(p.body)![0];
    for (const r of blog.find(slug)!.related) expect(related).toContain(`href="/blog/${r.slug}"`);
    expect(p.body).toContain('href="/blog/tag/design-tool"');
  });

  it('is the 404 page for an unknown or malformed slug', async () => {
    for (const bad of ['/blog/no-such-article', '/blog/UPPER', '/blog/a..b', '/blog/%3Cscript%3E']) {
      const p = await get(s, bad);
      expect(p.status, bad).toBe(404);
      expect(p.type).toContain('text/html');
      expect(p.body).toContain(Messages.pageNotAvailable);
      expect(p.body).toContain(Messages.pageNotExist);
      expect(p.body).toContain('<meta name="robots" content="noindex">');
      expect(p.body).not.toContain('<script>');
    }
  });

  it('answers HEAD too', async () => {
    expect((await get(s, `/blog/${slug}`, 'HEAD')).status).toBe(200);
  });
});

describe('the list pages', () => {
  it('/blog lists the newest articles with paging', async () => {
    const first = await get(s, '/blog');
    expect(first.status).toBe(200);
    const newest = blog.all.slice(0, BLOG_PAGE_SIZE);
    for (const a of newest) expect(first.body).toContain(`href="/blog/${a.slug}"`);
    expect(first.body).toContain('<title>POD Studio blog | POD Studio</title>');
    expect(first.body).toContain('href="/blog?page=2"');

    const second = await get(s, '/blog?page=2');
    expect(second.status).toBe(200);
    for (const a of blog.all.slice(BLOG_PAGE_SIZE, 2 * BLOG_PAGE_SIZE)) expect(second.body).toContain(`<a href="/blog/${a.slug}">`);
    expect(second.body).toContain(`<link rel="canonical" href="${PUBLIC}/blog?page=2">`);
    expect(second.body).not.toContain(`<a href="/blog/${newest[0]!.slug}">`);
  });

  it('a page past the last, or not a page number, is the 404 page', async () => {
    for (const q of ['?page=99', '?page=0', '?page=abc', '?page=2&page=3']) expect((await get(s, `/blog${q}`)).status, q).toBe(404);
  });

  it('a category lists only its articles; an unknown one is the 404 page', async () => {
    const p = await get(s, '/blog/category/orders-shipping');
    expect(p.status).toBe(200);
    const listed = [...p.body.matchAll(/<h2 class="blog-card-title"><a href="\/blog\/([^"]+)"/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      blog.all
        .filter((a) => a.category.slug === 'orders-shipping')
        .map((a) => a.slug)
        .sort(),
    );
    expect(p.body).toContain('aria-current="page">Orders &amp; shipping</a>');
    expect((await get(s, '/blog/category/gossip')).status).toBe(404);
  });

  it('a tag lists its articles; an unknown tag is the 404 page', async () => {
    const p = await get(s, '/blog/tag/shopify');
    expect(p.status).toBe(200);
    expect(p.body).toContain('href="/blog/connect-your-store"');
    expect((await get(s, '/blog/tag/never-used')).status).toBe(404);
    expect((await get(s, '/blog/tag/Bad%20Tag')).status).toBe(404);
  });

  it('/blog/ goes to /blog', async () => {
    const p = await get(s, '/blog/');
    expect(p.status).toBe(301);
  });
});

describe('feeds, sitemap and pictures', () => {
  it('the RSS feed lists every article on the public address', async () => {
    const p = await get(s, '/blog/rss.xml');
    expect(p.status).toBe(200);
    expect(p.type).toContain('application/rss+xml');
    expect(p.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(p.body.match(/<item>/g)).toHaveLength(blog.all.length);
    for (const a of blog.all) expect(p.body).toContain(`<guid isPermaLink="true">${PUBLIC}/blog/${a.slug}</guid>`);
    expect(p.body).toContain(`<atom:link href="${PUBLIC}/blog/rss.xml" rel="self" type="application/rss+xml"/>`);
  });

  it('the sitemap lists the public pages, the catalogue, the blog and every article; robots.txt points at it', async () => {
    const p = await get(s, '/sitemap.xml');
    expect(p.status).toBe(200);
    expect(p.type).toContain('application/xml');
    for (const loc of [
      '/',
      '/all-products',
      '/blog',
      '/blog/category/design',
      '/activities/get-coupons-and-customize-personalized-products',
    ]) {
      expect(p.body).toContain(`<loc>${PUBLIC}${loc}</loc>`);
    }
    for (const a of blog.all) expect(p.body).toContain(`<loc>${PUBLIC}/blog/${a.slug}</loc>`);
    expect(p.body).not.toContain('/dashboard');
    const robots = await get(s, '/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /prod-api/');
  });

  it('serves the pictures of the folder and the generated covers, nothing else', async () => {
    const pic = await get(s, '/blog/images/design-flow.svg');
    expect(pic.status).toBe(200);
    expect(pic.type).toContain('image/svg+xml');
    expect(pic.body).toContain('<svg');
    const cover = await get(s, '/blog/images/cover/pricing-your-products.svg');
    expect(cover.status).toBe(200);
    expect(cover.body).toContain('Pricing your products');
    for (const bad of [
      '/blog/images/missing.svg',
      '/blog/images/..%2F..%2Fpackage.json',
      '/blog/images/%2e%2e%2fmarkdown.ts',
      '/blog/images/cover/nope.svg',
      '/blog/images/cover/pricing-your-products.png',
    ]) {
      const p = await get(s, bad);
      expect(p.status, bad).toBe(404);
      expect(p.body).not.toContain('"name"');
    }
  });
});

describe("the app's calls", () => {
  it('list pages of summaries, newest first, by category and by tag', async () => {
    const res = await s.api<{ rows: BlogSummary[]; total: number }>('GET', '/api/blog/list?pageNum=2&pageSize=3');
    expect(res.code).toBe(200);
    expect(res.total).toBe(blog.all.length);
    expect(res.rows.map((r) => r.slug)).toEqual(blog.all.slice(3, 6).map((a) => a.slug));
    expect(res.rows[0]).not.toHaveProperty('html');
    const design = await s.api<{ rows: BlogSummary[] }>('GET', '/api/blog/list?category=design');
    expect(design.rows.every((r) => r.category.slug === 'design')).toBe(true);
    const tagged = await s.api<{ rows: BlogSummary[] }>('GET', '/api/blog/list?tag=etsy');
    expect(tagged.rows.map((r) => r.slug)).toEqual(['connect-your-store']);
    expect((await s.api('GET', '/api/blog/list?pageSize=500')).code).toBe(10000);
  });

  it('an article with its HTML, contents and related articles; an unknown one is 404', async () => {
    const res = await s.api<{ data: BlogArticle }>('GET', '/api/blog/article/what-to-do-about-a-misprint');
    expect(res.data.title).toBe('What to do about a misprint');
    expect(res.data.html).toContain('Report it within 30 days');
    expect(res.data.toc.map((t) => t.id)).toContain('report-it-within-30-days');
    expect(res.data.related).toHaveLength(3);
    const missing = await s.api('GET', '/api/blog/article/nope');
    expect(missing).toMatchObject({ code: 404, msg: 'This article does not exist' });
  });

  it('topics count the articles of every category and tag', async () => {
    const res = await s.api<{ data: BlogTopics }>('GET', '/api/blog/topics');
    expect(res.data.categories.reduce((n, c) => n + c.count, 0)).toBe(blog.all.length);
    expect(res.data.tags.find((t) => t.tag === 'design-tool')!.count).toBeGreaterThanOrEqual(2);
  });

  it('every help article of the dashboard opens', async () => {
    for (const h of HELP_ARTICLES) expect((await get(s, `/blog/${h.slug}`)).status, h.slug).toBe(200);
  });
});

describe('without a built client', () => {
  it('the pages are still rendered, in a document of their own', async () => {
    const p = await get(bare, '/blog/shipping-times-and-costs');
    expect(p.status).toBe(200);
    expect(p.body.startsWith('<!doctype html>')).toBe(true);
    expect(textOf(p.body)).toContain('The delivery time your customer sees is two things added up');
    expect(p.body).not.toContain('<script');
    expect((await get(bare, '/blog/nope')).status).toBe(404);
    expect((await get(bare, '/blog/rss.xml')).status).toBe(200);
  });
});
