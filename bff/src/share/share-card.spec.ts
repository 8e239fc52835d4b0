import { createHash } from 'node:crypto';
import { cardSvg, hoursLines, priceRange, renderCard, wrap } from './share-card';

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
};
const sha = (b: Buffer) => createHash('sha1').update(b).digest('hex');

describe('share pictures', () => {
  it('are 1200x630 PNGs, one of its own per drink, with text drawn from the shipped font', () => {
    const a = renderCard({ kind: 'Drink', title: 'Caramelizer', lines: ['$4.25 – $7.80'], siteName: 'Coffee Guide' });
    const b = renderCard({ kind: 'Drink', title: 'Golden Eagle', lines: ['$4.25 – $7.80'], siteName: 'Coffee Guide' });
    const blank = renderCard({ kind: '', title: '', lines: [], siteName: '' });
    expect(pngSize(a)).toEqual([1200, 630]);
    expect(pngSize(b)).toEqual([1200, 630]);
    expect(sha(a)).not.toBe(sha(b));
    // the text is drawn (without a font it would be the blank card)
    expect(sha(a)).not.toBe(sha(blank));
    expect(a.length).toBeGreaterThan(blank.length + 1000);
  });

  it('escapes the text and wraps long names', () => {
    const svg = cardSvg({ kind: 'Blog', title: 'A <b> & "c"', lines: ['x'], siteName: "Bean's" });
    expect(svg).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(svg).toContain('Bean&apos;s');
    expect(wrap('one two three four five', 9, 2)).toEqual(['one two', 'three…']);
  });

  it('says the price range and the hours in a few lines', () => {
    expect(priceRange(['3.45', '5.10', '7.80'])).toBe('$3.45 – $7.80');
    expect(priceRange(['2.00'])).toBe('$2.00');
    expect(priceRange([])).toBeNull();
    const same = Object.fromEntries(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [d, 'Open 24 hours']),
    );
    expect(hoursLines(same)).toEqual(['Every day: Open 24 hours']);
    expect(hoursLines({ ...same, Saturday: 'Closed', Sunday: 'Closed' })).toEqual([
      'Mon–Fri: Open 24 hours',
      'Sat–Sun: Closed',
    ]);
  });
});
