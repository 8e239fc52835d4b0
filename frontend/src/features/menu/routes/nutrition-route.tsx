import type { NutritionRow } from '@coffee-guide/contracts';
import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { DEFAULT_SITE_SETTINGS } from '@/config/site';
import { formatGrams } from '@/lib/format';
import { useDataDate, useSiteSetting } from '@/lib/site-bundle';
import { usePageHead } from '@/lib/use-page-head';
import { useNutrition } from '../api/get-nutrition';
import { CardSkeletons } from '../components/card-skeletons';
import { EstimateBadge } from '../components/estimate-badge';
import { ModelProvenanceLine } from '@/components/provenance/provenance-line';
import { nutritionBlurb } from '../content/category-texts';
import { categoryName } from '../utils/categories';
import { summarizeNutrition, type NutritionSummary } from '../utils/nutrition';

/** docs/decisions.md, "Pages and routes": the medium-size comparison shows up to 3 drinks of each of the first 2 categories. */
const COMPARISON_CATEGORIES = 2;
const COMPARISON_DRINKS = 3;

/** docs/decisions.md, "Pages and routes" (/nutrition): the category lowercased, spaces to hyphens, URL-encoded; here its slug. */
export function nutritionCategoryPath(slug: string): string {
  return `/nutrition/${encodeURIComponent(slug.toLowerCase().replace(/\s+/g, '-'))}`;
}

function dash(value: number | undefined, format: (v: number) => string = String): string {
  return value === undefined ? '-' : format(value);
}

function MediumComparison({ summaries, brand }: { summaries: NutritionSummary[]; brand: string }) {
  const rows: NutritionRow[] = summaries
    .slice(0, COMPARISON_CATEGORIES)
    .flatMap((s) => s.rows.filter((r) => r.size === 'medium').slice(0, COMPARISON_DRINKS));
  if (rows.length === 0) return null;
  const grams = (v: number) => `${formatGrams(v)} g`;
  return (
    <Box component="section" aria-labelledby="medium-comparison">
      <Title order={2} id="medium-comparison" mb="xs">
        Medium (24 oz) comparison
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Estimated values for a medium drink, iced where the drink comes iced.
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {['Drink', 'Calories', 'Fat', 'Carbs', 'Sugar', 'Protein', 'Caffeine'].map((h) => (
                <Table.Th key={h} scope="col" ta={h === 'Drink' ? undefined : 'right'}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={`/menu/${r.menuItem.categorySlug}/${r.menuItem.slug}`}>
                    {r.menuItem.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {categoryName(r.menuItem.categorySlug, brand)}
                  </Text>
                </Table.Th>
                <Table.Td ta="right">{dash(r.calories)}</Table.Td>
                <Table.Td ta="right">{dash(r.fat, grams)}</Table.Td>
                <Table.Td ta="right">{dash(r.carbohydrates, grams)}</Table.Td>
                <Table.Td ta="right">{dash(r.sugars, grams)}</Table.Td>
                <Table.Td ta="right">{dash(r.protein, grams)}</Table.Td>
                <Table.Td ta="right">{dash(r.caffeine, (v) => `${v} mg`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

function NutritionTips() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          Lower-calorie tips
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>Pick a small (16 oz): about a third fewer calories than a medium.</List.Item>
          <List.Item>Ask for sugar-free syrups where a drink offers them.</List.Item>
          <List.Item>Skip the soft top and whipped cream.</List.Item>
          <List.Item>Choose nonfat or almond milk over half-and-half (breve).</List.Item>
          <List.Item>Iced teas, Americanos and cold brew are among the lightest drinks.</List.Item>
        </List>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          Dietary options
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>Sugar-Free and No Added Sugar drinks are marked on every drink card.</List.Item>
          <List.Item>Caffeine-Free drinks: lemonades, smoothies, shakes, hot cocoa and most sodas.</List.Item>
          <List.Item>High Protein: the protein coffee line.</List.Item>
          <List.Item>Allergens are listed per drink; ask at the window when in doubt.</List.Item>
        </List>
      </Paper>
    </SimpleGrid>
  );
}

export function NutritionRoute() {
  const brand = useSiteSetting('brandName', DEFAULT_SITE_SETTINGS.brandName);
  const lastUpdated = useDataDate('nutrition');
  const nutrition = useNutrition(null);

  usePageHead({ type: 'static', page: 'nutrition' });

  let content;
  if (nutrition.isPending) {
    content = <CardSkeletons count={9} label="Loading nutrition facts" />;
  } else if (nutrition.isError) {
    content = (
      <QueryError
        title={nutrition.error.message}
        onRetry={() => void nutrition.refetch()}
        retrying={nutrition.isFetching}
      />
    );
  } else if (nutrition.data.length === 0) {
    content = (
      <EmptyState
        title="No nutrition information available"
        description="Nutrition data for this category is currently being updated."
      />
    );
  } else {
    const summaries = summarizeNutrition(nutrition.data);
    content = (
      <>
        <Box component="section" aria-labelledby="nutrition-categories">
          <Title order={2} id="nutrition-categories" mb="md">
            Nutrition by category
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {summaries.map((s) => {
              const name = categoryName(s.slug, brand);
              return (
                <Card key={s.slug} withBorder padding="lg" component="article" aria-labelledby={`nutrition-${s.slug}`}>
                  <Stack gap={6} h="100%">
                    <Title order={3} size="h4" id={`nutrition-${s.slug}`}>
                      {name}
                    </Title>
                    <Text size="sm">{nutritionBlurb(s.slug)}</Text>
                    <Text fw={800} size="xl" c="coffee.8" data-testid="calorie-range">
                      {s.minCalories === s.maxCalories ? s.minCalories : `${s.minCalories} - ${s.maxCalories}`} cal
                    </Text>
                    <Text size="sm">
                      Average: <strong>{s.averageCalories} cal</strong>
                    </Text>
                    <Text size="sm">
                      Items with data: <strong>{s.itemsWithData}</strong>
                    </Text>
                    <Button component={Link} to={nutritionCategoryPath(s.slug)} variant="light" mt="auto">
                      {name} nutrition facts
                    </Button>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        </Box>
        <MediumComparison summaries={summaries} brand={brand} />
      </>
    );
  }

  return (
    <Container pb={64}>
      <PageHeader
        title={`${brand} Nutrition Facts`}
        description="Estimated calories, fat, carbs, sugar, protein and caffeine for every drink and size, for each drink's main version (iced where it comes iced)."
      >
        <EstimateBadge
          label="Estimated"
          date={lastUpdated}
          note="Fan estimates from standard recipes, not official figures."
        />
        <ModelProvenanceLine kind="nutrition" />
      </PageHeader>
      <Stack gap={48}>
        {content}
        <Box component="section" aria-label="Nutrition tips">
          <NutritionTips />
        </Box>
        <Text size="sm" c="dimmed">
          Nutrition guidelines assume a 2,000 calorie diet. Your daily values may be higher or lower depending on your
          calorie needs.
        </Text>
      </Stack>
    </Container>
  );
}
