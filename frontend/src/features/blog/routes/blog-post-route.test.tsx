import { configure, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { POST_HERO_SIZES } from '@/lib/head/keys';
import { renderApp } from '@/testing/render';
import { postsFixture } from '../testing/fixtures';

configure({ asyncUtilTimeout: 5000 });

// toasts live in a module store: none may leak into the next test
afterEach(() => notifications.clean());

function mockPost(slug: string, answer: Parameters<typeof mockApi>[0][string]) {
  const fetchMock = mockApi({
    [`/api/blog/${slug}`]: answer,
    '/api/blog': () => {
      const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
      const category = url.searchParams.get('category');
      return { status: 200, body: postsFixture().filter((p) => !category || p.category === category) };
    },
  });
  return fetchMock;
}

const post = (slug: string) => postsFixture().find((p) => p.slug === slug)!;

describe('/blog/{slug}', () => {
  it('shows skeletons while the article loads', async () => {
    mockPost('golden-eagle-review', 'pending');
    renderApp('/blog/golden-eagle-review');

    expect(await screen.findByRole('status', { name: 'Loading the article' })).toBeInTheDocument();
  });

  it('shows the article as text paragraphs with its badge, date, reading time, tags and related articles', async () => {
    const fetchMock = mockPost('golden-eagle-review', { status: 200, body: post('golden-eagle-review') });
    renderApp('/blog/golden-eagle-review');

    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Eagle Review' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getByText('Reviews').closest('[data-category]')).toHaveAttribute('data-category', 'reviews');
    expect(screen.getByRole('article', { name: 'Golden Eagle Review' })).toHaveTextContent(
      'January 5, 2025 · 1 min read',
    );
    expect(screen.getByText('Golden Eagle Review: the short version.')).toBeInTheDocument();

    const content = screen.getByTestId('post-content');
    const paragraphs = content.querySelectorAll('p');
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toHaveTextContent('First paragraph <b>not bold</b>.');
    expect(content.querySelector('b, script')).toBeNull();

    expect(screen.getByRole('link', { name: '#golden eagle' })).toHaveAttribute('href', '/blog?tag=golden%20eagle');
    const related = await screen.findByRole('region', { name: 'Related Articles' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/blog/cold-brew-lineup-review']);
    expect(related).toHaveTextContent('August 22, 2025');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/blog?category=reviews');

    const quick = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/menu', '/menu/secret-menu', '/calories']);
    expect(screen.getByRole('button', { name: 'Subscribe to Newsletter' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Golden Eagle Review | Dutch Bros Fan Blog'));
  });

  it('has no related articles when it is the only one of its category, and shares by copying the link', async () => {
    mockPost('first-visit-ordering-guide', { status: 200, body: post('first-visit-ordering-guide') });
    const { user } = renderApp('/blog/first-visit-ordering-guide');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your First Visit: An Ordering Guide' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/blog/first-visit-ordering-guide`);
    expect(screen.queryByRole('region', { name: 'Related Articles' })).not.toBeInTheDocument();
  });

  it('gives a media library hero its WebP widths with the sizes the head preloads', async () => {
    const library = { ...post('golden-eagle-review'), imageUrl: '/media/7/0123456789abcdef-w1600.webp' };
    mockPost('golden-eagle-review', { status: 200, body: library });
    const { container } = renderApp('/blog/golden-eagle-review');
    await screen.findByRole('heading', { level: 1, name: 'Golden Eagle Review' });
    const hero = container.querySelector('img[fetchpriority="high"]')!;
    expect(hero).toHaveAttribute('src', '/media/7/0123456789abcdef-w1600.webp');
    expect(hero).toHaveAttribute(
      'srcset',
      '/media/7/0123456789abcdef-w480.webp 480w, /media/7/0123456789abcdef-w960.webp 960w, /media/7/0123456789abcdef-w1600.webp 1600w',
    );
    expect(hero).toHaveAttribute('sizes', POST_HERO_SIZES);
  });

  it('keeps a hero that is not a library picture without srcset', async () => {
    mockPost('golden-eagle-review', { status: 200, body: post('golden-eagle-review') });
    const { container } = renderApp('/blog/golden-eagle-review');
    await screen.findByRole('heading', { level: 1, name: 'Golden Eagle Review' });
    const hero = container.querySelector('img[fetchpriority="high"]')!;
    expect(hero).toBeInTheDocument();
    expect(hero).not.toHaveAttribute('srcset');
    expect(hero).not.toHaveAttribute('sizes');
  });

  it('shows "Article Not Found" for an unknown post', async () => {
    mockPost('no-such-post', { status: 404, statusText: 'Not Found', body: { statusCode: 404, message: 'No post' } });
    renderApp('/blog/no-such-post');

    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The article you're looking for doesn't exist or has been moved.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  it('shows an error with Retry when the article cannot be loaded', async () => {
    let calls = 0;
    mockPost('golden-eagle-review', () =>
      ++calls === 1
        ? { status: 503, body: { statusCode: 503, message: 'down' } }
        : { status: 200, body: post('golden-eagle-review') },
    );
    const { user } = renderApp('/blog/golden-eagle-review');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this article.");
    expect(screen.queryByText('Article Not Found')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Eagle Review' })).toBeInTheDocument();
  });
});
