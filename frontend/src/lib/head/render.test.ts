import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHead, type PageHead } from './render';
import { DRINK_PICTURE_SIZES, POST_HERO_SIZES } from './keys';

const head = (over: Partial<PageHead> = {}): PageHead => ({
  title: 'Title',
  description: 'Description',
  robots: 'index,follow',
  canonical: 'https://guide.example/menu',
  og: {
    type: 'website',
    siteName: 'Guide',
    title: 'Title',
    description: 'Description',
    url: 'https://guide.example/menu',
    image: 'https://guide.example/og-default.png',
  },
  jsonLd: [],
  ...over,
});

describe('renderHead', () => {
  it('escapes every value: a title cannot close its element or an attribute', () => {
    const evil = `</title><script>alert(1)</script>"'&`;
    const html = renderHead(head({ title: evil, description: evil, og: { ...head().og, title: evil } }));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      `<title data-page-head>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;</title>`,
    );
    expect(html).toContain(
      `<meta name="description" content="&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;" data-page-head>`,
    );
    expect(escapeHtml('a"b')).toBe('a&quot;b');
  });

  it('keeps JSON-LD inside its script element whatever the data says', () => {
    const value = { '@type': 'WebPage', name: '</script><script>alert(1)</script> & \u2028\u2029 <!--' };
    const html = renderHead(head({ jsonLd: [value] }));
    const scripts = html.match(/<script type="application\/ld\+json" data-page-head>([\s\S]*?)<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    const body = /<script[^>]*>([\s\S]*?)<\/script>/.exec(scripts[0] ?? '')![1];
    expect(body).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(body)).toEqual(value);
  });

  it('writes Open Graph and Twitter tags, with the size of a known picture', () => {
    const html = renderHead(head());
    for (const tag of [
      '<link rel="canonical" href="https://guide.example/menu" data-page-head>',
      '<meta property="og:url" content="https://guide.example/menu" data-page-head>',
      '<meta property="og:image" content="https://guide.example/og-default.png" data-page-head>',
      '<meta property="og:image:width" content="1200" data-page-head>',
      '<meta name="twitter:card" content="summary_large_image" data-page-head>',
      '<meta name="robots" content="index,follow" data-page-head>',
    ]) {
      expect(html).toContain(tag);
    }
    // the picture's words for those who cannot see it, on Twitter's card as on Open Graph's
    expect(html).toMatch(/<meta name="twitter:image:alt" content="[^"]+" data-page-head>/);
  });

  it('gives a share picture (bff/src/share) its 1200x630 size', () => {
    const html = renderHead(
      head({
        og: { ...head().og, image: 'https://guide.example/share/drinks/golden-eagle.png', imageAlt: 'Golden Eagle' },
      }),
    );
    expect(html).toContain('<meta property="og:image:width" content="1200" data-page-head>');
    expect(html).toContain('<meta property="og:image:height" content="630" data-page-head>');
    expect(html).toContain('<meta name="twitter:image:alt" content="Golden Eagle" data-page-head>');
  });

  it("preloads the page's first-screen picture with high priority, and nothing on a page without one", () => {
    const html = renderHead(head({ lcpImage: '/images/drinks/golden-eagle.svg?v=1&x="2"' }));
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/drinks/golden-eagle.svg?v=1&amp;x=&quot;2&quot;" data-page-head>',
    );
    expect(renderHead(head())).not.toContain('rel="preload"');
  });

  it("preloads a media library picture with the srcset and sizes its <img> gives: a post's hero, a drink's picture", () => {
    const src = '/media/7/0123456789abcdef-w960.webp';
    const srcset =
      '/media/7/0123456789abcdef-w480.webp 480w, /media/7/0123456789abcdef-w960.webp 960w, /media/7/0123456789abcdef-w1600.webp 1600w';
    const post = renderHead(head({ lcpImage: src, og: { ...head().og, type: 'article' } }));
    expect(post).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${src}" imagesrcset="${srcset}" imagesizes="${POST_HERO_SIZES}" data-page-head>`,
    );
    const drink = renderHead(head({ lcpImage: src }));
    expect(drink).toContain(`imagesrcset="${srcset}" imagesizes="${DRINK_PICTURE_SIZES}" data-page-head>`);
    expect(renderHead(head({ lcpImage: '/images/drinks/faves.png' }))).not.toContain('imagesrcset');
  });
});
