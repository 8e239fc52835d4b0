import '@mantine/core/styles/Group.layer.css';
import type { DrinkSizeInfo } from '@coffee-guide/contracts';
import { Group } from '@mantine/core';
import { CompareButton } from '../../../../components/compare-tray/compare-button';
import { CardValue } from '../drink-value/drink-value';
import classes from './drink-card.module.css';

/** The card's value and caffeine line, its meter and its compare button: a chunk of its own, after the cards. */
export function CardExtras({ drink, size }: { drink: { slug: string; name: string }; size: DrinkSizeInfo | undefined }) {
  return (
    <>
      {size && <CardValue size={size} />}
      <Group justify="flex-end" className={classes.share}>
        <CompareButton drink={drink} />
      </Group>
    </>
  );
}
