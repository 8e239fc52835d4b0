import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import SaveButton from '@/components/save-button/save-button';
import { formatPrice } from '@/lib/format';
// the stand parts straight from their module: the feature's index is on the home page's first load
import { OpenStatus, StandAddress, StandCard, TodayHours } from '@/features/locations/components/stand-parts';
import type { SavedDrink, SavedItems } from '@/lib/saved/saved-store';
import { usePageHead } from '@/lib/use-page-head';

/**
 * /saved, My drinks and stands: what the hearts kept on this device, with the prices and hours as last
 * seen and open-now computed here from the stand's hours, so it works offline. Nothing is sent to the server;
 * the server renders the page without the list (it cannot know it), the list comes after hydration.
 */
export function SavedRoute() {
  usePageHead({ type: 'static', page: 'saved' });
  const [items, setItems] = useState<SavedItems | null>(null);
  const [clear, setClear] = useState<(() => void) | null>(null);
  useEffect(() => {
    let unsubscribe = () => {};
    let live = true;
    void import('@/lib/saved/saved-store').then((store) => {
      if (!live) return;
      const sync = () => setItems(store.readSaved());
      sync();
      setClear(() => store.clearSaved);
      unsubscribe = store.subscribeSaved(sync);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);

  const count = items ? items.drinks.length + items.stands.length : 0;
  return (
    <Container pb={64}>
      <PageHeader
        title="My Drinks and Stands"
        description="Kept on this device only: no account, nothing sent to the server. Open it without a signal in the drive-thru line."
        breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'My drinks and stands' }]}
      />
      {items === null ? (
        <Text c="dimmed" role="status">
          Reading what this device saved…
        </Text>
      ) : count === 0 ? (
        <EmptyState
          title="Nothing saved yet"
          description="Tap the heart on a drink or a stand to keep it here, with its prices and hours."
        >
          <Group justify="center" gap="sm" mt="xs">
            <Button component={Link} to="/menu">
              Browse the menu
            </Button>
            <Button component={Link} to="/locations" variant="light">
              Find a stand
            </Button>
          </Group>
        </EmptyState>
      ) : (
        <Stack gap="xl">
          {items.stands.length > 0 && (
            <section aria-labelledby="saved-stands">
              <Title order={2} id="saved-stands" mb="md">
                My stands
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                {items.stands.map((stand) => (
                  <StandCard key={stand.id} location={stand} headingOrder={3}>
                    <OpenStatus location={stand} />
                    <StandAddress location={stand} />
                    <TodayHours location={stand} fallback="Hours not listed" />
                  </StandCard>
                ))}
              </SimpleGrid>
            </section>
          )}
          {items.drinks.length > 0 && (
            <section aria-labelledby="saved-drinks">
              <Title order={2} id="saved-drinks" mb="md">
                My drinks
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                {items.drinks.map((drink) => (
                  <SavedDrinkCard key={drink.id} drink={drink} />
                ))}
              </SimpleGrid>
            </section>
          )}
          <Group>
            <Button variant="outline" color="red.8" onClick={() => clear?.()}>
              Clear my drinks and stands
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}

const SIZE_ORDER = ['small', 'medium', 'large'];

/** A saved drink: its name, category and every size's estimated price and calories, as last seen. */
function SavedDrinkCard({ drink }: { drink: SavedDrink }) {
  const sizes = [...drink.sizes].sort((a, b) => SIZE_ORDER.indexOf(a.size) - SIZE_ORDER.indexOf(b.size));
  const headingId = `saved-drink-${drink.id}`;
  return (
    <Card component="article" withBorder padding="md" radius="md" aria-labelledby={headingId} data-testid="saved-drink">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Title order={3} size="h5" id={headingId}>
            <Anchor component={Link} to={`/menu/${drink.categorySlug}/${drink.slug}`} inherit>
              {drink.name}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {drink.category}
          </Text>
        </div>
        <SaveButton kind="drink" item={drink} name={drink.name} />
      </Group>
      <Stack gap={2} mt="xs">
        {sizes.map((s) => (
          <Text key={s.size} size="sm">
            <Text component="span" fw={600} inherit tt="capitalize">
              {s.size}
            </Text>{' '}
            ({s.ounces} oz): {formatPrice(s.price)} est. · {s.calories} cal
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
