import { type Drink, type MenuCategories } from '@coffee-guide/contracts';
import { slugify } from '@coffee-guide/domain';
import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { JumpLinks } from '@/components/jump-links/jump-links';
import { QueryError } from '@/components/query-error/query-error';
import { HOME_DRINKS_PER_CATEGORY, useMenuCategories } from '../api/get-menu-categories';
import { usePopularDrinks } from '../api/get-popular-drinks';
import { DrinkCard } from './drink-card/drink-card';
import { DrinkCardSkeleton } from './drink-card/drink-card-skeleton';
import classes from './menu-category-showcase.module.css';

/** docs/decisions.md, "Counts, limits and timings": home shows four placeholder rows of three cards while loading. */
export const HOME_SKELETON_ROWS = 4;
export const HOME_SKELETON_CARDS_PER_ROW = 3;

const GRID_COLS = { base: 1, xs: 2, md: 3 } as const;

function categorySlug(name: string, drinks: Drink[]): string {
  return drinks[0]?.categorySlug ?? slugify(name);
}

/** The id of a category's heading on home: the jump links' `#` target. */
const categoryAnchor = (name: string, drinks: Drink[]) => `category-${categorySlug(name, drinks)}`;

function ShowcaseSkeleton() {
  return (
    <Stack gap="xl" role="status" aria-label="Loading menu categories" aria-busy="true">
      {Array.from({ length: HOME_SKELETON_ROWS }, (_, row) => (
        <SimpleGrid key={row} cols={GRID_COLS} spacing="lg">
          {Array.from({ length: HOME_SKELETON_CARDS_PER_ROW }, (_, i) => (
            <DrinkCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ))}
    </Stack>
  );
}

/**
 * A category's few drinks as compact cards (the list layout): side by side in a strip that scrolls sideways on
 * a phone, in columns from 36em, with the link to the whole category beside its heading, so home stays a few
 * phone screens long.
 */
function CategoryBlock({ name, drinks, brandName }: { name: string; drinks: Drink[]; brandName: string }) {
  const label = name.replace('{brand}', brandName);
  const headingId = categoryAnchor(name, drinks);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={3} id={headingId}>
          {label}
        </Title>
        <Button
          component={Link}
          to={`/menu?category=${encodeURIComponent(categorySlug(name, drinks))}`}
          variant="subtle"
          size="compact-md"
        >
          View Full {label} Menu
        </Button>
      </Group>
      {drinks.length > 0 && (
        <div className={classes.strip} data-testid="category-strip">
          {drinks.map((drink) => (
            <DrinkCard key={drink.id} drink={drink} headingOrder={4} layout="list" />
          ))}
        </div>
      )}
    </Box>
  );
}

function hasCategories(data: MenuCategories | undefined): data is MenuCategories {
  return !!data && Object.keys(data).length > 0;
}

/** Home's 'Explore Our Menu Categories': a few drinks of each category. */
export function MenuCategoryShowcase({ brandName }: { brandName: string }) {
  const categories = useMenuCategories(HOME_DRINKS_PER_CATEGORY);
  usePopularDrinks(); // fired with the categories (docs/decisions.md, "Calls and request conventions"); unused, and its failure ignored

  let content;
  if (categories.isPending) {
    content = <ShowcaseSkeleton />;
  } else if (categories.isError) {
    content = (
      <QueryError
        title="We couldn't load the menu categories."
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  } else if (!hasCategories(categories.data)) {
    content = (
      <Text ta="center" c="dimmed" py="xl">
        Menu categories are loading...
      </Text>
    );
  } else {
    const entries = Object.entries(categories.data);
    content = (
      <Stack gap="xl">
        <JumpLinks
          label="Menu categories on this page"
          title="Jump to a category"
          links={entries.map(([name, drinks]) => ({
            id: categoryAnchor(name, drinks),
            label: name.replace('{brand}', brandName),
          }))}
        />
        {entries.map(([name, drinks]) => (
          <CategoryBlock key={name} name={name} drinks={drinks} brandName={brandName} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      {content}
      <Group justify="center">
        <Button component={Link} to="/menu" size="md">
          View Full Menu
        </Button>
      </Group>
    </Stack>
  );
}
