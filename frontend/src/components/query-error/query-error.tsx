import { Button, Group, Paper, Text } from '@mantine/core';
import classes from './query-error.module.css';

export interface QueryErrorProps {
  title: string;
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** docs/decisions.md, "Failed fetches": a failed fetch says so and offers a retry, never a false empty state. */
export function QueryError({
  title,
  message = 'Please check your connection and try again.',
  onRetry,
  retrying = false,
}: QueryErrorProps) {
  return (
    <Paper role="alert" className={classes.root} p="md" radius="md">
      <Group justify="space-between" align="center" gap="sm">
        <div>
          <Text fw={700} className={classes.title}>
            {title}
          </Text>
          <Text size="sm">{message}</Text>
        </div>
        <Button size="xs" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Group>
    </Paper>
  );
}
