/** Reply schemas of the blog's calls, checked against the wire types (contract/blog.ts). */
import { z } from 'zod';
import type { BlogArticle, BlogSummary, BlogTopics } from '../../contract/blog';

const category = z.looseObject({ slug: z.string(), name: z.string() });

export const blogSummary = z.looseObject({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string().meta({ description: 'Published, YYYY-MM-DD' }),
  updated: z.string().meta({ description: 'Last revised, YYYY-MM-DD' }),
  category,
  tags: z.array(z.string()),
  image: z.string().meta({ description: "The cover picture's URL (SVG)" }),
  imageAlt: z.string(),
  author: z.string(),
  readingMinutes: z.int(),
}) satisfies z.ZodType<BlogSummary>;

export const blogArticle = z.looseObject({
  ...blogSummary.shape,
  html: z.string().meta({ description: 'The body as sanitised HTML' }),
  toc: z.array(z.looseObject({ depth: z.union([z.literal(2), z.literal(3)]), id: z.string(), text: z.string() })),
  related: z.array(blogSummary),
}) satisfies z.ZodType<BlogArticle>;

export const blogTopics = z.looseObject({
  categories: z.array(z.looseObject({ slug: z.string(), name: z.string(), count: z.int() })),
  tags: z.array(z.looseObject({ tag: z.string(), count: z.int() })),
}) satisfies z.ZodType<BlogTopics>;
