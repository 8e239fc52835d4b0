import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { makeLocation } from '../testing/fixtures';
import { OpenStatus, TodayHours } from './stand-parts';

// 5:00 AM - 11:00 PM every day in Phoenix (MST all year), as the seed's S 83rd Ave
const phoenix = makeLocation({
  city: 'Phoenix',
  state: 'AZ',
  street: 'S 83rd Ave',
  timeZone: 'America/Phoenix',
  hoursMinutes: Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { open: 300, close: 1380 }])) as never,
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
