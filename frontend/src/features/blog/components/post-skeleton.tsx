import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

export function PostListSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading articles" aria-busy="true">
      <Card withBorder padding="lg" data-testid="post-skeleton">
        <Skeleton height={220} mb="md" />
        <Skeleton height={24} width="70%" mb="sm" />
        <Skeleton height={14} width="90%" />
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} withBorder padding="lg" data-testid="post-skeleton">
            <Skeleton height={120} mb="md" />
            <Skeleton height={18} width="80%" mb="sm" />
            <Skeleton height={12} width="60%" />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function PostSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading the article" aria-busy="true">
      <Skeleton height={32} width={140} />
      <Skeleton height={280} data-testid="post-skeleton" />
      <Skeleton height={36} width="80%" />
      <Skeleton height={16} width="50%" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={14} width={`${90 - i * 5}%`} />
      ))}
    </Stack>
  );
}
