import { describe, expect, it, vi } from 'vitest';
import { configureAnalytics, trackPageView, trackSearch, trackShareDrink } from './analytics';

const events = () =>
  (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)).filter((args) => args[0] === 'event');

describe('analytics', () => {
  it('without a measurement id logs one warning, loads nothing and sends nothing', () => {
    const warn = vi.mocked(console.warn);
    trackPageView('/', 'Home');
    configureAnalytics(null);
    configureAnalytics('');
    trackSearch('latte');
    trackShareDrink('Americano');

    expect(warn).toHaveBeenCalledTimes(1);
    expect(window.gtag).toBeUndefined();
    expect(document.head.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('with an id loads gtag once and sends the events queued before it', () => {
    trackPageView('/menu', 'Menu');
    configureAnalytics('G-ABC123');
    trackShareDrink('Lavender Matcha Latte');

    const scripts = document.head.querySelectorAll(
      'script[src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"]',
    );
    expect(scripts).toHaveLength(1);
    expect(events()).toEqual([
      ['event', 'page_view', expect.objectContaining({ page_path: '/menu', page_title: 'Menu' })],
      ['event', 'share_drink', { event_category: 'engagement', event_label: 'Lavender Matcha Latte' }],
    ]);
    expect(console.warn).not.toHaveBeenCalled();
    scripts.forEach((s) => s.remove());
  });
});
