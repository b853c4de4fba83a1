/**
 * The blog's articles: every `content/blog/<slug>.md`, rendered once through the Markdown
 * pipeline (./markdown.ts) and kept in memory, newest first. A file that breaks a rule (bad
 * front matter, an unknown category, a picture that is not there) stops the load with the file's
 * name and the reason, so a broken article is found by the tests, never by a reader.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BLOG_CATEGORIES,
  BLOG_RELATED_COUNT,
  BLOG_SLUG_RE,
  blogCoverPath,
  type BlogArticle,
  type BlogCategory,
  type BlogSummary,
  type BlogTocEntry,
  type BlogTopics,
} from '../../contract/blog';
import { BLOG_IMAGE_BASE, parseFrontMatter, renderMarkdown } from './markdown';

/** The articles' folder in the repository (content/blog/), found from this file, whatever the working directory. */
export const BLOG_CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content/blog');

/** Ids the page around an article uses: a heading of the same name would take its place as a link target. */
const RESERVED_IDS = new Set(['main', 'root', 'blog-toc-title', 'blog-related-title']);

/** Words a reader gets through in a minute, for the reading time. */
const WORDS_PER_MINUTE = 220;

export interface StoredArticle {
  summary: BlogSummary;
  html: string;
  toc: BlogTocEntry[];
}

const categoryOf = (slug: string): BlogCategory => {
  const c = BLOG_CATEGORIES.find((x) => x.slug === slug);
  if (!c) throw new Error(`unknown category ${slug}`);
  return { slug: c.slug, name: c.name };
};

/** One article from its file's text; `slug` is the file name without `.md`. */
export function readArticle(slug: string, source: string, pictureExists: (file: string) => boolean = () => true): StoredArticle {
  const rendered = renderMarkdown(source);
  if (!rendered.matter) throw new Error('front matter is missing');
  const meta = parseFrontMatter(rendered.matter);
  const clash = rendered.toc.find((t) => RESERVED_IDS.has(t.id));
  if (clash) throw new Error(`heading "${clash.text}" would take the page's id "${clash.id}": rename it`);
  for (const m of rendered.html.matchAll(/<img src="\/blog\/images\/([^"]+)"/g)) {
    if (!pictureExists(m[1]!)) throw new Error(`picture ${m[1]} is not in content/blog/images/`);
  }
  if (meta.image && !pictureExists(meta.image)) throw new Error(`cover picture ${meta.image} is not in content/blog/images/`);
  const words = rendered.text.split(/\s+/).filter(Boolean).length;
  return {
    summary: {
      slug,
      title: meta.title,
      description: meta.description,
      date: meta.date,
      updated: meta.updated ?? meta.date,
      category: categoryOf(meta.category),
      tags: meta.tags,
      image: meta.image ? BLOG_IMAGE_BASE + meta.image : blogCoverPath(slug),
      imageAlt: meta.imageAlt ?? '',
      author: meta.author,
      readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    },
    html: rendered.html,
    toc: rendered.toc,
  };
}

/** Newest first; the same day by title, so the order never depends on the file system. */
const byDate = (a: BlogSummary, b: BlogSummary) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title);

/**
 * Related articles: those sharing the most tags (3 points each) and the category (2 points),
 * the newer first on a tie; when fewer than `count` share anything, the newest others fill up.
 */
export function relatedTo(article: BlogSummary, all: readonly BlogSummary[], count = BLOG_RELATED_COUNT): BlogSummary[] {
  const tags = new Set(article.tags);
  const others = all.filter((a) => a.slug !== article.slug);
  const score = (a: BlogSummary) => a.tags.filter((t) => tags.has(t)).length * 3 + (a.category.slug === article.category.slug ? 2 : 0);
  const scored = others
    .map((a) => ({ a, s: score(a) }))
    .filter((x) => x.s > 0)
    .sort((x, y) => y.s - x.s || byDate(x.a, y.a))
    .map((x) => x.a);
  const fill = others.filter((a) => !scored.includes(a)).sort(byDate);
  return [...scored, ...fill].slice(0, count);
}

export interface ListQuery {
  page: number;
  pageSize: number;
  category?: string;
  tag?: string;
}

export interface BlogStore {
  /** Every article, newest first. */
  readonly all: readonly BlogSummary[];
  find(slug: string): BlogArticle | null;
  list(q: ListQuery): { rows: BlogSummary[]; total: number };
  topics(): BlogTopics;
}

export function createBlogStore(articles: readonly StoredArticle[]): BlogStore {
  const bySlug = new Map(articles.map((a) => [a.summary.slug, a]));
  const all = articles.map((a) => a.summary).sort(byDate);
  return {
    all,
    find(slug) {
      const a = bySlug.get(slug);
      return a ? { ...a.summary, html: a.html, toc: a.toc, related: relatedTo(a.summary, all) } : null;
    },
    list({ page, pageSize, category, tag }) {
      const matching = all.filter((a) => (!category || a.category.slug === category) && (!tag || a.tags.includes(tag)));
      return { rows: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length };
    },
    topics() {
      const tagCounts = new Map<string, number>();
      for (const a of all) for (const t of a.tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
      return {
        categories: BLOG_CATEGORIES.map((c) => ({
          slug: c.slug,
          name: c.name,
          count: all.filter((a) => a.category.slug === c.slug).length,
        })),
        tags: [...tagCounts].map(([tag, count]) => ({ tag, count })).sort((x, y) => y.count - x.count || x.tag.localeCompare(y.tag)),
      };
    },
  };
}

/** Reads and renders every article of a folder; throws naming the first file that breaks a rule. */
export function loadBlog(dir: string = BLOG_CONTENT_DIR): BlogStore {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')) : [];
  const imagesDir = path.join(dir, 'images');
  const articles = files.map((file) => {
    const slug = file.slice(0, -'.md'.length);
    if (!BLOG_SLUG_RE.test(slug)) throw new Error(`blog: ${file}: the file name must be lower-case words joined by "-"`);
    try {
      return readArticle(slug, readFileSync(path.join(dir, file), 'utf8'), (name) => existsSync(path.join(imagesDir, name)));
    } catch (err) {
      throw new Error(`blog: ${file}: ${(err as Error).message}`);
    }
  });
  return createBlogStore(articles);
}

let loaded: BlogStore | null = null;

/** The repository's blog, loaded on first use and kept (the files ship with the server). */
export function blog(): BlogStore {
  loaded ??= loadBlog();
  return loaded;
}
