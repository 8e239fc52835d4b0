import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

export function StandListSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder padding="md" data-testid="stand-skeleton">
          <Stack gap={8}>
            <Skeleton height={18} width="70%" />
            <Skeleton height={12} width="90%" />
            <Skeleton height={12} width="50%" />
            <Skeleton height={26} width={120} mt={6} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
