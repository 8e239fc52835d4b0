import type { ApiAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectObject } from '@/lib/parse';
import { POST_KEYS } from './get-blog-posts';

/** One published post; the BFF answers 404 for an unknown or not yet published slug. */
export async function getBlogPost(
  slug: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiAnswer<'blogPost'>> {
  const path = `/api/blog/${encodeURIComponent(slug)}`;
  return expectObject<ApiAnswer<'blogPost'>>(await apiGet(path, { signal }), path, POST_KEYS);
}

export const blogPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['/api/blog', slug],
    queryFn: ({ signal }) => getBlogPost(slug, { signal }),
  });

export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug));
}
