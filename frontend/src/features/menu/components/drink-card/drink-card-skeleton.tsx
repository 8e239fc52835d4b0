import { Card, Group, Skeleton, Stack } from '@mantine/core';
import classes from './drink-card.module.css';

export function DrinkCardSkeleton() {
  return (
    <Card withBorder padding="md" className={classes.card} data-testid="drink-card-skeleton" aria-hidden="true">
      <Card.Section>
        <Skeleton className={classes.image} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Skeleton height={22} width="70%" />
        <Group gap={6}>
          <Skeleton height={18} width={64} radius="xl" />
          <Skeleton height={18} width={80} radius="xl" />
        </Group>
        <Skeleton height={12} />
        <Skeleton height={12} width="85%" />
        <Group justify="space-between" mt="xs">
          <Skeleton height={16} width={90} />
          <Skeleton height={14} width={70} />
        </Group>
      </Stack>
    </Card>
  );
}
