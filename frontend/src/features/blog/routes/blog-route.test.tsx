import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { postsFixture } from '../testing/fixtures';

configure({ asyncUtilTimeout: 5000 });

/** /api/blog answers by its category query, as the BFF does. */
function mockBlog(options: { fail?: () => boolean; pending?: boolean } = {}) {
  const fetchMock = mockApi({
    '/api/blog': () => {
      if (options.fail?.()) return { status: 500, body: { statusCode: 500, message: 'content unavailable' } };
      const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
      const category = url.searchParams.get('category');
      return { status: 200, body: postsFixture().filter((p) => !category || p.category === category) };
    },
    ...(options.pending ? { '/api/blog': 'pending' as const } : {}),
  });
  return fetchMock;
}

const blogCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/blog'));

describe('/blog', () => {
  it('shows skeletons while the posts load', async () => {
    mockBlog({ pending: true });
    renderApp('/blog');

    expect(await screen.findByRole('status', { name: 'Loading articles' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dutch Bros Blog' })).toBeInTheDocument();
  });

  it('features the first post, lists the rest, and counts each category in the sidebar', async () => {
    const fetchMock = mockBlog();
    renderApp('/blog');

    const featured = await screen.findByTestId('featured-post');
    expect(within(featured).getByRole('heading', { level: 2 })).toHaveTextContent('The Cold Brew Lineup, Reviewed');
    expect(within(featured).getByRole('link', { name: 'The Cold Brew Lineup, Reviewed' })).toHaveAttribute(
      'href',
      '/blog/cold-brew-lineup-review',
    );
    expect(featured).toHaveTextContent('August 22, 2025 · 2 min read');
    // cards show at most 3 tags, each linking to the filtered list
    const tags = within(within(featured).getByRole('list', { name: 'Tags' })).getAllByRole('link');
    expect(tags.map((a) => a.textContent)).toEqual(['#cold brew', '#nitro', '#review']);
    expect(tags[0]).toHaveAttribute('href', '/blog?tag=cold%20brew');

    expect(screen.getAllByTestId('post-card')).toHaveLength(4);
    expect(screen.getByRole('article', { name: 'Golden Eagle Review' })).toHaveTextContent(
      'January 5, 2025 · 1 min read',
    );

    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: /All Posts/ })).toHaveAttribute('aria-current', 'page');
    expect(within(categories).getByTestId('count-all')).toHaveTextContent('5');
    expect(within(categories).getByTestId('count-reviews')).toHaveTextContent('2');
    expect(within(categories).getByTestId('count-secret-menu')).toHaveTextContent('2');
    expect(within(categories).getByTestId('count-guides')).toHaveTextContent('1');
    expect(within(categories).getByTestId('count-news')).toHaveTextContent('0');
    expect(blogCalls(fetchMock)).toEqual(['/api/blog']);
    expect(screen.getByRole('region', { name: 'Popular Tags' })).toHaveTextContent('#review');
  });

  it('filters by category through the API, by tag and by search text', async () => {
    const fetchMock = mockBlog();
    const { user } = renderApp('/blog');

    await screen.findByTestId('featured-post');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Categories' })).getByRole('link', { name: /Secret Menu/ }),
    );

    await waitFor(() =>
      expect(within(screen.getByTestId('featured-post')).getByRole('heading')).toHaveTextContent(
        'How to Order the Astronaut',
      ),
    );
    expect(screen.getAllByTestId('post-card')).toHaveLength(1);
    expect(blogCalls(fetchMock)).toContain('/api/blog?category=secret-menu');
    expect(screen.getByTestId('blog-filters')).toHaveTextContent('Showing 2 articles in Secret Menu.');

    await user.click(screen.getByRole('link', { name: 'Show all articles' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'FIRST-TIMER');
    await waitFor(() => expect(screen.queryAllByTestId('post-card')).toHaveLength(0));
    expect(within(screen.getByTestId('featured-post')).getByRole('heading')).toHaveTextContent(
      'Your First Visit: An Ordering Guide',
    );

    await user.clear(screen.getByRole('searchbox', { name: 'Search articles' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Popular Tags' })).getByRole('link', { name: '#breve' }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('featured-post')).getByRole('heading')).toHaveTextContent('Golden Eagle Review'),
    );
    expect(screen.getByTestId('blog-filters')).toHaveTextContent('tagged #breve');
  });

  it('says "No articles found" when nothing matches', async () => {
    mockBlog();
    const { user } = renderApp('/blog');

    await screen.findByTestId('featured-post');
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'pumpkin spice');

    expect(await screen.findByText('No articles found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or browse different categories.')).toBeInTheDocument();
  });

  it('shows an error with Retry when the posts cannot be loaded', async () => {
    let calls = 0;
    mockBlog({ fail: () => ++calls === 1 });
    const { user } = renderApp('/blog');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the articles.");
    expect(screen.queryByText('No articles found')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('featured-post')).toBeInTheDocument();
  });
});
