import { Group, Skeleton, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '@/components/query-error/query-error';

export interface ManagerSectionProps {
  /** The region's accessible name, e.g. 'Contact messages'. */
  label: string;
  /** The visible heading, e.g. 'Contact Messages'. */
  title: string;
  /** Beside the heading (a count). */
  badge?: ReactNode;
  /** At the other end of the heading's line (the Add button). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A dashboard section: a named region with its heading line, then its content. */
export function ManagerSection({ label, title, badge, actions, children }: ManagerSectionProps) {
  return (
    <Stack gap="md" component="section" aria-label={label}>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={2} size="h3">
            {title}
          </Title>
          {badge}
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}

export interface ListStateProps<Data> {
  query: UseQueryResult<Data>;
  /** What is listed, in lower case: 'Loading <what>', 'We couldn't load the <what>.'. */
  what: string;
  /** Placeholder lines while it loads. */
  skeletons?: number;
  children: (data: Data) => ReactNode;
}

/** A list query's three states: placeholder lines while pending, the error with a retry, else the content. */
export function ListState<Data>({ query, what, skeletons = 6, children }: ListStateProps<Data>) {
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={`Loading ${what}`}>
        {Array.from({ length: skeletons }, (_, i) => (
          <Skeleton key={i} height={32} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <QueryError title={`We couldn't load the ${what}.`} onRetry={() => query.refetch()} retrying={query.isFetching} />
    );
  }
  return <>{children(query.data)}</>;
}
