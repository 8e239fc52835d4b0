import { Button, Container, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { DEFAULT_SITE_SETTINGS } from '@/config/site';
import { isNotFound } from '@/lib/api-client';
import { useSiteFigures, useSiteSetting } from '@/lib/site-bundle';
import { usePageHead } from '@/lib/use-page-head';
import { useMenu } from '../api/get-menu';
import { CategoryViewLinks } from '../components/category-views';
import { DrinkGrid, DrinkGridSkeleton } from '../components/drink-grid';
import { menuCategoryIntro } from '../content/category-texts';
import { categoryName, SECRET_MENU_SLUG } from '../utils/categories';

/** docs/decisions.md, "Counts, limits and timings": 8 placeholders while a category loads. */
export const CATEGORY_SKELETONS = 8;

export function MenuCategoryRoute() {
  const { category: slug = '' } = useParams();
  const brand = useSiteSetting('brandName', DEFAULT_SITE_SETTINGS.brandName);
  const figures = useSiteFigures();
  const name = categoryName(slug, brand);
  const drinks = useMenu(slug);
  const unknown = isNotFound(drinks.error);

  usePageHead(
    unknown ? { type: 'not-found', of: 'menu-category' } : { type: 'menu-category', category: slug.toLowerCase() },
  );

  let content;
  if (drinks.isPending) {
    content = <DrinkGridSkeleton count={CATEGORY_SKELETONS} label={`Loading ${name}`} />;
  } else if (drinks.isError && !unknown) {
    content = (
      <QueryError
        title={`We couldn't load the ${name} menu.`}
        onRetry={() => void drinks.refetch()}
        retrying={drinks.isFetching}
      />
    );
  } else if (unknown || drinks.data?.length === 0) {
    content = (
      <EmptyState
        title="No drinks found"
        description="This category is currently being updated. Please check back soon!"
      >
        <Button component={Link} to="/menu" variant="outline">
          Browse the full menu
        </Button>
      </EmptyState>
    );
  } else {
    content = <DrinkGrid drinks={drinks.data ?? []} headingOrder={2} />;
  }

  return (
    <Container pb={64}>
      <PageHeader
        title={slug === SECRET_MENU_SLUG ? name : `${name} Menu`}
        description={unknown ? undefined : menuCategoryIntro(slug, name, brand, figures)}
        breadcrumbs={[{ label: 'Menu', href: '/menu' }, { label: name }]}
      >
        {!unknown && <CategoryViewLinks slug={slug} name={name} current="menu" />}
      </PageHeader>
      {drinks.isSuccess && drinks.data.length > 0 && (
        <Text fw={600} mb="md" role="status">
          {drinks.data.length} {drinks.data.length === 1 ? 'drink' : 'drinks'} · prices and calories are estimates
        </Text>
      )}
      {content}
    </Container>
  );
}
