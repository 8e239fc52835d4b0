import { type Location } from '@coffee-guide/contracts';
import { stateName as stateNameOf } from '@coffee-guide/domain';
import { Box, Button, Card, Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { ApiError } from '@/lib/api-client';
import { useNow } from '@/lib/now';
import { usePageHead } from '@/lib/use-page-head';
import { useSiteSettings } from '@/lib/site';
import { useCityLocations } from '../api/get-city-locations';
import {
  Amenities,
  CallButton,
  DirectionsButton,
  OpenStatus,
  PhoneLine,
  StandActions,
  StandAddress,
  StandCard,
  TodayHours,
  WeeklyHoursTable,
} from '../components/stand-parts';
import { StandListSkeleton } from '../components/stand-list-skeleton';
import { StandMap } from '../components/stand-map/stand-map';
import { capitalise, statePath, standLabel, statusAt } from '../utils/location';
import classes from './locations.module.css';

/** The Location Inquiry subject of the contact form, prefilled. */
export const REQUEST_LOCATION_PATH = `/contact?subject=${encodeURIComponent('Location Inquiry')}`;

function CityStandCard({ location, rank }: { location: Location; rank: number }) {
  return (
    <StandCard location={location} headingOrder={3} rank={rank} title={standLabel(location)}>
      <OpenStatus location={location} />
      <StandAddress location={location} />
      <PhoneLine location={location} />
      <TodayHours location={location} fallback="Hours vary - call for details" />
      <WeeklyHoursTable location={location} />
      <Amenities location={location} max={4} />
      <StandActions>
        <DirectionsButton location={location} />
        <CallButton location={location} />
      </StandActions>
    </StandCard>
  );
}

function Highlights({ locations, city }: { locations: Location[]; city: string }) {
  const now = useNow();
  const openNow = locations.filter((l) => statusAt(l, now).openNow).length;
  const allDay = locations.filter((l) => l.amenities.includes('Open 24 Hours')).length;
  const items = [
    { value: locations.length, label: locations.length === 1 ? 'Location' : 'Total locations' },
    { value: openNow, label: 'Open now' },
    { value: allDay, label: 'Open 24 hours' },
  ];
  return (
    <Box component="section" aria-labelledby="highlights-title">
      <Title order={2} size="h4" id="highlights-title" mb="sm">
        {city} Highlights
      </Title>
      <SimpleGrid cols={{ base: 3 }} spacing="sm">
        {items.map((item) => (
          <Card key={item.label} withBorder padding="sm" className={classes.highlight}>
            <Text fw={800} size="xl" c="coffee.8" data-testid={`highlight-${item.label}`}>
              {item.value}
            </Text>
            <Text size="sm">{item.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Box>
  );
}

export function CityRoute() {
  const { state = '', city = '' } = useParams();
  const stateSlug = state.toLowerCase();
  const citySlug = city.toLowerCase();
  const stateName = stateNameOf(stateSlug) ?? capitalise(stateSlug);
  const { settings } = useSiteSettings();
  const brand = settings.brandName;
  const query = useCityLocations(stateSlug, citySlug);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const cityName = query.data?.[0]?.city ?? capitalise(citySlug);

  usePageHead(
    query.isError && !notFound ? { type: 'unavailable' } : { type: 'city', state: stateSlug, city: citySlug },
    { stands: query.data },
    { ready: !query.isPending },
  );

  let body;
  if (query.isPending) body = <StandListSkeleton count={3} label={`Loading the locations in ${cityName}`} />;
  else if (query.isError && !notFound)
    body = (
      <QueryError
        title={`We couldn't load the locations in ${cityName}.`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (notFound || !query.data || query.data.length === 0)
    body = (
      <EmptyState
        title="No locations found"
        description={`There is no ${brand} stand in ${cityName}, ${stateName} on our list yet.`}
      >
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to={statePath(stateSlug)}>
            View {stateName} Locations
          </Button>
          <Button component={Link} to={REQUEST_LOCATION_PATH} variant="outline">
            Request New Location
          </Button>
        </Group>
      </EmptyState>
    );
  else
    body = (
      <Stack gap="xl">
        <Highlights locations={query.data} city={cityName} />
        <StandMap locations={query.data} label={`Map of the stands in ${cityName}`} />
        <Box component="section" aria-labelledby="city-stands-title">
          <Title order={2} size="h3" id="city-stands-title" mb="md">
            {brand} Stands in {cityName}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {query.data.map((l, i) => (
              <CityStandCard key={l.id} location={l} rank={i + 1} />
            ))}
          </SimpleGrid>
        </Box>
        <Paper withBorder p="lg" radius="md" className={classes.tips} component="section" aria-labelledby="tips-title">
          <Title order={2} size="h4" id="tips-title" mb="xs">
            Tips for Visiting
          </Title>
          <List spacing={4} size="sm">
            <List.Item>Peak hours are usually 7-9 AM and 2-4 PM; visit outside them for the shortest lines.</List.Item>
            <List.Item>Hours are shown in each stand&apos;s local time and can change on holidays.</List.Item>
            <List.Item>Order ahead in the official app at stands marked Mobile Order.</List.Item>
          </List>
        </Paper>
      </Stack>
    );

  return (
    <Container pb={64}>
      <PageHeader
        title={`${brand} in ${cityName}, ${stateName}`}
        description={
          query.data?.length
            ? `${query.data.length} ${query.data.length === 1 ? 'stand' : 'stands'} in ${cityName}, with today's hours, the weekly hours and directions.`
            : undefined
        }
        breadcrumbs={[
          { label: 'Home', href: '/' },
          { label: 'Locations', href: '/locations' },
          { label: stateName, href: statePath(stateSlug) },
          { label: cityName },
        ]}
      />
      {body}
    </Container>
  );
}
