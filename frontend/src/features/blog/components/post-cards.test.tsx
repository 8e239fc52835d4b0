import type { BlogPost } from '@coffee-guide/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PostCard } from './post-cards';

const post = (imageUrl: string | null): BlogPost => ({
  id: 1,
  slug: 'latte-art',
  title: 'Latte art',
  excerpt: 'Hearts.',
  content: 'Words.',
  category: 'reviews',
  tags: [],
  imageUrl,
  publishedAt: '2025-06-14T00:00:00.000Z',
  status: 'published',
});

const picture = (container: HTMLElement) => container.querySelector('img') as HTMLImageElement;

describe('a post card’s picture', () => {
  it('a media library picture: its WebP widths as srcset with sizes', () => {
    const { container } = renderWithProviders(<PostCard post={post('/media/4/0123456789abcdef-original.jpg')} />);
    expect(screen.getByRole('heading', { name: 'Latte art' })).toBeInTheDocument();
    const img = picture(container);
    expect(img).toHaveAttribute('src', '/media/4/0123456789abcdef-original.jpg');
    expect(img.getAttribute('srcset')).toBe(
      '/media/4/0123456789abcdef-w480.webp 480w, /media/4/0123456789abcdef-w960.webp 960w, /media/4/0123456789abcdef-w1600.webp 1600w',
    );
    expect(img.getAttribute('sizes')).toBe('(min-width: 48em) 33vw, 100vw');
  });

  it('another picture: its URL alone', () => {
    const { container } = renderWithProviders(<PostCard post={post('/images/blog/cup.jpg')} featured />);
    const img = picture(container);
    expect(img).toHaveAttribute('src', '/images/blog/cup.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });
});
