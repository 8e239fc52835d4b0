import { reportErrorHref, type Location } from '@coffee-guide/contracts';
import { stateName as stateNameOf } from '@coffee-guide/domain';
import { Box, Button, Card, Container, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import { ProvenanceLine } from '@/components/provenance/provenance-line';
import SaveButton from '@/components/save-button/save-button';
import { QueryError } from '@/components/query-error/query-error';
import { ApiError } from '@/lib/api-client';
import { usePageHead } from '@/lib/use-page-head';
import { useSiteSettings } from '@/lib/site';
import { useCityLocations } from '../api/get-city-locations';
import { useNearbyLocations } from '../api/get-nearby-locations';
import {
  Amenities,
  CallButton,
  DirectionsButton,
  Distance,
  OpenStatus,
  PhoneLine,
  StandAddress,
  StandCard,
  TodayHours,
  WeeklyHoursTable,
} from '../components/stand-parts';
import { StandListSkeleton } from '../components/stand-list-skeleton';
import { StandMap } from '../components/stand-map/stand-map';
import { capitalise, cityPath, NEARBY_SHOWN, standLabel, standPath, statePath } from '../utils/location';

function NearbyStands({ location }: { location: Location }) {
  const point = useMemo(
    () => ({ latitude: location.latitude, longitude: location.longitude }),
    [location.latitude, location.longitude],
  );
  const nearby = useNearbyLocations(point, NEARBY_SHOWN + 1);
  const others = useMemo(
    () => (nearby.data ?? []).filter((l) => l.id !== location.id).slice(0, NEARBY_SHOWN),
    [nearby.data, location.id],
  );
  const mapStands = useMemo(() => [location, ...others], [location, others]);

  let list;
  if (nearby.isPending) list = <StandListSkeleton count={3} label="Loading the nearest stands" />;
  else if (nearby.isError)
    list = (
      <QueryError
        title="We couldn't load the nearest stands."
        onRetry={() => void nearby.refetch()}
        retrying={nearby.isFetching}
      />
    );
  else if (others.length === 0) list = <Text>No other stand is on our list near this one.</Text>;
  else
    list = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {others.map((l) => (
          <StandCard key={l.id} location={l} headingOrder={3}>
            <Distance location={l} />
            <StandAddress location={l} />
            <OpenStatus location={l} withBadge={false} />
          </StandCard>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="xl">
      <StandMap
        locations={mapStands}
        focusId={location.id}
        label={`Map of ${location.name} and the stands nearest to it`}
      />
      <Box component="section" aria-labelledby="nearest-title">
        <Title order={2} size="h3" id="nearest-title" mb="md">
          Nearest Other Stands
        </Title>
        {list}
      </Box>
    </Stack>
  );
}

function StandDetails({ location }: { location: Location }) {
  return (
    <Grid gap="lg" data-testid="stand-details">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <OpenStatus location={location} />
            <StandAddress location={location} />
            <PhoneLine location={location} />
            <TodayHours location={location} fallback="Hours vary - call for details" />
            <Group gap="xs">
              <DirectionsButton location={location} size="sm" withZip />
              <CallButton location={location} size="sm" />
            </Group>
            <Box>
              <Title order={2} size="h5" mb={6}>
                Amenities
              </Title>
              {location.amenities.length ? (
                <Amenities location={location} max={10} />
              ) : (
                <Text size="sm">None listed.</Text>
              )}
            </Box>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h5" mb={6}>
            Hours
          </Title>
          <WeeklyHoursTable
            location={location}
            caption={`Weekly hours (local time, ${location.timeZone.replace(/_/g, ' ')})`}
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={12}>
        <ProvenanceLine
          subject="Stand details"
          source={location.source}
          asOf={location.asOf}
          estimated={location.estimated}
          reportHref={reportErrorHref(standPath(location), { kind: 'stand', id: location.id })}
        />
      </Grid.Col>
    </Grid>
  );
}

export function StandRoute() {
  const { state = '', city = '', stand = '' } = useParams();
  const stateSlug = state.toLowerCase();
  const citySlug = city.toLowerCase();
  const standSlug = stand.toLowerCase();
  const stateName = stateNameOf(stateSlug) ?? capitalise(stateSlug);
  const { settings } = useSiteSettings();
  const brand = settings.brandName;
  const query = useCityLocations(stateSlug, citySlug);
  const location = query.data?.find((l) => l.slug === standSlug);
  const cityKnown = Boolean(query.data?.length);
  const cityName = query.data?.[0]?.city ?? capitalise(citySlug);
  const notFound = (query.error instanceof ApiError && query.error.status === 404) || (query.isSuccess && !location);
  const label = location ? standLabel(location) : capitalise(standSlug);

  usePageHead(
    query.isError && !notFound
      ? { type: 'unavailable' }
      : { type: 'stand', state: stateSlug, city: citySlug, stand: standSlug },
    { stands: query.data },
    { ready: !query.isPending },
  );

  const crumbs = [
    { label: 'Home', href: '/' },
    { label: 'Locations', href: '/locations' },
    { label: stateName, href: statePath(stateSlug) },
    { label: cityName, href: cityPath(stateSlug, citySlug) },
    { label },
  ];

  if (query.isPending) {
    return (
      <Container pb={64}>
        <PageHeader title="Loading stand…" breadcrumbs={crumbs} />
        <StandListSkeleton count={2} label="Loading the stand" />
      </Container>
    );
  }
  if (query.isError && !notFound) {
    return (
      <Container pb={64}>
        <PageHeader title={`${brand} ${label}`} breadcrumbs={crumbs} />
        <QueryError
          title="We couldn't load this stand."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Container>
    );
  }
  if (!location) {
    return (
      <Container pb={64} py="xl">
        <EmptyState
          order={1}
          title="Location Not Found"
          description="This stand is not on our list. It may have moved, closed, or the address may be mistyped."
        >
          <Group justify="center" gap="sm" mt="xs">
            {cityKnown && (
              <Button component={Link} to={cityPath(stateSlug, citySlug)}>
                View {cityName} Locations
              </Button>
            )}
            <Button component={Link} to={statePath(stateSlug)} variant={cityKnown ? 'outline' : 'filled'}>
              View {stateName} Locations
            </Button>
          </Group>
        </EmptyState>
      </Container>
    );
  }

  return (
    <Container pb={64}>
      <PageHeader
        title={`${brand} ${location.name}`}
        description={`${location.address}, ${cityName}, ${location.state} ${location.zipCode}`}
        breadcrumbs={crumbs}
      >
        <Group>
          <SaveButton kind="stand" item={location} name={location.name} label="Save this stand" />
        </Group>
      </PageHeader>
      <Stack gap="xl">
        <StandDetails location={location} />
        <NearbyStands location={location} />
      </Stack>
    </Container>
  );
}
