import { COMPARE_MAX } from '@coffee-guide/domain';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { compareTray, useCompareTray, useTrayHost, type TrayDrink } from '@/lib/compare-tray';

const CompareTray = lazy(async () => ({ default: (await import('./compare-tray')).CompareTray }));

/**
 * Adds a drink to the compare tray, or takes it out again (a toggle, announced by aria-pressed). The tray
 * shows wherever a drink can be added: the first compare button on the page renders it at the page's foot.
 */
export function CompareButton({ drink, size = 'compact-sm' }: { drink: TrayDrink; size?: 'compact-sm' | 'sm' }) {
  const tray = useCompareTray();
  const [id] = useState(() => Symbol(drink.slug));
  const host = useTrayHost(id);
  const inTray = tray.some((d) => d.slug === drink.slug);
  const full = !inTray && tray.length >= COMPARE_MAX;
  return (
    <>
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
      {host &&
        tray.length > 0 &&
        createPortal(
          <Suspense fallback={null}>
            <CompareTray drinks={tray} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
