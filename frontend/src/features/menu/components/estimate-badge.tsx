import { Badge, Group, Text } from '@mantine/core';

/** docs/decisions.md, "Estimates, labelled": prices and nutrition are this guide's estimates, labelled with their date. */
export function EstimateBadge({ label, date, note }: { label: string; date: string; note: string }) {
  return (
    <Group gap="sm" align="center">
      <Badge variant="filled" color="coffee" size="lg">
        {label}: {date}
      </Badge>
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    </Group>
  );
}
