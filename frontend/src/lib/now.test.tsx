import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOW_TICK_MS, NowProvider, useNow } from './now';

function Clock() {
  return <span data-testid="clock">{useNow().toISOString()}</span>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('NowProvider', () => {
  it('renders the given instant on the server, whatever the clock says', () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    const html = renderToString(
      <NowProvider instant={Date.parse('2025-07-15T19:00:00Z')}>
        <Clock />
      </NowProvider>,
    );
    expect(html).toContain('2025-07-15T19:00:00.000Z');
  });

  it('follows the clock after mount, and keeps a fixed instant when not live', async () => {
    vi.useFakeTimers({ now: Date.parse('2025-07-15T20:00:00Z') });
    const { unmount } = render(
      <NowProvider instant={Date.parse('2025-07-15T19:00:00Z')}>
        <Clock />
      </NowProvider>,
    );
    // mounted: the clock's own time, then on with it
    expect(screen.getByTestId('clock')).toHaveTextContent('2025-07-15T20:00:00.000Z');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOW_TICK_MS);
    });
    expect(screen.getByTestId('clock')).toHaveTextContent('2025-07-15T20:00:30.000Z');
    unmount();

    render(
      <NowProvider instant={Date.parse('2025-07-15T19:00:00Z')} live={false}>
        <Clock />
      </NowProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOW_TICK_MS);
    });
    expect(screen.getByTestId('clock')).toHaveTextContent('2025-07-15T19:00:00.000Z');
  });
});
