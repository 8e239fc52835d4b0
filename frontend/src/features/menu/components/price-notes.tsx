import { List, Paper, Title } from '@mantine/core';

/** docs/decisions.md, "Pages and routes" (/prices/{category}): the notes under the prices. */
export const PRICE_NOTES = [
  'Prices vary by location.',
  'Customizations (extra shots, alternative milks, soft top) may cost extra.',
  'Promotions and rewards may apply.',
  'Prices are subject to change.',
  'Tax is not included.',
] as const;

export function PriceNotes() {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="price-notes">
      <Title order={2} size="h4" id="price-notes" mb="sm">
        About these prices
      </Title>
      <List size="sm" spacing={4}>
        {PRICE_NOTES.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
