import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Markdown, parseBlocks, SectionContent } from './markdown';

const renderMd = (content: string) =>
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <Markdown content={content} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('Markdown', () => {
  it('splits headings, paragraphs and lists', () => {
    expect(parseBlocks('## Title\n\nOne line\nsame paragraph.\n\n1. first\n2. second\ncontinued\n\n- a\n- b')).toEqual([
      { kind: 'heading', level: 2, text: 'Title' },
      { kind: 'paragraph', text: 'One line same paragraph.' },
      { kind: 'list', ordered: true, items: ['first', 'second continued'] },
      { kind: 'list', ordered: false, items: ['a', 'b'] },
    ]);
  });

  it('renders bold, emphasis, safe links and e-mail addresses; HTML and unsafe links stay text', () => {
    renderMd(
      '**Bold** and *soft*, [home](/menu), [out](https://example.test/x), [evil](javascript:alert) <img src=x onerror=alert(1)> mail a@b.test',
    );

    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(screen.getByText('soft').tagName).toBe('EM');
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('link', { name: 'out' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'evil' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'a@b.test' })).toHaveAttribute('href', 'mailto:a@b.test');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
  });

  it('links no protocol-relative or backslash target, as a link or as an image', () => {
    renderMd(
      '[a](/\\evil.example) [b](//evil.example/x) [c](/\\/evil.example) ![d](/\\evil.example/i.png) ![e](//evil.example/i.png) [ok](/menu/faves)',
    );

    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/menu/faves']);
    expect(document.querySelector('a[href*="evil"], img')).toBeNull();
    for (const name of ['a', 'b', 'c', 'd', 'e']) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('renders quotes, and pictures from http(s) or site paths only', () => {
    expect(parseBlocks('> One\n> two\n\nAfter')).toEqual([
      { kind: 'quote', text: 'One two' },
      { kind: 'paragraph', text: 'After' },
    ]);
    renderMd(
      '> A quote with [a link](/faq)\n\n![A cup](https://images.example.com/cup.png) ![Local](/images/a.png) ![Bad](javascript:alert(1)) ![Data](data:image/png;base64,AAAA)',
    );
    expect(document.querySelector('blockquote')).toHaveTextContent('A quote with a link');
    expect([...document.querySelectorAll('img')].map((i) => [i.getAttribute('alt'), i.getAttribute('src')])).toEqual([
      ['A cup', 'https://images.example.com/cup.png'],
      ['Local', '/images/a.png'],
    ]);
    expect(screen.getByText(/Bad/)).toBeInTheDocument();
    expect(document.querySelector('[src^="javascript"], [src^="data"]')).toBeNull();
  });

  it('renders an html section as the sanitised markup it came as, on a server without DOM globals', () => {
    const html = '<p>One <strong>two</strong> <a href="/menu" rel="">menu</a></p><p>Three &amp; four</p>';
    vi.stubGlobal('DOMParser', undefined);
    vi.stubGlobal('document', undefined);
    const out = renderToString(
      <MantineProvider env="test">
        <SectionContent content={html} contentType="html" />
      </MantineProvider>,
    );
    vi.unstubAllGlobals();
    expect(out).toContain(html);
  });
});
