import { Paper, Text } from '@mantine/core';
import { realAllergens } from '@/features/menu/utils/nutrition';
import classes from './nutrition.module.css';

/** docs/decisions.md, "Pages and routes": 'Contains: ...' when the drink has allergens (and they are not 'None'). */
export function AllergenBox({ allergens }: { allergens: readonly string[] }) {
  const list = realAllergens(allergens);
  if (list.length === 0) return null;
  return (
    <Paper className={classes.allergens} p="sm" radius="sm" role="note" aria-label="Allergens">
      <Text size="sm">
        <strong>Contains:</strong> {list.join(', ')}
      </Text>
    </Paper>
  );
}
