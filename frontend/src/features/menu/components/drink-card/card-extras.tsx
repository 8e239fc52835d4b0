import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import type { DrinkSizeInfo } from '@coffee-guide/contracts';
import { Group, Text } from '@mantine/core';
import { CompareButton } from '../../../../components/compare-tray/compare-button';
import { CardValue } from '../drink-value/drink-value';
import classes from './drink-card.module.css';

/** The card's value and caffeine line, its meter and its compare button: a chunk of its own, after the cards. */
export function CardExtras({ drink, size, note }: { drink: { slug: string; name: string }; size: DrinkSizeInfo | undefined; note?: string }) {
  return (
    <>
      {note && (
        <Text size="sm" fw={600} data-testid="drink-note">
          {note}
        </Text>
      )}
      {size && <CardValue size={size} />}
      <Group justify="flex-end" className={classes.share}>
        <CompareButton drink={drink} />
      </Group>
    </>
  );
}
