/**
 * The blog's Markdown pipeline piece by piece: front matter parsing and its rules, the table of
 * contents, the sanitising (no raw HTML, no script URLs), pictures, related articles, paging and
 * the repository's own articles (each loads, and every help article the dashboard links exists).
 */
import { describe, expect, it } from 'vitest';
import { parseFrontMatter, renderMarkdown } from '../../../server/blog/markdown';
import { createBlogStore, loadBlog, readArticle, relatedTo } from '../../../server/blog/articles';
import { coverSvg, wrapTitle } from '../../../server/blog/cover';
import { rssFeed, sitemap } from '../../../server/blog/feeds';
import { BLOG_CATEGORIES, HELP_ARTICLES, type BlogSummary } from '../../../contract/blog';

const FRONT = `title: Hello there
description: A description long enough for the rule about descriptions.
date: 2026-03-01
category: design
tags: [design-tool, mockups]`;

const doc = (front: string, body = '## A heading\n\nText.') => `---\n${front}\n---\n\n${body}\n`;

describe('front matter', () => {
  it('parses the YAML block and fills the author', () => {
    const m = parseFrontMatter(FRONT);
    expect(m).toEqual({
      title: 'Hello there',
      description: 'A description long enough for the rule about descriptions.',
      date: '2026-03-01',
      category: 'design',
      tags: ['design-tool', 'mockups'],
      author: 'The POD Studio team',
    });
  });

  it('takes the block off the body: the YAML is not in the HTML', () => {
    const r = renderMarkdown(doc(FRONT));
    expect(r.matter).toContain('title: Hello there');
    expect(r.html).not.toContain('Hello there');
    expect(r.html).toContain('<h2 id="a-heading">A heading</h2>');
  });

  it.each([
    ['a missing title', FRONT.replace('title: Hello there\n', ''), 'title'],
    ['a date that does not exist', FRONT.replace('2026-03-01', '2026-02-30'), 'date must be a date written YYYY-MM-DD'],
    ['an unknown category', FRONT.replace('category: design', 'category: gossip'), 'category must be one of'],
    ['a tag with capitals', FRONT.replace('design-tool', 'Design Tool'), 'tags.0'],
    ['an unknown field', `${FRONT}\ndraft: true`, 'draft'],
    ['an update before the date', `${FRONT}\nupdated: 2026-02-01`, 'updated must not be before date'],
    ['a cover outside the pictures folder', `${FRONT}\nimage: ../../secret.svg`, 'image'],
  ])('refuses %s, naming the field', (_what, front, message) => {
    expect(() => parseFrontMatter(front)).toThrow(message);
  });

  it('refuses YAML that does not parse', () => {
    expect(() => parseFrontMatter('title: [unclosed')).toThrow('front matter is not valid YAML');
  });

  it('an article needs front matter, and no level-1 heading in its body', () => {
    expect(() => readArticle('x', '## Only a body\n')).toThrow('front matter is missing');
    expect(() => readArticle('x', doc(FRONT, '# Title again\n\nText'))).toThrow('level-1 heading');
  });
});

describe('table of contents', () => {
  it('lists h2 and h3 headings in order with their ids and text', () => {
    const r = renderMarkdown(
      doc(FRONT, '## First part\n\n### A *detail*\n\n#### Too deep\n\n## Second & last\n\ntext[^1]\n\n[^1]: a note'),
    );
    expect(r.toc).toEqual([
      { depth: 2, id: 'first-part', text: 'First part' },
      { depth: 3, id: 'a-detail', text: 'A detail' },
      { depth: 2, id: 'second--last', text: 'Second & last' },
    ]);
    // Every entry links to a heading of the body.
    for (const t of r.toc) expect(r.html).toContain(`id="${t.id}"`);
  });

  it('gives repeated headings distinct ids', () => {
    const r = renderMarkdown(doc(FRONT, '## Tips\n\n## Tips'));
    expect(r.toc.map((t) => t.id)).toEqual(['tips', 'tips-1']);
  });

  it("refuses a heading that would take the page's own ids", () => {
    expect(() => readArticle('x', doc(FRONT, '## Main\n\ntext'))).toThrow('id "main"');
  });
});

describe('sanitising', () => {
  it('drops raw HTML, event handlers and script URLs, keeping the text', () => {
    const r = renderMarkdown(
      doc(
        FRONT,
        'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <iframe src="https://evil.example"></iframe>\n\n' +
          '[click](javascript:alert(3)) [data](data:text/html,<b>x</b>) <b onclick="x()">bold</b>',
      ),
    );
    expect(r.html).not.toMatch(/<script|onerror|onclick|<iframe|javascript:|data:text/i);
    expect(r.html).toContain('click');
    expect(r.html).toContain('bold');
  });

  it('keeps tables, lists, links and code, and marks links to other sites noopener', () => {
    const r = renderMarkdown(
      doc(FRONT, '| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n\n`code` [ours](/blog) [theirs](https://example.com)'),
    );
    expect(r.html).toContain('<table>');
    expect(r.html).toContain('<li>one</li>');
    expect(r.html).toContain('<code>code</code>');
    expect(r.html).toContain('<a href="/blog">ours</a>');
    expect(r.html).toContain('<a href="https://example.com" rel="noopener noreferrer">theirs</a>');
  });
});

describe('pictures', () => {
  it('serves a picture named by file from the blog folder, lazily, and needs its alt text', () => {
    const r = renderMarkdown(doc(FRONT, '![A flow](images/design-flow.svg)'));
    expect(r.html).toContain('<img src="/blog/images/design-flow.svg" alt="A flow" loading="lazy" decoding="async">');
    expect(() => renderMarkdown(doc(FRONT, '![](images/design-flow.svg)'))).toThrow('text alternative');
    expect(() => renderMarkdown(doc(FRONT, '![x](images/../../etc/passwd.svg)'))).toThrow('not a file of content/blog/images/');
  });

  it('refuses an article naming a picture that is not there', () => {
    expect(() => readArticle('x', doc(FRONT, '![x](missing.svg)'), () => false)).toThrow('picture missing.svg');
  });

  it('draws a cover with the escaped title, wrapped into at most three lines', () => {
    expect(wrapTitle('One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen', 20, 3)).toHaveLength(3);
    const svg = coverSvg({ title: 'Tips & <tricks>', category: { slug: 'design', name: 'Design' } });
    expect(svg).toContain('Tips &amp; &lt;tricks&gt;');
    expect(svg).not.toContain('<tricks>');
  });
});

const summary = (slug: string, category: string, tags: string[], date: string): BlogSummary => ({
  slug,
  title: slug,
  description: '',
  date,
  updated: date,
  category: { slug: category, name: category },
  tags,
  image: '',
  imageAlt: '',
  author: '',
  readingMinutes: 1,
});

describe('related articles', () => {
  const base = summary('base', 'design', ['a', 'b'], '2026-01-10');
  const all = [
    base,
    summary('two-tags', 'stores', ['a', 'b'], '2026-01-01'),
    summary('one-tag-same-category', 'design', ['a'], '2026-01-02'),
    summary('one-tag', 'stores', ['b'], '2026-01-05'),
    summary('category-only', 'design', ['z'], '2026-01-09'),
    summary('nothing-old', 'stores', ['z'], '2025-12-01'),
    summary('nothing-new', 'stores', ['z'], '2026-02-01'),
  ];

  it('ranks shared tags over the category, never itself', () => {
    expect(relatedTo(base, all, 4).map((a) => a.slug)).toEqual(['two-tags', 'one-tag-same-category', 'one-tag', 'category-only']);
  });

  it('fills up with the newest when few share anything', () => {
    const lonely = summary('lonely', 'branding', ['q'], '2026-01-03');
    expect(relatedTo(lonely, all, 2).map((a) => a.slug)).toEqual(['nothing-new', 'base']);
  });

  it('lists newest first, filters by category and tag, and pages', () => {
    const store = createBlogStore(all.map((s) => ({ summary: s, html: '', toc: [] })));
    expect(store.all[0]!.slug).toBe('nothing-new');
    expect(store.list({ page: 1, pageSize: 2, category: 'design' })).toEqual({
      rows: [all[0], all[4]],
      total: 3,
    });
    expect(store.list({ page: 2, pageSize: 2, tag: 'b' }).rows.map((a) => a.slug)).toEqual(['two-tags']);
    expect(store.find('base')!.related).toHaveLength(3);
    expect(store.find('nope')).toBeNull();
  });
});

describe("the repository's articles", () => {
  const blog = loadBlog();

  it('all load, with several paragraphs, a table of contents and a known category', () => {
    expect(blog.all.length).toBeGreaterThanOrEqual(8);
    for (const a of blog.all) {
      const full = blog.find(a.slug)!;
      expect(full.toc.length, a.slug).toBeGreaterThanOrEqual(3);
      expect(full.html.match(/<p>/g)?.length ?? 0, a.slug).toBeGreaterThanOrEqual(6);
      expect(BLOG_CATEGORIES.some((c) => c.slug === a.category.slug)).toBe(true);
    }
  });

  it('has every help article the dashboard links to', () => {
    for (const h of HELP_ARTICLES) expect(blog.find(h.slug)?.title, h.slug).toBe(h.title);
  });

  it('feeds and sitemap name every article on the public address, escaped', () => {
    const rss = rssFeed('https://pod.example', blog.all);
    const map = sitemap('https://pod.example', blog.all);
    for (const a of blog.all) {
      expect(rss).toContain(`<link>https://pod.example/blog/${a.slug}</link>`);
      expect(map).toContain(`<loc>https://pod.example/blog/${a.slug}</loc><lastmod>${a.updated}</lastmod>`);
    }
    expect(rss).toContain('Pricing your products: costs, pricing rules and profit');
    expect(rss).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });
});
