import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { faqBundle } from '../testing/fixtures';

configure({ asyncUtilTimeout: 5000 });

/** GET /api/locations/summary: the counts of the stand list. */
const summary = (perState: Record<string, number>) => ({
  standCount: Object.values(perState).reduce((a, b) => a + b, 0),
  stateCount: Object.keys(perState).length,
  states: Object.entries(perState).map(([code, count]) => ({ code, name: code, count })),
});

/** A question's summary element (the native disclosure's control). */
const question = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('summary') as HTMLElement;
const findQuestion = async (name: string) =>
  (await screen.findByRole('heading', { level: 3, name })).closest('summary') as HTMLElement;
const expanded = (summary: HTMLElement) => (summary.closest('details') as HTMLDetailsElement).open;

describe('/faq', () => {
  it('shows skeletons while the content loads', async () => {
    mockApi({ '/api/site': 'pending' });
    renderApp('/faq');

    expect(await screen.findByRole('status', { name: 'Loading the questions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });

  it('shows the groups with their question counts, filling in the brand, e-mail and counted stands', async () => {
    const fetchMock = mockApi({
      '/api/site': { status: 200, body: faqBundle() },
      '/api/locations/summary': { status: 200, body: summary({ OR: 5, TX: 3, WA: 4 }) },
    });
    const { user } = renderApp('/faq');

    const menu = await screen.findByRole('region', { name: 'Menu & Drinks' });
    expect(within(menu).getByTestId('count-menu-and-drinks')).toHaveTextContent('3 questions');
    expect(
      within(screen.getByRole('region', { name: 'Locations & Hours' })).getByTestId('count-locations-and-hours'),
    ).toHaveTextContent('2 questions');
    expect(screen.getByText('Answers to the questions we hear most about Dutch Bros.')).toBeInTheDocument();
    expect(within(menu).getByRole('heading', { level: 3, name: 'What is a breve?' })).toBeInTheDocument();

    // every answer is in the page, closed or not (readable without JavaScript)
    await waitFor(() =>
      expect(screen.getByText('Our stand list currently counts 12 stands in 3 states.')).toBeInTheDocument(),
    );
    await user.click(question('How many stands are there?'));
    await waitFor(() => expect(expanded(question('How many stands are there?'))).toBe(true));
    expect(callsTo(fetchMock, '/api/locations')).toHaveLength(0);
    await user.click(question('How do I contact you?'));
    expect(await screen.findByRole('link', { name: 'fans@example.test' })).toHaveAttribute(
      'href',
      'mailto:fans@example.test',
    );

    // the FAQPage JSON-LD carries the questions with the counts filled in, as plain text
    await waitFor(() => {
      const nodes = Array.from(
        document.head.querySelectorAll('script[type="application/ld+json"]'),
        (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
      );
      const faq = nodes.find((n) => n['@type'] === 'FAQPage') as
        { mainEntity: { name: string; acceptedAnswer: { text: string } }[] } | undefined;
      expect(faq?.mainEntity.find((q) => q.name === 'How many stands are there?')?.acceptedAnswer.text).toBe(
        'Our stand list currently counts 12 stands in 3 states.',
      );
    });
  });

  it('keeps one question open at a time, across groups, and closes it on a second click', async () => {
    mockApi({ '/api/site': { status: 200, body: faqBundle() } });
    const { user } = renderApp('/faq');

    const breve = await findQuestion('What is a breve?');
    const rebel = question('What is Rebel?');
    const stands = question('How many stands are there?');
    expect(breve.closest('details')).toHaveAttribute('name', 'faq');
    expect([breve, rebel, stands].some(expanded)).toBe(false);

    await user.click(breve);
    await waitFor(() => expect(expanded(breve)).toBe(true));
    expect(screen.getByText('half-and-half').tagName).toBe('STRONG');

    await user.click(rebel);
    await waitFor(() => expect([expanded(breve), expanded(rebel)]).toEqual([false, true]));

    await user.click(stands);
    await waitFor(() => expect([expanded(rebel), expanded(stands)]).toEqual([false, true]));

    await user.click(stands);
    await waitFor(() => expect([breve, rebel, stands].some(expanded)).toBe(false));
  });

  it('filters questions and answers case-insensitively, hides empty groups and says "No results found"', async () => {
    mockApi({ '/api/site': { status: 200, body: faqBundle() } });
    const { user } = renderApp('/faq');

    const search = await screen.findByRole('searchbox', { name: 'Search questions and answers' });
    await user.type(search, 'ENERGY');
    expect(screen.getByRole('heading', { level: 3, name: 'What is Rebel?' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'What is a breve?' })).not.toBeInTheDocument();
    expect(screen.getByTestId('count-menu-and-drinks')).toHaveTextContent('1 question');
    expect(screen.queryByRole('region', { name: 'Locations & Hours' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'pumpkin');
    expect(screen.getByText('No results found')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Menu & Drinks' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry, and an empty state when the page has no questions', async () => {
    let down = true;
    mockApi({
      '/api/site': () =>
        down
          ? { status: 503, body: { statusCode: 503, message: 'down' } }
          : { status: 200, body: faqBundle({ faq: { intro: { content: 'Soon.', contentType: 'text' } } }) },
    });
    const { user } = renderApp('/faq');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the questions.");
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
  });
});
