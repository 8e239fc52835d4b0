import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { renderWithProviders } from '@/testing/render';
import { locationsFixture } from '@/features/locations/testing/fixtures';
import { StandMap } from './stand-map';

const loaded = vi.fn();
vi.mock('./leaflet-map', async () => {
  loaded();
  return import('@/features/locations/testing/map-stub');
});

describe('StandMap', () => {
  it('renders a placeholder of the map size on the server, without loading Leaflet', () => {
    const html = renderToString(
      <AppProviders env="test">
        <MemoryRouter>
          <StandMap locations={locationsFixture()} label="Map of all stands" />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(html).toContain('data-testid="map-placeholder"');
    expect(html).not.toContain('leaflet-map');
    expect(loaded).not.toHaveBeenCalled();
  });

  it('loads the map in the browser after mount', async () => {
    renderWithProviders(<StandMap locations={locationsFixture()} label="Map of all stands" />);
    expect(screen.getByTestId('map-placeholder')).toBeInTheDocument();
    expect(await screen.findByTestId('leaflet-map')).toHaveAttribute('data-count', '10');
    expect(screen.queryByTestId('map-placeholder')).not.toBeInTheDocument();
  });
});
