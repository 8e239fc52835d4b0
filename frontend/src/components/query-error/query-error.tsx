import { Alert, Button, Group, Text } from '@mantine/core';

export interface QueryErrorProps {
  title: string;
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** DESIGN decision 14: a failed fetch says so and offers a retry, never a false empty state. */
export function QueryError({ title, message = 'Please check your connection and try again.', onRetry, retrying = false }: QueryErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
