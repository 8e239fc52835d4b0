import type { PriceRow } from '@coffee-guide/contracts';
import type { DrinkSize } from '@coffee-guide/domain';
import { Anchor, Box, Button, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { DEFAULT_SITE_SETTINGS } from '@/config/site';
import { formatPrice, formatPriceRange, plural } from '@/lib/format';
import { useDataDate, useSiteSetting } from '@/lib/site-bundle';
import { usePageHead } from '@/lib/use-page-head';
import { usePrices } from '../api/get-prices';
import { CardSkeletons } from '../components/card-skeletons';
import { EstimateBadge } from '../components/estimate-badge';
import { ModelProvenanceLine } from '@/components/provenance/provenance-line';
import { PriceNotes } from '../components/price-notes';
import { PRICE_OVERVIEW_CATEGORIES } from '../content/category-texts';
import { categoryName, categoryOptions, SIZE_OPTIONS } from '../utils/categories';
import { groupPricesByDrink, summarizePrices } from '../utils/prices';

/** docs/decisions.md, "Pages and routes": the sample table shows up to 3 drinks of each of the first 2 categories. */
const SAMPLE_CATEGORIES = 2;
const SAMPLE_DRINKS = 3;

function SamplePricing({ rows, brand }: { rows: readonly PriceRow[]; brand: string }) {
  const samples = PRICE_OVERVIEW_CATEGORIES.slice(0, SAMPLE_CATEGORIES).flatMap(({ slug }) =>
    groupPricesByDrink(rows.filter((r) => r.menuItem.categorySlug === slug)).slice(0, SAMPLE_DRINKS),
  );
  if (samples.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="sample-pricing">
      <Title order={2} id="sample-pricing" mb="md">
        Sample Pricing by Size
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Drink</Table.Th>
              {SIZE_OPTIONS.map((s) => (
                <Table.Th scope="col" key={s.size} ta="right">
                  {s.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {samples.map((drink) => (
              <Table.Tr key={drink.menuItemId}>
                <Table.Th scope="row" fw={600}>
                  <Anchor component={Link} to={`/menu/${drink.item.categorySlug}/${drink.item.slug}`}>
                    {drink.item.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {categoryName(drink.item.categorySlug, brand)}
                  </Text>
                </Table.Th>
                {SIZE_OPTIONS.map(({ size }) => (
                  <Table.Td key={size} ta="right">
                    {drink.prices[size as DrinkSize] ? formatPrice(drink.prices[size as DrinkSize]!) : '-'}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

export function PricesRoute() {
  const brand = useSiteSetting('brandName', DEFAULT_SITE_SETTINGS.brandName);
  const lastUpdated = useDataDate('prices');
  const prices = usePrices(null);

  usePageHead({ type: 'static', page: 'prices' });

  const summaries = prices.data ? summarizePrices(prices.data) : new Map();
  const featured = new Set(PRICE_OVERVIEW_CATEGORIES.map((c) => c.slug));
  const others = categoryOptions(brand).filter((c) => !featured.has(c.slug) && summaries.has(c.slug));

  let content;
  if (prices.isPending) {
    // a screen tall: the price notes below do not move when the list arrives
    content = (
      <Box mih="100vh">
        <CardSkeletons count={PRICE_OVERVIEW_CATEGORIES.length} label="Loading prices" />
      </Box>
    );
  } else if (prices.isError) {
    content = (
      <QueryError title={prices.error.message} onRetry={() => void prices.refetch()} retrying={prices.isFetching} />
    );
  } else if (prices.data.length === 0) {
    content = (
      <EmptyState
        title="No pricing information available"
        description="Pricing for this category is currently being updated."
      />
    );
  } else {
    content = (
      <Stack gap={48}>
        <Box component="section" aria-labelledby="price-categories">
          <Title order={2} id="price-categories" mb="md">
            Prices by category
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {PRICE_OVERVIEW_CATEGORIES.map(({ slug, description }) => {
              const summary = summaries.get(slug);
              const name = categoryName(slug, brand);
              return (
                <Card key={slug} withBorder padding="lg" component="article" aria-labelledby={`prices-${slug}`}>
                  <Stack gap="xs" h="100%">
                    <Title order={3} size="h4" id={`prices-${slug}`}>
                      {name}
                    </Title>
                    <Text size="sm">{description}</Text>
                    <Text fw={800} size="xl" c="coffee.8" data-testid="price-range">
                      {summary ? formatPriceRange(summary.minCents, summary.maxCents) : '-'}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {plural(summary?.drinkCount ?? 0, 'drink')}
                    </Text>
                    <Button component={Link} to={`/prices/${slug}`} variant="light" mt="auto">
                      View {name} prices
                    </Button>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        </Box>

        <SamplePricing rows={prices.data} brand={brand} />

        {others.length > 0 && (
          <Box component="section" aria-labelledby="more-price-categories">
            <Title order={2} id="more-price-categories" mb="md">
              More categories
            </Title>
            <Group gap="sm">
              {others.map((c) => {
                const summary = summaries.get(c.slug)!;
                return (
                  <Button key={c.slug} component={Link} to={`/prices/${c.slug}`} variant="default">
                    {c.name}: {formatPriceRange(summary.minCents, summary.maxCents)}
                  </Button>
                );
              })}
            </Group>
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Container pb={64}>
      <PageHeader
        title={`${brand} Prices`}
        description="Estimated prices for every drink in small (16 oz), medium (24 oz) and large (32 oz)."
      >
        <EstimateBadge
          label="Last Updated"
          date={lastUpdated}
          note="Estimates by this fan guide, not official prices."
        />
        <ModelProvenanceLine kind="prices" />
      </PageHeader>
      <Stack gap={48}>
        {content}
        <PriceNotes />
      </Stack>
    </Container>
  );
}
