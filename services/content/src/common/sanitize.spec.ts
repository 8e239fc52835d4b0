import { cleanContent, sanitizeSectionHtml } from './sanitize';

describe('sanitizeSectionHtml', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<p onclick="x()">t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<a href="/\\evil.example/">x</a>', '<a>x</a>'],
    ['<a href="/\t/evil.example/">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<a href="/faq">FAQ</a>', '<a href="/faq">FAQ</a>'],
    ['<a href="https://example.com">x</a>', '<a href="https://example.com" rel="noopener noreferrer nofollow">x</a>'],
    ['<strong>b</strong><em>i</em><ul><li>1</li></ul>', '<strong>b</strong><em>i</em><ul><li>1</li></ul>'],
  ])('%s -> %s', (dirty, clean) => {
    expect(sanitizeSectionHtml(dirty)).toBe(clean);
  });

  it('leaves text and markdown as written', () => {
    expect(cleanContent('text', '<script>x</script>')).toBe('<script>x</script>');
    expect(cleanContent('markdown', '**<b>x</b>**')).toBe('**<b>x</b>**');
    expect(cleanContent('html', '<script>x</script>')).toBe('');
  });
});
