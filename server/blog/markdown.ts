/**
 * The Markdown pipeline of the blog (unified: remark → rehype):
 *
 *   remark-parse + remark-frontmatter (the YAML block) + remark-gfm (tables, task lists,
 *   autolinks, footnotes) → remark-rehype (raw HTML in the Markdown is dropped, never passed
 *   through) → rehype-sanitize (GitHub's schema: no scripts, styles, event handlers, iframes or
 *   javascript: URLs) → heading ids (rehype-slug, made from the heading text after sanitising, so
 *   they are plain slugs) → our pictures and links → rehype-stringify.
 *
 * The articles are our own files, but the pipeline is safe for any Markdown: what reaches a page
 * has been through the sanitiser, whatever the source holds.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import { toString as hastText } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Root as MdRoot } from 'mdast';
import type { Element, Root as HtmlRoot } from 'hast';
import type { VFile } from 'vfile';
import { BLOG_CATEGORIES, BLOG_TAG_RE, type BlogTocEntry } from '../../contract/blog';

/** Where the blog's own pictures are served (content/blog/images/). */
export const BLOG_IMAGE_BASE = '/blog/images/';
/** A picture file an article may name: a plain file name, nothing that climbs folders. */
export const BLOG_IMAGE_FILE_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date written YYYY-MM-DD that exists (2026-02-30 does not). */
const isoDate = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v.trim()))
  .refine((v) => DATE_RE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, 'must be a date written YYYY-MM-DD');

const categorySlugs = BLOG_CATEGORIES.map((c) => c.slug) as [string, ...string[]];

/** What an article's front matter must say. */
export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().min(20).max(300),
    date: isoDate,
    updated: isoDate.optional(),
    category: z.enum(categorySlugs, { error: `must be one of ${categorySlugs.join(', ')}` }),
    tags: z.array(z.string().regex(BLOG_TAG_RE, 'must be lower-case words joined by "-"')).min(1).max(8),
    /** A picture of content/blog/images/ for the cover; without one the cover is generated. */
    image: z.string().regex(BLOG_IMAGE_FILE_RE, 'must be a file name of content/blog/images/').optional(),
    imageAlt: z.string().trim().min(1).max(200).optional(),
    author: z.string().trim().min(1).max(80).default('The POD Studio team'),
  })
  .strict()
  .refine((m) => !m.updated || m.updated >= m.date, { message: 'must not be before date', path: ['updated'] });

export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** Parses and checks the YAML of a front matter block; the error names the field and the rule it breaks. */
export function parseFrontMatter(yamlText: string): FrontMatter {
  let raw: unknown;
  try {
    raw = parseYaml(yamlText);
  } catch (err) {
    throw new Error(`front matter is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = frontMatterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`front matter: ${issue.path.join('.') || '(root)'} ${issue.message}`);
  }
  return parsed.data;
}

/** Keeps the YAML block's text for the caller and takes it out of the tree. */
function captureFrontMatter() {
  return (tree: MdRoot, file: VFile) => {
    const first = tree.children[0];
    if (first?.type === 'yaml') {
      file.data.matter = first.value;
      tree.children.shift();
    }
    // A front matter block anywhere else is a mistake, not content.
    if (tree.children.some((n) => n.type === 'yaml')) file.fail('front matter must come first');
    if (tree.children.some((n) => n.type === 'heading' && n.depth === 1)) {
      file.fail('the body must not have a level-1 heading: the title is the page heading');
    }
  };
}

/**
 * Our pictures and links, after sanitising: a picture named by file (`images/x.svg` or `x.svg`)
 * is served from the blog's picture folder and loads lazily; a link to another site opens with
 * `noopener` and is marked as leaving the site for screen readers by its rel only.
 */
function pictureAndLinkRules() {
  return (tree: HtmlRoot, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'img') {
        const src = String(node.properties.src ?? '');
        const name = src.replace(/^(\.\/)?(images\/)?/, '');
        if (!/^[a-z]+:|^\//i.test(src)) {
          if (!BLOG_IMAGE_FILE_RE.test(name)) file.fail(`picture "${src}" is not a file of content/blog/images/`);
          node.properties.src = BLOG_IMAGE_BASE + name;
        }
        if (!node.properties.alt) file.fail(`picture "${src}" needs a text alternative`);
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
      }
      if (node.tagName === 'a') {
        const href = String(node.properties.href ?? '');
        if (/^https?:\/\//i.test(href)) node.properties.rel = ['noopener', 'noreferrer'];
      }
    });
  };
}

/** The h2 and h3 headings with their ids, in order, and the body's text, kept on the file. */
function collectTocAndText() {
  return (tree: HtmlRoot, file: VFile) => {
    const toc: BlogTocEntry[] = [];
    visit(tree, 'element', (node: Element) => {
      if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof node.properties.id === 'string') {
        // The footnotes' own heading belongs to the footnote list, not to the article's contents.
        if (node.properties.id.endsWith('footnote-label')) return;
        toc.push({ depth: node.tagName === 'h2' ? 2 : 3, id: node.properties.id, text: hastText(node).trim() });
      }
    });
    file.data.toc = toc;
    file.data.text = hastText(tree);
  };
}

declare module 'vfile' {
  interface DataMap {
    matter: string;
    toc: BlogTocEntry[];
    text: string;
  }
}

export interface RenderedMarkdown {
  /** The front matter block's YAML text ('' when there is none). */
  matter: string;
  /** Sanitised HTML of the body. */
  html: string;
  toc: BlogTocEntry[];
  /** The body's text, for the reading time. */
  text: string;
}

const processor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml'])
  .use(captureFrontMatter)
  .use(remarkGfm)
  // No allowDangerousHtml: HTML written in the Markdown never reaches the page.
  .use(remarkRehype)
  // Ids come only from remark-rehype's footnotes (already prefixed "user-content-") and from the
  // heading slugs added below, so the sanitiser's own prefix would only break the footnote links.
  .use(rehypeSanitize, { ...defaultSchema, clobberPrefix: '' })
  .use(rehypeSlug)
  .use(pictureAndLinkRules)
  .use(collectTocAndText)
  .use(rehypeStringify);

/** Renders one Markdown document; throws with the reason when it breaks a rule above. */
export function renderMarkdown(source: string): RenderedMarkdown {
  const file = processor.processSync(source);
  return { matter: file.data.matter ?? '', html: String(file), toc: file.data.toc ?? [], text: file.data.text ?? '' };
}
