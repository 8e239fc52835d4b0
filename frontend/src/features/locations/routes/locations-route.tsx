import type { Location } from '@coffee-guide/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { JumpLinks } from '@/components/jump-links/jump-links';
import { CupIcon, MapPinIcon } from '@/components/icons/icons';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { useNow } from '@/lib/now';
import { HydrateApart } from '@/lib/hydrate-apart';
import { usePageHead } from '@/lib/use-page-head';
import { useSiteSettings } from '@/lib/site';
import {
  FILTER_PAGE_SIZE,
  pageOfMatches,
  useFilteredLocations,
  type FilteredLocations,
} from '../api/get-filtered-locations';
import { locationsQueryOptions, useLocations } from '../api/get-locations';
import { useLocationsOverview, type LocationsOverview } from '../api/get-locations-overview';
import { useNearbyLocations } from '../api/get-nearby-locations';
import { useLocationSearch } from '../api/search-locations';
import { LocationSearchForm } from '../components/location-search-form';
import {
  Amenities,
  DirectionsButton,
  Distance,
  OpenStatus,
  PhoneLine,
  StandActions,
  StandAddress,
  StandCard,
  standHeadingId,
  TodayHours,
  WeekHoursLines,
} from '../components/stand-parts';
import { StandFilters } from '../components/stand-filters';
import { StandListSkeleton } from '../components/stand-list-skeleton';
import { StandMap } from '../components/stand-map/stand-map';
import { useGeolocation } from '../hooks/use-geolocation';
import { applyFilters, filtersOf, STAND_FILTERS, type StandFilter } from '../utils/filters';
import {
  FULL_LIST_PAGE_SIZE,
  NEAREST_LIMIT,
  SEARCH_RESULTS_SHOWN,
  shownOf,
  STANDS_PER_STATE,
  formatCount,
  rankedResults,
  statePath,
  type Point,
} from '../utils/location';
import classes from './locations.module.css';

/** A search result or a nearby stand: name, distance, address, phone, hours, amenities, directions. */
function ResultCard({ location, laidOutAhead }: { location: Location; laidOutAhead?: boolean }) {
  return (
    <StandCard location={location} headingOrder={3} laidOutAhead={laidOutAhead}>
      <Distance location={location} />
      <StandAddress location={location} />
      <PhoneLine location={location} />
      <OpenStatus location={location} />
      <TodayHours location={location} fallback="Hours vary by location" />
      <Amenities location={location} max={4} />
      <StandActions>
        <DirectionsButton location={location} />
      </StandActions>
    </StandCard>
  );
}

/**
 * Results a few at a time. "Show more results" is a link to the same URL with `show=N` (the server renders N
 * results, and its `#` takes a visitor without JavaScript to the first new one); with JavaScript the router
 * follows it in place, keeping the scroll position, and focus moves to the first new result.
 */
function ResultList({
  results,
  summary,
  shown,
}: {
  results: Location[];
  summary: (shown: number) => string;
  shown: number;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const count = Math.min(shown, results.length);
  const next = results[count];
  const moreSearch = () => {
    const out = new URLSearchParams(params);
    out.set('show', String(shown + SEARCH_RESULTS_SHOWN));
    return `?${out.toString()}`;
  };
  // with JavaScript: the same URL through the router, in place; focus goes to the first new result once it is there
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    const heading = document.getElementById(focusNext.current);
    if (!heading) return;
    focusNext.current = null;
    heading.querySelector('a')?.focus({ preventScroll: true });
  }, [count]);
  const showMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    focusNext.current = next ? standHeadingId(next) : null;
    void navigate(moreSearch(), { replace: true, preventScrollReset: true });
  };
  return (
    <Stack gap="md">
      <Text size="sm" role="status" data-testid="result-summary">
        {summary(count)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {results.slice(0, count).map((l) => (
          <ResultCard key={l.id} location={l} laidOutAhead />
        ))}
      </SimpleGrid>
      {next && (
        <Group justify="center">
          <Button
            component="a"
            href={`${moreSearch()}#${standHeadingId(next)}`}
            onClick={showMore}
            variant="outline"
            data-testid="show-more"
          >
            Show more results
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * After the visitor's own search or "Use My Location", the results' heading scrolls into view and takes the
 * focus (a phone's results start below the form, out of sight); a page opened at such a URL stays put.
 */
function useResultsFocus(focus: RefObject<boolean>, key: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus.current || !heading.current) return;
    focus.current = false;
    heading.current.scrollIntoView({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [focus, key]);
  return heading;
}

function SearchResults({
  q,
  from,
  onClear,
  filters,
  shown,
  focus,
}: {
  q: string;
  from: Point | null;
  onClear: () => void;
  filters: StandFilter[];
  shown: number;
  focus: RefObject<boolean>;
}) {
  const heading = useResultsFocus(focus, q);
  const now = useNow();
  const search = useLocationSearch(q);
  const ranked = useMemo(() => rankedResults(search.data ?? [], from), [search.data, from]);
  const results = applyFilters(ranked, filters, now);
  let body;
  if (search.isPending) body = <StandListSkeleton count={SEARCH_RESULTS_SHOWN} label="Searching locations" />;
  else if (search.isError)
    body = (
      <QueryError
        title="We couldn't search the locations."
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  else if (results.length === 0)
    body = (
      <EmptyState title="No locations found" description="Try searching with a different city or ZIP code." order={3} />
    );
  else
    body = (
      <ResultList
        results={results}
        shown={shown}
        summary={(n) =>
          `Showing ${n} of ${formatCount(results.length)} ${results.length === 1 ? 'location' : 'locations'} for "${q}"${results[0].distanceMiles !== null ? ', nearest first' : ''}.`
        }
      />
    );
  return (
    <Box component="section" aria-labelledby="search-results-title" className={classes.section}>
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} id="search-results-title" ref={heading} tabIndex={-1} className={classes.resultsHeading}>
          Search results for &ldquo;{q}&rdquo;
        </Title>
        <Button variant="subtle" onClick={onClear}>
          Clear search
        </Button>
      </Group>
      {body}
      {results.length > 0 && !search.isPending && (
        <Box mt="lg">
          <StandMap
            locations={results}
            label={`Map of the locations found for ${q}`}
            cluster={results.length > 60}
            userPosition={from}
          />
        </Box>
      )}
    </Box>
  );
}

function NearbyResults({
  position,
  onClear,
  filters,
  shown,
  focus,
}: {
  position: Point;
  onClear: () => void;
  filters: StandFilter[];
  shown: number;
  focus: RefObject<boolean>;
}) {
  const heading = useResultsFocus(focus, `${position.latitude},${position.longitude}`);
  const now = useNow();
  const found = useNearbyLocations(position, NEAREST_LIMIT);
  const nearby = { ...found, data: found.data ? applyFilters(found.data, filters, now) : found.data };
  let body;
  if (nearby.isPending) body = <StandListSkeleton count={SEARCH_RESULTS_SHOWN} label="Finding the nearest stands" />;
  else if (nearby.isError || !nearby.data)
    body = (
      <QueryError
        title="We couldn't find the stands near you."
        onRetry={() => void nearby.refetch()}
        retrying={nearby.isFetching}
      />
    );
  else if (nearby.data.length === 0)
    body = (
      <EmptyState title="No locations found" description="Try searching with a different city or ZIP code." order={3} />
    );
  else {
    const total = nearby.data.length;
    body = (
      <ResultList
        results={nearby.data}
        shown={shown}
        summary={(n) =>
          n < total
            ? `Showing ${n} of the ${total} stands nearest to your location, nearest first.`
            : `The ${total} nearest ${total === 1 ? 'stand' : 'stands'} to your location, nearest first.`
        }
      />
    );
  }
  return (
    <Box component="section" aria-labelledby="nearby-title" className={classes.section}>
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} id="nearby-title" ref={heading} tabIndex={-1} className={classes.resultsHeading}>
          Stands nearest to you
        </Title>
        <Button variant="subtle" onClick={onClear}>
          Clear
        </Button>
      </Group>
      {body}
      {nearby.data && nearby.data.length > 0 && (
        <Box mt="lg">
          <StandMap locations={nearby.data} label="Map of the stands nearest to you" userPosition={position} />
        </Box>
      )}
    </Box>
  );
}

/** The overview's parts, in page order (their sections carry these ids). */
const OVERVIEW_JUMPS = [
  { id: 'locations-map', label: 'Map' },
  { id: 'browse-states', label: 'States' },
  { id: 'our-locations', label: 'Stands by state' },
  { id: 'all-locations', label: 'All stands' },
];

const EXPECT = [
  {
    title: 'Drive-Thru',
    text: 'Most stands are drive-thrus built for speed; when the line is long, a team member may take your order at your car.',
  },
  { title: 'Mobile Order', text: "Stands marked Mobile Order take orders placed ahead in the chain's official app." },
];

function OverviewCard({ location }: { location: Location }) {
  return (
    <StandCard location={location} headingOrder={4} headingId={`${standHeadingId(location)}-overview`}>
      <StandAddress location={location} withZip={false} />
      <OpenStatus location={location} withBadge={false} />
      <Amenities location={location} />
      <StandActions>
        <DirectionsButton location={location} />
      </StandActions>
    </StandCard>
  );
}

function FullListCard({ location }: { location: Location }) {
  return (
    <StandCard location={location} headingOrder={3}>
      <StandAddress location={location} />
      <OpenStatus location={location} withBadge={false} />
      <WeekHoursLines location={location} />
      <Amenities location={location} max={4} />
      <StandActions>
        <DirectionsButton location={location} withZip />
      </StandActions>
    </StandCard>
  );
}

/** The whole list a page at a time: the first page comes with the overview, the others from the whole list. */
function FullList({ firstPage, total }: { firstPage: Location[]; total: number }) {
  const [page, setPage] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const pages = Math.max(1, Math.ceil(total / FULL_LIST_PAGE_SIZE));
  const current = Math.min(page, pages);
  const all = useLocations({ enabled: current > 1 });
  const first = (current - 1) * FULL_LIST_PAGE_SIZE;
  const shown = current === 1 ? firstPage : all.data?.slice(first, first + FULL_LIST_PAGE_SIZE);
  const last = Math.min(first + FULL_LIST_PAGE_SIZE, total);
  const go = (next: number) => {
    setPage(next);
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  };
  return (
    <Box component="section" id="all-locations" aria-labelledby="all-locations-title" className={classes.section}>
      <Title order={2} id="all-locations-title" ref={heading} tabIndex={-1} mb="xs">
        All Locations
      </Title>
      <Text size="sm" mb="md" data-testid="full-list-range">
        Stands {formatCount(first + 1)}-{formatCount(shown ? first + shown.length : last)} of {formatCount(total)}, by
        state and city.
      </Text>
      {shown ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {shown.map((l) => (
            <FullListCard key={l.id} location={l} />
          ))}
        </SimpleGrid>
      ) : all.isError ? (
        <QueryError
          title="We couldn't load this page of locations."
          onRetry={() => void all.refetch()}
          retrying={all.isFetching}
        />
      ) : (
        <StandListSkeleton count={6} label="Loading locations" />
      )}
      {pages > 1 && (
        // a name on the nav (Pagination's root is a div, which may not carry one)
        <Group component="nav" aria-label="Pages of all locations" justify="center" mt="lg">
          <Pagination
            total={pages}
            value={current}
            onChange={go}
            siblings={1}
            boundaries={1}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            getControlProps={(control) => ({
              'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[
                control
              ],
            })}
          />
        </Group>
      )}
    </Box>
  );
}

/**
 * Asks once for the whole list if nobody has (this page's disabled observer made the query, idle): no read on
 * its way, no answer, no failure.
 */
function useReadListOnce(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    const state = client.getQueryState(locationsQueryOptions().queryKey);
    if (!state || (state.status === 'pending' && state.fetchStatus === 'idle'))
      void client.prefetchQuery(locationsQueryOptions());
  }, [client]);
}

/**
 * The stands that pass the filters: every one reachable, a page at a time by link, all of them on the map.
 * A server-rendered page carries its page of them at the render's instant (`view`); once the browser has
 * the whole list it filters that itself, at the clock's instant, so a stand leaves "open now" at closing.
 */
function FilteredStands({ view, filters, page }: { view: FilteredLocations; filters: StandFilter[]; page: number }) {
  const now = useNow();
  // the whole list, without asking for it here: a navigation's read fills it, a server-rendered page asks
  // for it in a task of its own after the commit that hydrated the page
  const all = useQuery({ ...locationsQueryOptions(), enabled: false });
  const readList = useReadListOnce();
  useEffect(() => {
    const timer = setTimeout(readList, 0);
    return () => clearTimeout(timer);
  }, [readList]);
  const matching = all.data ? applyFilters(all.data, filters, now) : undefined;
  const live = all.data && matching ? pageOfMatches(all.data, matching, page) : view;
  const { shown, page: current } = live;
  const count = live.matching;
  const pages = Math.max(1, Math.ceil(count / FILTER_PAGE_SIZE));
  const first = (current - 1) * FILTER_PAGE_SIZE;
  const labels = filters.map((f) => STAND_FILTERS.find((x) => x.value === f)?.label.toLowerCase()).join(', ');
  const pageHref = (n: number) =>
    `/locations?${[...filters.map((f) => `filter=${f}`), ...(n > 1 ? [`page=${n}`] : [])].join('&')}`;
  return (
    <Box component="section" aria-labelledby="filtered-title" className={classes.section}>
      <Title order={2} id="filtered-title" mb="xs">
        Stands: {labels}
      </Title>
      <Text size="sm" role="status" mb="md" data-testid="filtered-summary">
        {count === 0
          ? 'No stand matches these filters right now.'
          : `${formatCount(count)} ${count === 1 ? 'stand matches' : 'stands match'}; showing ${formatCount(first + 1)}-${formatCount(first + shown.length)}.`}
      </Text>
      {count > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {shown.map((l) => (
              <ResultCard key={l.id} location={l} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="center" mt="lg" component="nav" aria-label="Pages of matching stands">
              {current > 1 && (
                <Button component={Link} to={pageHref(current - 1)} variant="outline">
                  Previous page
                </Button>
              )}
              <Text size="sm">
                Page {current} of {pages}
              </Text>
              {current < pages && (
                <Button component={Link} to={pageHref(current + 1)} variant="outline">
                  Next page
                </Button>
              )}
            </Group>
          )}
          <Box mt="lg">
            <StandMap
              locations={matching ?? NO_STANDS}
              pending={!matching}
              label="Map of the matching stands"
              cluster={count > 60}
            />
          </Box>
        </>
      )}
    </Box>
  );
}

const NO_STANDS: Location[] = [];

/**
 * The overview's map of every stand. The page does not carry the whole list: the browser asks for it once
 * the page is hydrated (the map, like Leaflet, exists only there), while the frame holds its place.
 */
function OverviewMap({ empty, failed }: { empty: boolean; failed: boolean }) {
  // The map follows the whole list without asking for it: in a client-rendered page the overview's own read
  // fills it (a retry there too); a server-rendered page carries only the overview, so the map asks for the
  // list itself once it is on screen (a phone that never scrolls to it neither downloads nor reads it).
  const all = useQuery({ ...locationsQueryOptions(), enabled: false });
  const onScreen = useReadListOnce();
  if (empty || failed || all.isError)
    return (
      <div className={classes.mapPlaceholder}>
        <Text size="sm">
          {empty ? 'No stands to show on the map yet.' : 'The map needs the stand list, which could not be loaded.'}
        </Text>
      </div>
    );
  return (
    <StandMap
      locations={all.data ?? NO_STANDS}
      pending={!all.data}
      label="Map of all stands"
      cluster
      onScreen={onScreen}
    />
  );
}

function AllStands({ overview }: { overview: LocationsOverview }) {
  const { states } = overview;
  return (
    <>
      <Box component="section" id="browse-states" aria-labelledby="browse-states-title" className={classes.section}>
        <Title order={2} id="browse-states-title" mb="md">
          Browse by State
        </Title>
        <nav aria-labelledby="browse-states-title">
          <ul className={classes.stateList}>
            {states.map((s) => (
              <li key={s.code}>
                <Anchor component={Link} to={statePath(s.code)} className={classes.stateLink}>
                  <span>{s.name}</span>
                  <span className={classes.stateCount}>
                    {formatCount(s.count)}
                    <VisuallyHidden> {s.count === 1 ? 'location' : 'locations'}</VisuallyHidden>
                  </span>
                </Anchor>
              </li>
            ))}
          </ul>
        </nav>
      </Box>

      <Box component="section" id="our-locations" aria-labelledby="our-locations-title" className={classes.section}>
        <Title order={2} id="our-locations-title" mb="md">
          Our Locations
        </Title>
        <Stack gap="xl">
          {states.map(({ stands, ...s }) => {
            return (
              <HydrateApart key={s.code}>
                <Box component="section" aria-labelledby={`state-${s.code}-title`}>
                  <Group justify="space-between" align="baseline" mb="sm">
                    <Title order={3} id={`state-${s.code}-title`} size="h4">
                      {s.name}
                    </Title>
                    {s.count > STANDS_PER_STATE && (
                      <Anchor component={Link} to={statePath(s.code)} size="sm" fw={600}>
                        See all {formatCount(s.count)} locations<VisuallyHidden> in {s.name}</VisuallyHidden>
                      </Anchor>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                    {stands.map((l) => (
                      <OverviewCard key={l.id} location={l} />
                    ))}
                  </SimpleGrid>
                </Box>
              </HydrateApart>
            );
          })}
        </Stack>
      </Box>

      <HydrateApart>
        <FullList firstPage={overview.firstPage} total={overview.standCount} />
      </HydrateApart>
    </>
  );
}

export function LocationsRoute() {
  const { settings } = useSiteSettings();
  const brand = settings.brandName;
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const filters = filtersOf(params);
  const page = Number(params.get('page') ?? '1') || 1;
  const shown = shownOf(params);
  // without filters the page lists from the overview (what it shows, not the whole list); with them, from
  // the whole list, since any stand may match
  const listed = filters.length === 0;
  const overviewQuery = useLocationsOverview({ enabled: listed });
  const filtered = useFilteredLocations(filters, page, { enabled: !listed });
  const list = listed ? overviewQuery : filtered;
  const geo = useGeolocation();
  const position = geo.state.status === 'located' ? geo.state.position : null;

  const count = listed ? overviewQuery.data?.standCount : filtered.data?.standCount;
  const stateCount = listed ? overviewQuery.data?.states.length : filtered.data?.stateCount;
  usePageHead({ type: 'static', page: 'locations' });

  // the results of the visitor's own search or "Use My Location" take the focus once shown (useResultsFocus)
  const focusResults = useRef(false);
  // a shared position stays: it ranks the stands of a state search (rankedResults)
  const search = (text: string) => {
    focusResults.current = text !== '';
    setParams(text ? { q: text, filter: filters } : { filter: filters });
  };
  const clearSearch = () => setParams({ filter: filters });
  const setFilters = (next: StandFilter[]) => setParams({ ...(q ? { q } : {}), filter: next });
  const useMyLocation = () => {
    if (q) setParams({});
    focusResults.current = true;
    geo.locate();
  };
  // The installed app's "Nearest stand" shortcut (/locations?near=me): opening it is the visitor's ask.
  const nearMe = params.get('near') === 'me';
  const { locate } = geo;
  useEffect(() => {
    if (!nearMe) return;
    focusResults.current = true;
    locate();
  }, [nearMe, locate]);

  // the overview (no search, no position, no filter) is the long page: it opens with jump links to its parts
  const overview = !q && !position && filters.length === 0;
  return (
    <Container pb={64}>
      <PageHeader
        // the counts hold their width while the stand list loads, so the lines below do not move when they arrive
        title={
          <>
            <span className={classes.count}>{count !== undefined ? formatCount(count) : ''}</span> {brand} Locations
          </>
        }
        description={
          <>
            Find any of the <span className={classes.count}>{count !== undefined ? formatCount(count) : ''}</span>{' '}
            stands in <span className={classes.statesNumber}>{stateCount ?? ''}</span> states: search by city, state or
            ZIP code, or use your location.
          </>
        }
        breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'Locations' }]}
      >
        {overview && <JumpLinks label="On this page" title="On this page" links={OVERVIEW_JUMPS} />}
      </PageHeader>

      <Card withBorder padding="lg" radius="md" className={classes.searchCard}>
        <LocationSearchForm
          initial={q}
          onSearch={search}
          extra={
            <Button
              variant="outline"
              size="md"
              onClick={useMyLocation}
              loading={geo.state.status === 'locating'}
              leftSection={<MapPinIcon size={16} />}
            >
              Use My Location
            </Button>
          }
        >
          <StandFilters active={filters} onChange={setFilters} />
        </LocationSearchForm>
        {geo.state.status === 'failed' && (
          <Alert color="red" variant="light" mt="sm" role="alert" title="Location unavailable">
            {geo.state.message}
          </Alert>
        )}
      </Card>

      {q && (
        <SearchResults
          q={q}
          from={position}
          onClear={clearSearch}
          filters={filters}
          shown={shown}
          focus={focusResults}
        />
      )}
      {!q && position && (
        <NearbyResults position={position} onClear={geo.reset} filters={filters} shown={shown} focus={focusResults} />
      )}
      {!q && !position && filters.length > 0 && filtered.isSuccess && (
        <FilteredStands view={filtered.data} filters={filters} page={page} />
      )}

      {!q && !position && filters.length === 0 && (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" className={classes.section}>
          <Card
            withBorder
            padding="md"
            radius="md"
            className={classes.mapCard}
            component="section"
            id="locations-map"
            aria-labelledby="map-title"
          >
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4" id="map-title">
                Interactive Map
              </Title>
              <Button variant="light" size="xs" onClick={useMyLocation} loading={geo.state.status === 'locating'}>
                Use My Location<VisuallyHidden> to list the nearest stands</VisuallyHidden>
              </Button>
            </Group>
            <OverviewMap empty={overviewQuery.data?.standCount === 0} failed={overviewQuery.isError} />
          </Card>
          <Card withBorder padding="md" radius="md" component="section" aria-labelledby="expect-title">
            <Title order={2} size="h4" id="expect-title" mb="sm">
              What to Expect
            </Title>
            {/* a plain list: Mantine's List.Item wraps its content in a span, where the icon's div may not go */}
            <ul className={classes.expectList}>
              {EXPECT.map((item) => (
                <li key={item.title}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon
                      variant="light"
                      // Mantine 9's ThemeIcon writes a radius prop onto its div as an attribute: the radius as its variable
                      style={{ '--ti-radius': 'var(--mantine-radius-xl)' }}
                      aria-hidden="true"
                    >
                      <CupIcon size={16} />
                    </ThemeIcon>
                    <div>
                      <Text fw={700}>{item.title}</Text>
                      <Text size="sm">{item.text}</Text>
                    </div>
                  </Group>
                </li>
              ))}
            </ul>
          </Card>
        </SimpleGrid>
      )}

      {list.isPending && (
        <Box className={classes.section}>
          <StandListSkeleton count={6} label="Loading locations" />
        </Box>
      )}
      {list.isError && (
        <Box className={classes.section}>
          <QueryError
            title="We couldn't load the locations."
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Box>
      )}
      {(overviewQuery.data?.standCount === 0 || filtered.data?.standCount === 0) && (
        <Box className={classes.section}>
          <EmptyState
            title="No locations found"
            description="Our stand list is empty right now. Please check back soon."
          />
        </Box>
      )}
      {listed && overviewQuery.data && overviewQuery.data.standCount > 0 && <AllStands overview={overviewQuery.data} />}
    </Container>
  );
}
