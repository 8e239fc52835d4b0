import { Anchor, CloseButton, Container, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { usePageHead } from '@/lib/use-page-head';
import { useSiteSettings } from '@/lib/site';
import { useBlogPosts } from '../api/get-blog-posts';
import { BlogSidebar } from '../components/blog-sidebar';
import { PostCard } from '../components/post-cards';
import { PostListSkeleton } from '../components/post-skeleton';
import {
  categoryCounts,
  categoryLabel,
  hasTag,
  isSidebarCategory,
  matchesSearch,
  popularTags,
  type SidebarCategory,
} from '../utils/blog';

export function BlogRoute() {
  const { settings } = useSiteSettings();
  const brand = settings.brandName;
  const [params, setParams] = useSearchParams();
  const rawCategory = params.get('category');
  const category: SidebarCategory = isSidebarCategory(rawCategory) ? rawCategory : 'all';
  const tag = params.get('tag')?.trim() || null;
  const search = params.get('q') ?? '';

  usePageHead({ type: 'static', page: 'blog' });

  const list = useBlogPosts(category === 'all' ? null : category);
  const all = useBlogPosts(null);
  const counts = useMemo(() => (all.data ? categoryCounts(all.data) : undefined), [all.data]);
  const tags = useMemo(() => popularTags(all.data ?? []), [all.data]);
  const posts = useMemo(
    () => (list.data ?? []).filter((p) => matchesSearch(p, search) && (!tag || hasTag(p, tag))),
    [list.data, search, tag],
  );

  const setSearch = (text: string) => {
    const next = new URLSearchParams(params);
    if (text) next.set('q', text);
    else next.delete('q');
    setParams(next, { replace: true });
  };
  const clearTag = () => {
    const next = new URLSearchParams(params);
    next.delete('tag');
    setParams(next);
  };

  let body;
  if (list.isPending) body = <PostListSkeleton />;
  else if (list.isError)
    body = (
      <QueryError
        title="We couldn't load the articles."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (posts.length === 0)
    body = (
      <EmptyState title="No articles found" description="Try adjusting your search or browse different categories." />
    );
  else
    body = (
      <Stack gap="lg">
        <PostCard post={posts[0]} featured />
        {posts.length > 1 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {posts.slice(1).map((p) => (
              <PostCard key={p.id} post={p} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    );

  return (
    <Container pb={64}>
      <PageHeader
        title={`${brand} Blog`}
        description="Reviews, secret menu recipes, ordering guides and news from fans, for fans."
        breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'Blog' }]}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {(category !== 'all' || tag || search) && (
            <Group gap="xs" mb="md" role="status" data-testid="blog-filters">
              <Text size="sm">
                Showing {list.isSuccess ? posts.length : '…'} {posts.length === 1 ? 'article' : 'articles'}
                {category !== 'all' && ` in ${categoryLabel(category)}`}
                {tag && ` tagged #${tag}`}
                {search && ` matching "${search}"`}.
              </Text>
              {tag && <CloseButton size="sm" aria-label={`Remove the tag filter ${tag}`} onClick={clearTag} />}
              {(category !== 'all' || tag) && (
                <Anchor component={Link} to="/blog" size="sm">
                  Show all articles
                </Anchor>
              )}
            </Group>
          )}
          {body}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg" component="aside" aria-label="Blog sidebar">
            <BlogSidebar
              active={category}
              counts={counts}
              search={search}
              onSearch={setSearch}
              tags={tags}
              activeTag={tag}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
