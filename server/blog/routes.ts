/**
 * The blog over HTTP.
 *
 * - The app's calls under /prod-api (open to visitors): `GET /api/blog/list` (a page of
 *   articles, all or of a category or tag), `GET /api/blog/article/:slug` (one article: its
 *   sanitised HTML, contents and related articles) and `GET /api/blog/topics` (categories and
 *   tags with their counts).
 * - The pages themselves, rendered on the server into the app's index.html so the text is in the
 *   HTML a crawler reads: `/blog`, `/blog/category/:category`, `/blog/tag/:tag` (each paged by
 *   `?page=N`) and `/blog/:slug`; an unknown article, category, tag or page is the 404 page with
 *   status 404. Also `/blog/rss.xml`, the pictures under `/blog/images/`, `/sitemap.xml` and
 *   `/robots.txt`.
 *
 * Pages answer `Cache-Control: no-cache` (they carry the build's index.html, which changes with a
 * deploy); pictures are cached for an hour.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { AppError, okData, page } from '../platform/envelope';
import { dataReply, pageReply } from '../platform/http-schema/replies';
import { optionalText, paging } from '../platform/http-schema/fields';
import { Code } from '../../contract/envelope';
import {
  BLOG_CATEGORIES,
  BLOG_PAGE_SIZE,
  BLOG_SLUG_RE,
  BLOG_TAG_RE,
  BlogMessages,
  blogCategoryPath,
  blogPath,
  blogTagPath,
} from '../../contract/blog';
import { BLOG_CONTENT_DIR, blog, type BlogStore } from './articles';
import { BLOG_IMAGE_FILE_RE } from './markdown';
import { coverSvg } from './cover';
import { robotsTxt, rssFeed, sitemap } from './feeds';
import { clientShell } from './client-shell';
import { articleHtml, blogLayoutHtml, listHtml, listPagePath, notFoundHtml, pageDocument, type ListView } from './html';
import { blogArticle, blogSummary, blogTopics } from './replies';

const tags = ['blog'];
/** Most articles one call lists. */
const PAGE_SIZE_MAX = 24;

const categoryName = (slug: string) => BLOG_CATEGORIES.find((c) => c.slug === slug)?.name ?? null;

export function blogApiRoutes(app: FastifyInstance, _ctx: AppContext, store: () => BlogStore = blog): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/blog/list',
    {
      schema: {
        tags,
        summary: 'A page of blog articles, newest first: all, or of one category or tag',
        querystring: z.object({
          ...paging(BLOG_PAGE_SIZE, { sizeMax: PAGE_SIZE_MAX }),
          category: optionalText('category', 60).meta({ description: 'A category slug' }),
          tag: optionalText('tag', 60),
        }),
        response: { 200: pageReply(blogSummary) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = store().list({ page: q.pageNum, pageSize: q.pageSize, category: q.category, tag: q.tag });
      return page(rows, total);
    },
  );

  api.get(
    '/api/blog/article/:slug',
    {
      schema: {
        tags,
        summary: 'One blog article: its sanitised HTML, table of contents and related articles',
        params: z.object({ slug: z.string().max(120).meta({ description: "The article's slug" }) }),
        response: { 200: dataReply(blogArticle) },
      },
    },
    async (request) => {
      const article = BLOG_SLUG_RE.test(request.params.slug) ? store().find(request.params.slug) : null;
      if (!article) throw new AppError(BlogMessages.articleNotFound, Code.NOT_FOUND);
      return okData(article);
    },
  );

  api.get(
    '/api/blog/topics',
    {
      schema: {
        tags,
        summary: "The blog's categories and tags, with how many articles each has",
        response: { 200: dataReply(blogTopics) },
      },
    },
    async () => okData(store().topics()),
  );
}

/** `?page=N` of a page's URL: a whole number from 1, else null (an address no list has). */
function pageOf(query: unknown): number | null {
  const raw = (query as Record<string, unknown> | undefined)?.page;
  if (raw === undefined) return 1;
  return typeof raw === 'string' && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null;
}

export function blogPageRoutes(app: FastifyInstance, ctx: AppContext, store: () => BlogStore = blog): void {
  const origin = ctx.config.shops.publicUrl;
  const shell = clientShell(ctx.config.clientDir);
  const hide = { schema: { hide: true } };

  const sendPage = (reply: FastifyReply, status: number, doc: string) =>
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(doc);

  const notFound = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      pageDocument(
        shell.indexHtml(),
        {
          title: 'This page could not be found',
          description: 'Sorry, the page you visited does not exist.',
          canonical: `${origin}/404`,
          noindex: true,
        },
        origin,
        notFoundHtml(),
      ),
    );

  /** A list page, or the 404 page when it is past the last page. */
  const sendList = (
    reply: FastifyReply,
    view: Omit<ListView, 'rows' | 'page' | 'pages'>,
    pageNum: number | null,
    filter: { category?: string; tag?: string },
  ) => {
    if (pageNum === null) return notFound(reply);
    const { rows, total } = store().list({ page: pageNum, pageSize: BLOG_PAGE_SIZE, ...filter });
    const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
    if (pageNum > pages || total === 0) return notFound(reply);
    const full: ListView = { ...view, rows, page: pageNum, pages };
    const title = pageNum > 1 ? `${view.heading} (page ${pageNum})` : view.heading;
    return sendPage(
      reply,
      200,
      pageDocument(
        shell.indexHtml(),
        { title, description: view.intro, canonical: origin + listPagePath(view.basePath, pageNum), stylesheets: shell.blogStylesheets() },
        origin,
        blogLayoutHtml(listHtml(full)),
      ),
    );
  };

  app.get('/blog', hide, async (request, reply) =>
    sendList(
      reply,
      {
        heading: 'POD Studio blog',
        intro:
          'Guides for print-on-demand merchants: design your first product, connect your store, ship on time, handle misprints, design in bulk and brand your parcels.',
        basePath: '/blog',
        activeCategory: null,
      },
      pageOf(request.query),
      {},
    ),
  );
  app.get('/blog/', hide, async (_request, reply) => reply.redirect('/blog', 301));

  app.get<{ Params: { category: string } }>('/blog/category/:category', hide, async (request, reply) => {
    const slug = request.params.category;
    const name = categoryName(slug);
    if (!name) return notFound(reply);
    return sendList(
      reply,
      {
        heading: name,
        intro: `Articles about ${name.toLowerCase()} on the POD Studio blog.`,
        basePath: blogCategoryPath(slug),
        activeCategory: slug,
      },
      pageOf(request.query),
      { category: slug },
    );
  });

  app.get<{ Params: { tag: string } }>('/blog/tag/:tag', hide, async (request, reply) => {
    const tag = request.params.tag;
    if (!BLOG_TAG_RE.test(tag)) return notFound(reply);
    return sendList(
      reply,
      {
        heading: `Articles tagged #${tag}`,
        intro: `Every POD Studio blog article tagged #${tag}.`,
        basePath: blogTagPath(tag),
        activeCategory: null,
      },
      pageOf(request.query),
      { tag },
    );
  });

  app.get<{ Params: { slug: string } }>('/blog/:slug', hide, async (request, reply) => {
    const slug = request.params.slug;
    const article = BLOG_SLUG_RE.test(slug) ? store().find(slug) : null;
    if (!article) return notFound(reply);
    return sendPage(
      reply,
      200,
      pageDocument(
        shell.indexHtml(),
        {
          title: article.title,
          description: article.description,
          canonical: origin + blogPath(slug),
          image: origin + article.image,
          type: 'article',
          published: article.date,
          stylesheets: shell.blogStylesheets(),
        },
        origin,
        blogLayoutHtml(articleHtml(article)),
      ),
    );
  });

  app.get('/blog/rss.xml', hide, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=600').type('application/rss+xml; charset=utf-8').send(rssFeed(origin, store().all)),
  );

  app.get('/sitemap.xml', hide, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=600').type('application/xml; charset=utf-8').send(sitemap(origin, store().all)),
  );

  app.get('/robots.txt', hide, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(origin)),
  );

  const svg = (reply: FastifyReply, body: string) =>
    reply.header('cache-control', 'public, max-age=3600').type('image/svg+xml; charset=utf-8').send(body);

  app.get<{ Params: { file: string } }>('/blog/images/cover/:file', hide, async (request, reply) => {
    const slug = request.params.file.replace(/\.svg$/, '');
    const article = request.params.file.endsWith('.svg') && BLOG_SLUG_RE.test(slug) ? store().find(slug) : null;
    if (!article) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return svg(reply, coverSvg(article));
  });

  app.get<{ Params: { file: string } }>('/blog/images/:file', hide, async (request, reply) => {
    const file = request.params.file;
    // Only plain file names of the folder: nothing that climbs out of it.
    if (!BLOG_IMAGE_FILE_RE.test(file)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const body = await readFile(path.join(BLOG_CONTENT_DIR, 'images', file), 'utf8').catch(() => null);
    if (body === null) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return svg(reply, body);
  });
}
