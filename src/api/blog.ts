/** The blog's calls (server/blog/routes.ts); errors are shown by the pages, not as toasts. */
import { call } from './http';
import type { BlogArticle, BlogSummary, BlogTopics } from '../../contract/blog';

export const blogApi = {
  list: (p: { pageNum: number; pageSize: number; category?: string; tag?: string }) =>
    call<never>('get', 'api/blog/list', { searchParams: p, showError: false, hideLoading: true }) as Promise<{
      code: number;
      msg: string;
      rows?: BlogSummary[];
      total?: number;
    }>,
  article: (slug: string) =>
    call<BlogArticle>('get', `api/blog/article/${encodeURIComponent(slug)}`, { showError: false, hideLoading: true }),
  topics: () => call<BlogTopics>('get', 'api/blog/topics', { showError: false, hideLoading: true }),
};
