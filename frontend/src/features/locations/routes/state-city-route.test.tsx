import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp, TEST_NOW } from '@/testing/render';
import { locationsFixture } from '../testing/fixtures';
import { todayAt } from '../utils/location';
import { CITY_INDEX_OPEN_MAX } from '../utils/state-blocks';

vi.mock('../components/stand-map/leaflet-map', () => import('../testing/map-stub'));

// lazy route chunks and two CPU cores: give the first render more than the default second
configure({ asyncUtilTimeout: 5000 });

const notFound = (message: string) => ({ status: 404, statusText: 'Not Found', body: { statusCode: 404, message } });
const texas = () => locationsFixture().filter((l) => l.state === 'TX');
const sanAntonio = () => texas().filter((l) => l.citySlug === 'san-antonio');

describe('/locations/{state}', () => {
  it('shows skeletons while the state loads', async () => {
    mockApi({ '/api/locations/tx': 'pending' });
    renderApp('/locations/tx');

    expect(await screen.findByRole('status', { name: 'Loading the locations in Texas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dutch Bros Locations in Texas' })).toBeInTheDocument();
  });

  it('groups the stands by city, with the city list, badges, today’s hours and buttons', async () => {
    const stands = texas();
    stands[0] = { ...stands[0], phone: '(210) 555-0100' };
    mockApi({ '/api/locations/tx': { status: 200, body: stands } });
    renderApp('/locations/tx');

    expect(await screen.findByText('5 stands in Texas, with hours in local time and directions.')).toBeInTheDocument();
    expect(
      screen.getByText(/Texas has grown into the state with the most Dutch Bros stands: 5 in 2 cities/),
    ).toBeInTheDocument();

    const browse = screen.getByRole('navigation', { name: 'Browse by City' });
    expect(
      within(browse)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual([
      ['/locations/tx/austin', 'Austin2 locations'],
      ['/locations/tx/san-antonio', 'San Antonio3 locations'],
    ]);

    // the city index at the top: a jump to each city's stands on this page, open while the list is short
    const index = screen.getByRole('navigation', { name: 'Cities in Texas' });
    expect(
      within(index)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual([
      ['#city-austin', 'Austin2 locations'],
      ['#city-san-antonio', 'San Antonio3 locations'],
    ]);
    expect(index.querySelector('details')).toBeNull();
    expect(document.getElementById('city-san-antonio')).toBe(screen.getByRole('region', { name: /^San Antonio/ }));

    const city = screen.getByRole('region', { name: /^San Antonio/ });
    const cards = within(city).getAllByRole('article');
    expect(cards).toHaveLength(3);
    const babcock = cards.find((c) => c.textContent?.includes('Babcock'))!;
    expect(within(babcock).getByText('Open')).toBeInTheDocument();
    expect(babcock).toHaveTextContent('Open now, closes at 10 PM');
    expect(babcock).toHaveTextContent(`Today (${todayAt('America/Chicago', new Date(TEST_NOW))}):`);
    expect(within(babcock).getByRole('link', { name: /Call Store/ })).toHaveAttribute('href', 'tel:2105550100');
    expect(within(babcock).getByRole('link', { name: /Get Directions/ })).toBeInTheDocument();
    const wurzbach = cards.find((c) => c.textContent?.includes('Wurzbach'))!;
    expect(within(wurzbach).queryByRole('link', { name: /Call Store/ })).not.toBeInTheDocument();
    expect(wurzbach).not.toHaveTextContent('Phone');
    expect(within(wurzbach).getByRole('link', { name: 'Wurzbach Rd' })).toHaveAttribute(
      'href',
      '/locations/tx/san-antonio/wurzbach-rd',
    );
    expect(await screen.findByTestId('leaflet-map')).toHaveAttribute('data-count', '5');
  });

  it('folds the city index of a state with many cities into a disclosure that names how many', async () => {
    const base = texas()[0];
    const stands = Array.from({ length: CITY_INDEX_OPEN_MAX + 3 }, (_, i) => ({
      ...base,
      id: 500 + i,
      slug: `stand-${i}`,
      city: `Town ${String.fromCharCode(65 + i)}`,
      citySlug: `town-${String.fromCharCode(97 + i)}`,
    }));
    mockApi({ '/api/locations/tx': { status: 200, body: stands } });
    renderApp('/locations/tx');

    const index = await screen.findByRole('navigation', { name: 'Cities in Texas' });
    const details = index.querySelector('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details.querySelector('summary')).toHaveTextContent(`Jump to a city (${stands.length} cities)`);
    const links = within(index).getAllByRole('link', { hidden: true });
    expect(links).toHaveLength(stands.length);
    for (const a of links)
      expect(document.getElementById(a.getAttribute('href')!.slice(1))).toHaveAttribute('aria-labelledby');
  });

  it("shows the spec's empty state for a state without stands and for an unknown state", async () => {
    mockApi({ '/api/locations/ny': { status: 200, body: [] }, '/api/locations/zz': notFound('Unknown state: zz') });
    const { unmount } = renderApp('/locations/ny');
    expect(await screen.findByText('No locations found')).toBeInTheDocument();
    expect(screen.getByText("We're working on bringing Dutch Bros to more cities in New York!")).toBeInTheDocument();
    unmount();

    renderApp('/locations/zz');
    expect(await screen.findByText("We're working on bringing Dutch Bros to more cities in Zz!")).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the state cannot be loaded', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      '/api/locations/tx': () =>
        ++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { status: 200, body: texas() },
    });
    const { user } = renderApp('/locations/tx');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the locations in Texas.");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('navigation', { name: 'Browse by City' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/locations/tx')).toHaveLength(2);
  });
});

describe('/locations/{state}/{city}', () => {
  it('asks for the whole multi-word city slug and ranks the stands with their weekly hours, today highlighted', async () => {
    const stands = sanAntonio();
    stands[1] = { ...stands[1], phone: '210-555-0199' };
    const fetchMock = mockApi({ '/api/locations/tx/san-antonio': { status: 200, body: stands } });
    renderApp('/locations/tx/san-antonio');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dutch Bros in San Antonio, Texas' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('highlight-Total locations')).toHaveTextContent('3');
    expect(callsTo(fetchMock, '/api/locations/tx/san-antonio')).toHaveLength(1);
    expect(screen.getByTestId('highlight-Open 24 hours')).toHaveTextContent('1');

    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByLabelText(/^Number \d$/).textContent)).toEqual(['1', '2', '3']);
    const today = todayAt('America/Chicago', new Date(TEST_NOW));
    const table = within(cards[0]).getByTestId('weekly-hours');
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    const current = within(table)
      .getAllByRole('row')
      .filter((r) => r.getAttribute('aria-current') === 'date');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent(today);
    expect(within(cards[1]).getByRole('link', { name: '210-555-0199' })).toHaveAttribute('href', 'tel:2105550199');
    expect(within(cards[1]).getByRole('link', { name: /Call Store/ })).toBeInTheDocument();
    expect(within(cards[0]).queryByRole('link', { name: /Call Store/ })).not.toBeInTheDocument();
    expect(cards[2]).toHaveTextContent('Open 24 hours');
    expect(screen.getByText(/Peak hours are usually 7-9 AM and 2-4 PM/)).toBeInTheDocument();
  });

  it('offers the state page and a prefilled location request for a city without stands', async () => {
    mockApi({ '/api/locations/tx/san-marcos': notFound('No locations in san-marcos, Texas') });
    const { user, router } = renderApp('/locations/tx/san-marcos');

    expect(await screen.findByText('No locations found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dutch Bros in San Marcos, Texas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Texas Locations' })).toHaveAttribute('href', '/locations/tx');
    await user.click(screen.getByRole('link', { name: 'Request New Location' }));

    expect(await screen.findByRole('combobox', { name: 'Subject' })).toHaveValue('Location Inquiry');
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('shows skeletons while loading and an error with Retry when the city fails', async () => {
    mockApi({
      '/api/locations/or/grants-pass': 'pending',
      '/api/locations/or/medford': { status: 503, body: { statusCode: 503, message: 'down' } },
    });
    const { unmount } = renderApp('/locations/or/grants-pass');
    expect(await screen.findByRole('status', { name: 'Loading the locations in Grants Pass' })).toBeInTheDocument();
    unmount();

    renderApp('/locations/or/medford');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the locations in Medford.");
    expect(screen.queryByText('No locations found')).not.toBeInTheDocument();
  });
});
