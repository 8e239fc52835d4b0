import { COMPARE_MAX, comparePath, COMPARE_MIN } from '@coffee-guide/domain';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { compareTray, type TrayDrink } from '@/lib/compare-tray';
import classes from './compare-tray.module.css';

/** The drinks chosen for comparison, at the foot of the screen, with the link to compare them. */
export function CompareTray({ drinks }: { drinks: readonly TrayDrink[] }) {
  const { pathname } = useLocation();
  if (pathname === '/compare') return null;
  const ready = drinks.length >= COMPARE_MIN;
  return (
    <>
      {/* room at the foot of the page, so the tray never covers the last of it */}
      <div className={classes.spacer} aria-hidden="true" />
      <section className={classes.tray} aria-label="Compare tray" data-testid="compare-tray">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <ul className={classes.list}>
            {drinks.map((d) => (
              <li key={d.slug} className={classes.item}>
                {d.name}
                <CloseButton
                  size="sm"
                  aria-label={`Remove ${d.name} from compare`}
                  onClick={() => compareTray.remove(d.slug)}
                />
              </li>
            ))}
          </ul>
          <Group gap="xs">
            <Text size="xs" c="dimmed" aria-live="polite">
              {drinks.length} of {COMPARE_MAX}
              {ready ? '' : ': add one more'}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => compareTray.clear()}>
              Clear
            </Button>
            {ready ? (
              <Button
                component={Link}
                to={comparePath(drinks.map((d) => d.slug))}
                size="compact-md"
                data-testid="compare-link"
              >
                Compare {drinks.length}
              </Button>
            ) : null}
          </Group>
        </Group>
      </section>
    </>
  );
}
