import type { ApiAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectList } from '@/lib/parse';

const PATH = '/api/blog';
export const POST_KEYS = ['id', 'slug', 'title', 'excerpt', 'content', 'category', 'tags', 'publishedAt'] as const;

/** Published posts, newest first; the category is sent only when one other than all is chosen (docs/decisions.md, "Calls and request conventions"). */
export async function getBlogPosts(
  category: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiAnswer<'blog'>> {
  const url = category ? `${PATH}?category=${encodeURIComponent(category)}` : PATH;
  return expectList<ApiAnswer<'blog'>[number]>(await apiGet(url, { signal }), PATH, POST_KEYS);
}

export const blogPostsQueryOptions = (category: string | null = null) =>
  queryOptions({
    queryKey: category ? [PATH, { category }] : [PATH],
    queryFn: ({ signal }) => getBlogPosts(category, { signal }),
  });

export function useBlogPosts(category: string | null = null) {
  return useQuery(blogPostsQueryOptions(category));
}
