import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { locationsFixture } from '../testing/fixtures';

vi.mock('../components/stand-map/leaflet-map', () => import('../testing/map-stub'));

// lazy route chunks and two CPU cores: give the first render more than the default second
configure({ asyncUtilTimeout: 5000 });

const CITY = '/api/locations/or/grants-pass';
const NEAR = '/api/locations/near';
const grantsPass = () => locationsFixture().filter((l) => l.citySlug === 'grants-pass');

describe('/locations/{state}/{city}/{stand}', () => {
  it('shows the stand: address, directions, call, open now, today and the week, amenities and the nearest other stands', async () => {
    const stands = grantsPass();
    const nearest = [stands[0], ...stands.slice(1), locationsFixture()[3]].map((l, i) => ({
      ...l,
      distanceMiles: i * 1.5,
    }));
    const fetchMock = mockApi({ [CITY]: { status: 200, body: stands }, [NEAR]: { status: 200, body: nearest } });
    renderApp('/locations/or/grants-pass/sw-6th-st');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dutch Bros Grants Pass – SW 6th St' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home›Locations›Oregon›Grants Pass›SW 6th St',
    );
    const details = screen.getByTestId('stand-details');
    expect(within(details).getByText('Open now, closes at 10 PM')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    const provenance = within(details).getByTestId('provenance');
    expect(provenance).toHaveTextContent(
      "Stand details: published · source: The chain's store locator · as of September 30, 2025",
    );
    expect(within(provenance).getByRole('link', { name: 'Report an error' })).toHaveAttribute(
      'href',
      `/contact?subject=Data%20correction&page=%2Flocations%2For%2Fgrants-pass%2Fsw-6th-st&item=stand%3A${stands[0].id}`,
    );
    expect(screen.getByRole('link', { name: /Call Store/ })).toHaveAttribute('href', 'tel:5415550134');
    expect(screen.getByRole('link', { name: /Get Directions/ }).getAttribute('href')).toContain(
      encodeURIComponent('1200 SW 6th St, Grants Pass, OR, 97526'),
    );
    expect(within(screen.getByTestId('weekly-hours')).getAllByRole('row')).toHaveLength(7);
    expect(screen.getByRole('list', { name: 'Amenities' })).toHaveTextContent('Drive-ThruWalk-Up WindowMobile Order');

    const nearestSection = screen.getByRole('region', { name: 'Nearest Other Stands' });
    await waitFor(() => expect(within(nearestSection).getAllByRole('article')).toHaveLength(3));
    expect(within(nearestSection).queryByRole('article', { name: 'Grants Pass – SW 6th St' })).not.toBeInTheDocument();
    expect(
      within(nearestSection)
        .getAllByTestId('distance')
        .map((d) => d.textContent),
    ).toEqual(['1.5 mi away', '3.0 mi away', '4.5 mi away']);
    const url = new URL(String(callsTo(fetchMock, NEAR)[0][0]), 'http://localhost');
    expect(url.searchParams.get('limit')).toBe('6');
    const map = await screen.findByTestId('leaflet-map');
    expect(map).toHaveAttribute('data-count', '4');
    expect(map).toHaveAttribute('data-focus', String(stands[0].id));
  });

  it('shows "Location Not Found" for an unknown stand of a known city, and for an unknown city', async () => {
    mockApi({
      [CITY]: { status: 200, body: grantsPass() },
      '/api/locations/or/nowhere': { status: 404, body: { statusCode: 404, message: 'No locations' } },
    });
    const { unmount } = renderApp('/locations/or/grants-pass/no-such-stand');

    expect(await screen.findByRole('heading', { level: 1, name: 'Location Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Grants Pass Locations' })).toHaveAttribute(
      'href',
      '/locations/or/grants-pass',
    );
    expect(screen.getByRole('link', { name: 'View Oregon Locations' })).toHaveAttribute('href', '/locations/or');
    unmount();

    renderApp('/locations/or/nowhere/main-st');
    expect(await screen.findByRole('heading', { level: 1, name: 'Location Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View Nowhere Locations/ })).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with Retry', async () => {
    let calls = 0;
    mockApi({
      [CITY]: () =>
        ++calls === 1
          ? { status: 500, body: { statusCode: 500, message: 'boom' } }
          : { status: 200, body: grantsPass() },
      [NEAR]: 'pending',
    });
    const { user } = renderApp('/locations/or/grants-pass/sw-6th-st');

    expect(await screen.findByRole('status', { name: 'Loading the stand' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this stand.");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dutch Bros Grants Pass – SW 6th St' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the nearest stands' })).toBeInTheDocument();
  });
});
