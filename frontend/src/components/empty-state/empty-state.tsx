import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description: string;
  /** Heading level of the title within the page. */
  order?: 1 | 2 | 3;
  children?: ReactNode;
}

/** A list with nothing in it (after a successful fetch: a failed one shows QueryError instead). */
export function EmptyState({ title, description, order = 2, children }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center" data-testid="empty-state">
      <Stack gap="xs" align="center">
        <Title order={order} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
