import { MEDIA_PATH, mediaIdOf, mediaSrcSet, mediaUrl } from './media';

describe('media URLs', () => {
  it('are built and read back', () => {
    const url = mediaUrl(12, '0123456789abcdef', 'original', 'jpeg');
    expect(url).toBe('/media/12/0123456789abcdef-original.jpg');
    expect(MEDIA_PATH.exec(url)?.slice(1)).toEqual(['12', '0123456789abcdef', 'original', 'jpg']);
    expect(mediaIdOf(url)).toBe(12);
    expect(mediaIdOf('https://images.example.com/media/12/x.jpg')).toBeNull();
    expect(mediaIdOf(null)).toBeNull();
  });

  it('give a library picture a srcset of its WebP widths, and nothing for another URL', () => {
    expect(mediaSrcSet('/media/3/0123456789abcdef-w480.webp', '50vw')).toEqual({
      srcSet:
        '/media/3/0123456789abcdef-w480.webp 480w, /media/3/0123456789abcdef-w960.webp 960w, /media/3/0123456789abcdef-w1600.webp 1600w',
      sizes: '50vw',
    });
    expect(mediaSrcSet('/images/blog/cup.jpg')).toBeNull();
    expect(mediaSrcSet('/media/3/0123456789abcdef-original.svg')).toBeNull();
    expect(mediaSrcSet(undefined)).toBeNull();
  });
});
