import type { DrinkSize } from '@coffee-guide/domain';
import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { JumpLinks } from '@/components/jump-links/jump-links';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { DEFAULT_SITE_SETTINGS } from '@/config/site';
import { isNotFound } from '@/lib/api-client';
import { titleFromSlug } from '@/lib/format';
import { useDataDate, useSiteSetting } from '@/lib/site-bundle';
import { usePageHead } from '@/lib/use-page-head';
import { useNutrition } from '../api/get-nutrition';
import { CardSkeletons } from '../components/card-skeletons';
import { CategoryViewLinks } from '../components/category-views';
import { DrinkBadges } from '../components/drink-badges/drink-badges';
import { EstimateBadge } from '../components/estimate-badge';
import { ModelProvenanceLine } from '@/components/provenance/provenance-line';
import { AllergenBox } from '../components/nutrition/allergen-box';
import { NutritionFactsList } from '../components/nutrition/nutrition-facts';
import { categoryName, isDrinkSize, SIZE_OPTIONS } from '../utils/categories';
import { ouncesLabel } from '../utils/drink';
import { DAILY_CALORIES, groupNutritionByDrink, type DrinkNutrition } from '../utils/nutrition';

export const NUTRITION_CARD_SKELETONS = 6;
const DEFAULT_SIZE: DrinkSize = 'medium';

/** A drink's card heading id: the jump links' `#` target. */
const nutritionAnchor = (drink: DrinkNutrition) => `nutrition-${drink.menuItemId}`;
/** More drinks than this fold the jump links into a `<details>`. */
const DRINK_JUMPS_OPEN_MAX = 8;

function DrinkNutritionCard({ drink, size }: { drink: DrinkNutrition; size: DrinkSize }) {
  // a drink sold in one size (snacks) shows that size whatever is chosen
  const row = drink.rows.find((r) => r.size === size) ?? drink.rows[0];
  const headingId = nutritionAnchor(drink);
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={headingId} data-testid="nutrition-card">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={headingId}>
            <Anchor component={Link} to={`/menu/${drink.item.categorySlug}/${drink.item.slug}`}>
              {drink.item.name}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {[titleFromSlug(row.size), ouncesLabel(SIZE_OPTIONS.find((s) => s.size === row.size)?.ounces ?? 0)]
              .filter(Boolean)
              .join(', ')}
            {drink.rows.length > 1 &&
              ` · ${drink.rows.map((r) => `${titleFromSlug(r.size)} ${r.calories}`).join(' · ')} cal`}
          </Text>
        </div>
        <DrinkBadges drink={{ isFeatured: false, dietaryOptions: drink.item.dietaryOptions }} />
        <NutritionFactsList facts={row} />
        <AllergenBox allergens={drink.item.allergens} />
      </Stack>
    </Card>
  );
}

/** /calories/{category} and /nutrition/{category}: one page, canonical at /calories/{category} (docs/decisions.md, "Nutrition and calories pages"). */
export function CaloriesRoute() {
  const { category: slug = '' } = useParams();
  const [params] = useSearchParams();
  const sizeParam = params.get('size');
  const size = isDrinkSize(sizeParam) ? sizeParam : DEFAULT_SIZE;
  const brand = useSiteSetting('brandName', DEFAULT_SITE_SETTINGS.brandName);
  const lastUpdated = useDataDate('nutrition');
  const name = categoryName(slug, brand);
  const nutrition = useNutrition(slug);
  const unknown = isNotFound(nutrition.error);

  usePageHead(
    unknown
      ? { type: 'not-found', of: 'nutrition-category' }
      : { type: 'nutrition-category', category: slug.toLowerCase() },
  );

  // The sizes are links (the size in the URL, read above): they work without JavaScript too.
  const sizeHref = (next: DrinkSize) => {
    const out = new URLSearchParams(params);
    if (next === DEFAULT_SIZE) out.delete('size');
    else out.set('size', next);
    const query = out.toString();
    return query ? `?${query}` : '.';
  };

  let content;
  if (nutrition.isPending) {
    content = <CardSkeletons count={NUTRITION_CARD_SKELETONS} label={`Loading ${name} nutrition facts`} />;
  } else if (nutrition.isError && !unknown) {
    content = (
      <QueryError
        title={nutrition.error.message}
        onRetry={() => void nutrition.refetch()}
        retrying={nutrition.isFetching}
      />
    );
  } else if (unknown || nutrition.data?.length === 0) {
    content = (
      <EmptyState
        title="No nutrition information available"
        description="Nutrition data for this category is currently being updated."
      >
        <Button component={Link} to="/nutrition" variant="outline">
          All nutrition facts
        </Button>
      </EmptyState>
    );
  } else {
    const drinks = groupNutritionByDrink(nutrition.data ?? []);
    content = (
      <Stack gap="lg">
        <JumpLinks
          label={`${name} drinks on this page`}
          title="Jump to a drink"
          countNoun={drinks.length === 1 ? 'drink' : 'drinks'}
          foldAbove={DRINK_JUMPS_OPEN_MAX}
          links={drinks.map((d) => ({ id: nutritionAnchor(d), label: d.item.name }))}
        />
        <Group gap="sm" align="center">
          <Text fw={600} id="size-choice">
            Size
          </Text>
          <Button.Group aria-labelledby="size-choice">
            {SIZE_OPTIONS.map((s) => (
              <Button
                key={s.size}
                component={Link}
                to={sizeHref(s.size)}
                replace
                preventScrollReset
                variant={s.size === size ? 'filled' : 'default'}
                aria-current={s.size === size ? 'true' : undefined}
              >
                {s.label}
              </Button>
            ))}
          </Button.Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {drinks.map((drink) => (
            <DrinkNutritionCard key={drink.menuItemId} drink={drink} size={size} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Container pb={64}>
      <PageHeader
        title={`${name} Nutrition Facts`}
        description={
          unknown
            ? undefined
            : `Estimated calories, fat, carbs, sugar, protein and caffeine for every ${name} drink in each size, for the drink's main version (iced where it comes iced).`
        }
        breadcrumbs={[{ label: 'Nutrition', href: '/nutrition' }, { label: name }]}
      >
        <EstimateBadge
          label="Estimated"
          date={lastUpdated}
          note="Fan estimates from standard recipes, not official figures."
        />
        <ModelProvenanceLine kind="nutrition" />
        {!unknown && <CategoryViewLinks slug={slug} name={name} current="nutrition" />}
      </PageHeader>
      <Stack gap="xl">
        {content}
        <Text size="sm" c="dimmed">
          Percent Daily Values (% DV) are based on a {DAILY_CALORIES.toLocaleString('en-US')} calorie diet, using the
          current FDA label values. Your daily values may be higher or lower depending on your calorie needs.
        </Text>
      </Stack>
    </Container>
  );
}
