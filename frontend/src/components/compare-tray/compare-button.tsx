import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { COMPARE_MAX } from '@coffee-guide/contracts';
import { Button } from '@mantine/core';
import { compareTray, useCompareTray, type TrayDrink } from '../../lib/compare-tray';

/** Adds a drink to the compare tray, or takes it out again (a toggle, announced by aria-pressed). */
export function CompareButton({ drink, size = 'compact-sm' }: { drink: TrayDrink; size?: 'compact-sm' | 'sm' }) {
  const tray = useCompareTray();
  const inTray = tray.some((d) => d.slug === drink.slug);
  const full = !inTray && tray.length >= COMPARE_MAX;
  return (
    <Button
      size={size}
      variant={inTray ? 'light' : 'default'}
      aria-pressed={inTray}
      aria-label={`Compare ${drink.name}`}
      disabled={full}
      title={full ? `Compare holds up to ${COMPARE_MAX} drinks` : undefined}
      onClick={() => (inTray ? compareTray.remove(drink.slug) : compareTray.add(drink))}
      data-testid="compare-button"
    >
      {inTray ? 'Comparing' : 'Compare'}
    </Button>
  );
}
