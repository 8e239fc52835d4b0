import type { DrinkSize } from '@coffee-guide/domain';
import { Anchor, Box, Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { DEFAULT_SITE_SETTINGS } from '@/config/site';
import { isNotFound } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useDataDate, useSiteSetting } from '@/lib/site-bundle';
import { usePageHead } from '@/lib/use-page-head';
import { usePrices } from '../api/get-prices';
import { CardSkeletons } from '../components/card-skeletons';
import { CategoryViewLinks } from '../components/category-views';
import { EstimateBadge } from '../components/estimate-badge';
import { ModelProvenanceLine } from '@/components/provenance/provenance-line';
import { PriceNotes } from '../components/price-notes';
import { priceCategoryIntro } from '../content/category-texts';
import { categoryName, SIZE_OPTIONS } from '../utils/categories';
import { groupPricesByDrink } from '../utils/prices';
import classes from './prices-category-route.module.css';

export const PRICE_CARD_SKELETONS = 6;

export function PricesCategoryRoute() {
  const { category: slug = '' } = useParams();
  const brand = useSiteSetting('brandName', DEFAULT_SITE_SETTINGS.brandName);
  const lastUpdated = useDataDate('prices');
  const name = categoryName(slug, brand);
  const prices = usePrices(slug);
  const unknown = isNotFound(prices.error);

  usePageHead(
    unknown ? { type: 'not-found', of: 'prices-category' } : { type: 'prices-category', category: slug.toLowerCase() },
  );

  let content;
  if (prices.isPending) {
    // a screen tall: the price notes below do not move when the list arrives
    content = (
      <Box mih="100vh">
        <CardSkeletons count={PRICE_CARD_SKELETONS} label={`Loading ${name} prices`} />
      </Box>
    );
  } else if (prices.isError && !unknown) {
    content = (
      <QueryError title={prices.error.message} onRetry={() => void prices.refetch()} retrying={prices.isFetching} />
    );
  } else if (unknown || prices.data?.length === 0) {
    content = (
      <EmptyState
        title="No pricing information available"
        description="Pricing for this category is currently being updated."
      >
        <Button component={Link} to="/prices" variant="outline">
          All prices
        </Button>
      </EmptyState>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {groupPricesByDrink(prices.data ?? []).map((drink) => (
          <Card
            key={drink.menuItemId}
            withBorder
            padding="lg"
            component="article"
            aria-labelledby={`price-${drink.menuItemId}`}
          >
            <Title order={2} size="h4" id={`price-${drink.menuItemId}`} mb="xs">
              <Anchor
                component={Link}
                to={`/menu/${drink.item.categorySlug}/${drink.item.slug}`}
                className={classes.name}
              >
                {drink.item.name}
              </Anchor>
            </Title>
            <Text size="sm" lineClamp={2} mb="sm">
              {drink.item.description}
            </Text>
            <dl className={classes.sizes}>
              {SIZE_OPTIONS.map(({ size, label }) => {
                const price = drink.prices[size as DrinkSize];
                return (
                  <div key={size} className={classes.size}>
                    <dt>{label}</dt>
                    <dd data-missing={price ? undefined : true}>{price ? formatPrice(price) : 'N/A'}</dd>
                  </div>
                );
              })}
            </dl>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container pb={64}>
      <PageHeader
        title={`${name} Prices`}
        description={unknown ? undefined : priceCategoryIntro(slug, name, brand)}
        breadcrumbs={[{ label: 'Prices', href: '/prices' }, { label: name }]}
      >
        <EstimateBadge label="Last Updated" date={lastUpdated} note="Estimated prices, per drink and size." />
        <ModelProvenanceLine kind="prices" />
        {!unknown && <CategoryViewLinks slug={slug} name={name} current="prices" />}
      </PageHeader>
      <Stack gap={48}>
        {content}
        <PriceNotes />
      </Stack>
    </Container>
  );
}
