import { type Location } from '@coffee-guide/contracts';
import { stateName as stateNameOf } from '@coffee-guide/domain';
import { Anchor, Box, Container, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { JumpLinks } from '@/components/jump-links/jump-links';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { ApiError } from '@/lib/api-client';
import { HydrateApart } from '@/lib/hydrate-apart';
import { usePageHead } from '@/lib/use-page-head';
import { useSiteSettings } from '@/lib/site';
import { useStateLocations } from '../api/get-state-locations';
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
} from '../components/stand-parts';
import { StandListSkeleton } from '../components/stand-list-skeleton';
import { StandMap } from '../components/stand-map/stand-map';
import { capitalise, cityPath, formatCount, groupByCity, standLabel, type CityGroup } from '../utils/location';
import {
  cityAnchor,
  CITY_INDEX_OPEN_MAX,
  defaultStateBlock,
  POPULAR_CITIES,
  STATE_BLOCKS,
} from '../utils/state-blocks';
import classes from './locations.module.css';
import { compareText } from '@/lib/format';

/** A stand on the state page: Open/Closed, address, phone, today's hours, amenities, directions and call. */
function StateStandCard({ location }: { location: Location }) {
  return (
    <StandCard location={location} headingOrder={4} title={standLabel(location)}>
      <OpenStatus location={location} />
      <StandAddress location={location} />
      <PhoneLine location={location} />
      <TodayHours location={location} fallback="Hours vary - call for details" />
      <Amenities location={location} max={4} />
      <StandActions>
        <DirectionsButton location={location} />
        <CallButton location={location} />
      </StandActions>
    </StandCard>
  );
}

function StateContent({
  code,
  name,
  brand,
  locations,
}: {
  code: string;
  name: string;
  brand: string;
  locations: Location[];
}) {
  const cities = useMemo(() => groupByCity(locations), [locations]);
  const popular = useMemo(
    () =>
      [...cities]
        .sort((a, b) => b.locations.length - a.locations.length || compareText(a.city, b.city))
        .slice(0, POPULAR_CITIES),
    [cities],
  );
  const facts = {
    standCount: locations.length,
    cityCount: cities.length,
    topCities: popular.slice(0, 4).map((c) => c.city),
  };
  const block = STATE_BLOCKS[code]?.(brand, facts) ?? defaultStateBlock(brand, name, facts);
  const cityLink = (c: CityGroup) => (
    <Anchor component={Link} to={cityPath(code, c.citySlug)} className={classes.stateLink}>
      <span>{c.city}</span>
      <span className={classes.stateCount}>
        {c.locations.length}
        <VisuallyHidden> {c.locations.length === 1 ? 'location' : 'locations'}</VisuallyHidden>
      </span>
    </Anchor>
  );

  return (
    <>
      {/* the city index: a jump to each city's stands below (its heading links to the city's page) */}
      <JumpLinks
        label={`Cities in ${name}`}
        title="Jump to a city"
        countNoun={cities.length === 1 ? 'city' : 'cities'}
        foldAbove={CITY_INDEX_OPEN_MAX}
        links={cities.map((c) => ({
          id: cityAnchor(c.citySlug),
          label: c.city,
          extra: (
            <>
              {c.locations.length}
              <VisuallyHidden> {c.locations.length === 1 ? 'location' : 'locations'}</VisuallyHidden>
            </>
          ),
        }))}
      />
      <Paper
        withBorder
        p="lg"
        radius="md"
        className={classes.tips}
        component="section"
        aria-labelledby="about-state-title"
      >
        <Title order={2} size="h4" id="about-state-title" mb="xs">
          {brand} in {name}
        </Title>
        <Text>{block}</Text>
        <Title order={3} size="h5" mt="md" mb="xs">
          Popular cities
        </Title>
        <ul className={classes.cityList}>
          {popular.map((c) => (
            <li key={c.citySlug}>{cityLink(c)}</li>
          ))}
        </ul>
      </Paper>

      <Box component="section" aria-labelledby="state-map-title" className={classes.section}>
        <Title order={2} size="h3" id="state-map-title" mb="sm">
          Map of {name} Locations
        </Title>
        <StandMap locations={locations} label={`Map of the stands in ${name}`} cluster={locations.length > 40} />
      </Box>

      <Box component="section" aria-labelledby="browse-cities-title" className={classes.section}>
        <Title order={2} size="h3" id="browse-cities-title" mb="sm">
          Browse by City
        </Title>
        <nav aria-labelledby="browse-cities-title">
          <ul className={classes.cityList}>
            {cities.map((c) => (
              <li key={c.citySlug}>{cityLink(c)}</li>
            ))}
          </ul>
        </nav>
      </Box>

      <Box component="section" aria-labelledby="by-city-title" className={classes.section}>
        <Title order={2} size="h3" id="by-city-title" mb="md">
          All {name} Locations by City
        </Title>
        <Stack gap="xl">
          {cities.map((c) => (
            <HydrateApart key={c.citySlug}>
              <Box component="section" id={cityAnchor(c.citySlug)} aria-labelledby={`city-${c.citySlug}-title`}>
                <Title order={3} size="h4" id={`city-${c.citySlug}-title`} mb="sm">
                  <Anchor component={Link} to={cityPath(code, c.citySlug)} inherit>
                    {c.city}
                  </Anchor>{' '}
                  <Text component="span" size="sm" fw={500} c="dimmed">
                    ({c.locations.length} {c.locations.length === 1 ? 'location' : 'locations'})
                  </Text>
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                  {c.locations.map((l) => (
                    <StateStandCard key={l.id} location={l} />
                  ))}
                </SimpleGrid>
              </Box>
            </HydrateApart>
          ))}
        </Stack>
      </Box>
    </>
  );
}

export function StateRoute() {
  const { state = '' } = useParams();
  const slug = state.toLowerCase();
  const code = slug.toUpperCase();
  const name = stateNameOf(slug) ?? capitalise(slug);
  const { settings } = useSiteSettings();
  const brand = settings.brandName;
  const query = useStateLocations(slug);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const count = query.data?.length;

  usePageHead(
    query.isError && !notFound ? { type: 'unavailable' } : { type: 'state', state: slug },
    { stands: query.data },
    { ready: !query.isPending },
  );

  let body;
  if (query.isPending) body = <StandListSkeleton count={6} label={`Loading the locations in ${name}`} />;
  else if (query.isError && !notFound)
    body = (
      <QueryError
        title={`We couldn't load the locations in ${name}.`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (notFound || !query.data || query.data.length === 0)
    body = (
      <EmptyState
        title="No locations found"
        description={`We're working on bringing ${brand} to more cities in ${name}!`}
      >
        <Anchor component={Link} to="/locations" fw={600}>
          Browse all locations
        </Anchor>
      </EmptyState>
    );
  else body = <StateContent code={code} name={name} brand={brand} locations={query.data} />;

  return (
    <Container pb={64}>
      <PageHeader
        title={`${brand} Locations in ${name}`}
        description={
          count
            ? `${formatCount(count)} ${count === 1 ? 'stand' : 'stands'} in ${name}, with hours in local time and directions.`
            : `Stands in ${name}, with hours in local time and directions.`
        }
        breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'Locations', href: '/locations' }, { label: name }]}
      />
      {body}
    </Container>
  );
}
