import type { DrinkSize, MenuSort } from '@coffee-guide/domain';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DrinkWithImage } from '../utils/drink';
import { DrinkCard } from './drink-card/drink-card';
import { DrinkCardSkeleton } from './drink-card/drink-card-skeleton';

/** Cards rendered at first; 'Show more' adds as many again (a category can hold 60 drinks, the menu 350). */
export const DRINKS_PER_PAGE = 24;

const GRID_COLS = { base: 1, xs: 2, md: 3 } as const;
const LIST_COLS = { base: 1, md: 2 } as const;

export interface DrinkGridProps {
  drinks: readonly DrinkWithImage[];
  layout?: 'grid' | 'list';
  size?: DrinkSize;
  headingOrder?: 2 | 3 | 4;
  /** A line on a drink's card, by drink id (the finder's matched flavours). */
  notes?: ReadonlyMap<number, string>;
  /** The menu's sort: each card shows the figure it sorts by. */
  sortedBy?: MenuSort;
  /** How many cards the URL asks for (`show=`), with `moreHref`: "Show more" is then a link (no JavaScript needed). */
  shown?: number;
  moreHref?: (shown: number) => string;
}

export function DrinkGrid({
  drinks,
  layout = 'grid',
  size,
  headingOrder = 2,
  notes,
  sortedBy,
  shown: asked,
  moreHref,
}: DrinkGridProps) {
  const [more, setMore] = useState(DRINKS_PER_PAGE);
  const shown = moreHref && asked !== undefined ? asked : more;
  const visible = drinks.slice(0, shown);
  const left = drinks.length - visible.length;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={layout === 'grid' ? GRID_COLS : LIST_COLS} spacing="lg" data-layout={layout}>
        {visible.map((drink) => (
          <DrinkCard
            key={drink.id}
            drink={drink}
            size={size}
            layout={layout}
            headingOrder={headingOrder}
            note={notes?.get(drink.id)}
            sortedBy={sortedBy}
          />
        ))}
      </SimpleGrid>
      {left > 0 && (
        <Group justify="center">
          {moreHref ? (
            // a link the server answers too (`?show=N`, its # at the first new card); the router follows it in place
            <Button
              component={Link}
              to={`${moreHref(shown + DRINKS_PER_PAGE)}#drink-${drinks[shown].id}-name`}
              variant="outline"
              preventScrollReset
              replace
            >
              Show more drinks ({left} more)
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setMore((n) => n + DRINKS_PER_PAGE)}>
              Show more drinks ({left} more)
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

export interface DrinkGridSkeletonProps {
  count: number;
  label: string;
  layout?: 'grid' | 'list';
}

/** docs/decisions.md, "Counts, limits and timings": 12 placeholders on the menu, 8 on a category. */
export function DrinkGridSkeleton({ count, label, layout = 'grid' }: DrinkGridSkeletonProps) {
  return (
    <SimpleGrid
      cols={layout === 'grid' ? GRID_COLS : LIST_COLS}
      spacing="lg"
      role="status"
      aria-label={label}
      aria-busy="true"
    >
      {Array.from({ length: count }, (_, i) => (
        <DrinkCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}
