import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Placeholder cards for the price and nutrition pages. */
export function CardSkeletons({
  count,
  label,
  cols = { base: 1, xs: 2, md: 3 },
}: {
  count: number;
  label: string;
  cols?: Record<string, number>;
}) {
  return (
    <SimpleGrid cols={cols} spacing="lg" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder padding="lg" data-testid="card-skeleton" aria-hidden="true">
          <Stack gap="sm">
            <Skeleton height={22} width="60%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="80%" />
            <Skeleton height={28} width="50%" mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
