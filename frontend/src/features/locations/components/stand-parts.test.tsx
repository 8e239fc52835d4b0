import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { makeLocation } from '../testing/fixtures';
import {
  Amenities,
  CallButton,
  DirectionsButton,
  OpenStatus,
  PhoneLine,
  StandActions,
  StandCard,
  TodayHours,
} from './stand-parts';

// 5:00 AM - 11:00 PM every day in Phoenix (MST all year), as the seed's S 83rd Ave
const phoenix = makeLocation({
  city: 'Phoenix',
  state: 'AZ',
  street: 'S 83rd Ave',
  timeZone: 'America/Phoenix',
  hoursMinutes: Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open: 300, close: 1380 },
    ]),
  ) as never,
  // what the answer said when it was made; the page computes its own
  openNow: false,
  statusText: 'stale',
});

function Status({ at }: { at: string }) {
  return (
    <AppProviders env="test" now={Date.parse(at)}>
      <OpenStatus location={phoenix} />
      <TodayHours location={phoenix} fallback="none" />
    </AppProviders>
  );
}

describe('open-now texts', () => {
  it('come from the page instant in the stand own time zone, the same on the server and in the browser', () => {
    // Monday 14 July 2025, 10:30 PM in Phoenix
    const html = renderToString(<Status at="2025-07-15T05:30:00Z" />).replaceAll('<!-- -->', '');
    expect(html).toContain('Open now, closes at 11 PM');
    expect(html).toContain('Today (Monday):');
    render(<Status at="2025-07-15T05:30:00Z" />);
    expect(screen.getByText('Open now, closes at 11 PM')).toBeInTheDocument();
  });

  it('change with the instant', () => {
    // Monday 11:30 PM in Phoenix
    render(<Status at="2025-07-15T06:30:00Z" />);
    expect(screen.getByText('Closed, opens tomorrow at 5 AM')).toBeInTheDocument();
    expect(screen.getByTestId('open-status')).toHaveAttribute('data-state', 'closed');
  });
});

describe('a stand card', () => {
  const grants = makeLocation({
    city: 'Grants Pass',
    state: 'OR',
    street: 'NE 7th St',
    phone: '(541) 555-0134',
    amenities: ['Drive-Thru', 'Walk-Up Window', 'Mobile Order'],
  });

  function Card({ rank }: { rank?: number }) {
    return (
      <AppProviders env="test" now={Date.parse('2025-07-15T18:00:00Z')}>
        <MemoryRouter>
          <StandCard location={grants} headingOrder={4} rank={rank} title="NE 7th St">
            <OpenStatus location={grants} />
            <PhoneLine location={grants} />
            <Amenities location={grants} max={2} />
            <StandActions>
              <DirectionsButton location={grants} />
              <CallButton location={grants} />
            </StandActions>
          </StandCard>
        </MemoryRouter>
      </AppProviders>
    );
  }

  it('is an article named by a heading of the order asked for, which links to the stand page', () => {
    render(<Card rank={2} />);
    const card = screen.getByRole('article', { name: 'NE 7th St' });
    const heading = within(card).getByRole('heading', { level: 4, name: 'NE 7th St' });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', `/locations/or/grants-pass/${grants.slug}`);
    expect(within(card).getByLabelText('Number 2')).toHaveTextContent('2');
  });

  it('names its links for a screen reader, and lists the amenities shown', () => {
    render(<Card />);
    const card = screen.getByRole('article', { name: 'NE 7th St' });
    const directions = within(card).getByRole('link', {
      name: `Get Directions to ${grants.name} (opens in a new tab)`,
    });
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions.getAttribute('rel')).toContain('noopener');
    expect(within(card).getByRole('link', { name: `Call Store ${grants.name}` })).toHaveAttribute(
      'href',
      'tel:5415550134',
    );
    expect(within(card).getByRole('link', { name: '(541) 555-0134' })).toHaveAttribute('href', 'tel:5415550134');
    const amenities = within(card).getByRole('list', { name: 'Amenities' });
    expect(
      within(amenities)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Drive-Thru', 'Walk-Up Window']);
  });

  it('draws its parts with the module classes, not a Mantine component per element', () => {
    const html = renderToString(<Card />);
    const card = html.slice(html.indexOf('<article'));
    expect(card).toContain('data-testid="stand-card"');
    expect(card).not.toMatch(/mantine-\w+-root/);
    expect(card).not.toContain('style=');
    expect(card).toMatch(/<button type="button"[^>]*class="save-heart /);
  });
});
