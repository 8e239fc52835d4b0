import { z } from 'zod';
import { adminLoginRequestSchema, menuItemCreateSchema } from './admin';
import { blogPostWriteSchema, contactMessageInputSchema, seoRecordWriteSchema } from './content';
import { standWriteSchema } from './stand-write';
import { isPlainData, SINGLE_LINE_INVISIBLE_MESSAGE, singleLine, textRulePath, textRuleProblem } from './text-rules';

describe('the rules of every text', () => {
  it('refuses bidirectional controls and a byte-order mark, and keeps joiners and marks', () => {
    expect(textRuleProblem('a\u202eb')).toMatch(/bidirectional/);
    expect(textRuleProblem('a\u2067b')).toMatch(/bidirectional/);
    expect(textRuleProblem('a\ufeffb')).toMatch(/byte-order mark/);
    expect(textRuleProblem('👩\u200d💻 \u200c \u200e \u200f \u061c \u2060')).toBeUndefined();
  });

  it('names the path of the first text breaking one, keys included, passwords exempt', () => {
    expect(textRulePath({ tags: ['ok', 'x\ufeff'] })).toEqual({
      path: 'tags.1',
      message: expect.stringMatching(/byte-order/),
    });
    expect(textRulePath({ a: { ['k\u202e']: 1 } })).toEqual({
      path: 'a.k\ufffd',
      message: expect.stringMatching(/bidirectional/),
    });
    expect(textRulePath({ password: 'x\u202ey', newPassword: '\ufeff' })).toBeUndefined();
  });

  it('walks only plain records and arrays: never a Buffer, a typed array or a class instance', () => {
    expect(isPlainData({})).toBe(true);
    expect(isPlainData(Object.create(null))).toBe(true);
    expect(isPlainData([])).toBe(true);
    expect(isPlainData(JSON.parse('{"a":1}'))).toBe(true);
    expect(isPlainData(new Uint8Array(2))).toBe(false);
    expect(isPlainData(new Map())).toBe(false);
    expect(isPlainData(new (class Stream {})())).toBe(false);
    // A byte that would be a bidi control's is a number in a typed array, and its keys are never listed.
    const bytes = new Proxy(new Uint8Array(3), {
      ownKeys() {
        throw new Error('enumerated');
      },
    });
    expect(textRulePath({ body: bytes })).toBeUndefined();
  });
});

describe('singleLine', () => {
  const name = singleLine(z.string()).trim().min(1, 'is required').max(20, 'must be at most 20 characters');

  it.each([
    ['a zero-width space', 'Ad\u200bmin'],
    ['a zero-width non-joiner', 'Ad\u200cmin'],
    ['a zero-width joiner', 'Ad\u200dmin'],
    ['a word joiner', 'Ad\u2060min'],
    ['a byte-order mark at the end (before the trim)', 'Admin\ufeff'],
    ['a left-to-right mark', '\u200eAdmin'],
    ['a right-to-left mark', 'Admin\u200f'],
    ['an Arabic letter mark', 'Ad\u061cmin'],
    ['a right-to-left override', 'Ad\u202emin'],
    ['a first-strong isolate', 'Ad\u2068min'],
  ])('refuses %s with its message', (_what, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(SINGLE_LINE_INVISIBLE_MESSAGE);
  });

  it('keeps the schema it wraps: trimming, limits, and any other script', () => {
    expect(name.parse('  Admin ')).toBe('Admin');
    expect(name.parse('שלום Café İ')).toBe('שלום Café İ');
    expect(name.safeParse('x'.repeat(21)).error?.issues[0].message).toBe('must be at most 20 characters');
  });
});

describe('the single-line fields of the write schemas', () => {
  const ZWSP = '\u200b';
  const fieldsRefused = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success
      ? []
      : result.error.issues.filter((i) => /invisible/.test(i.message)).map((i) => i.path.join('.'));
  };
  const drink = {
    name: 'Mocha',
    description: 'Rich.\nTwo lines, a joiner 👩\u200d🍳 and a mark \u200f are fine here.',
    category: 'coffee-classics',
  };
  const stand = { name: 'Main St', address: '1 Main St', city: 'Portland', state: 'OR', zipCode: '97201' };
  const post = {
    title: 'Hello',
    excerpt: 'Short.',
    content: 'Body\u200d\u200e.',
    category: 'news',
    publishedAt: '2025-01-05',
  };
  const seo = { pageSlug: 'menu', title: 'Menu', description: 'All drinks.' };
  const message = { name: 'Ann', email: 'ann@example.com', subject: 'general', message: 'Hi \u200f there' };

  it('accepts the multi-line texts with their joiners and marks', () => {
    expect(menuItemCreateSchema.safeParse(drink).success).toBe(true);
    expect(blogPostWriteSchema.safeParse(post).success).toBe(true);
    expect(fieldsRefused(contactMessageInputSchema, message)).toEqual([]);
    expect(standWriteSchema.safeParse(stand).success).toBe(true);
    expect(seoRecordWriteSchema.safeParse(seo).success).toBe(true);
  });

  it.each([
    ['a drink name', menuItemCreateSchema, { ...drink, name: `Ad${ZWSP}min` }, ['name']],
    [
      'a drink subcategory and an ingredient',
      menuItemCreateSchema,
      { ...drink, subcategory: 'x\u2060y', ingredients: ['milk', 'es\u200epresso'] },
      ['subcategory', 'ingredients'],
    ],
    [
      'a stand name, city, phone and amenity',
      standWriteSchema,
      { ...stand, name: '\u200fMain', city: `Port${ZWSP}land`, phone: '555\u061c', amenities: ['wifi\ufeff'] },
      ['name', 'city', 'phone', 'amenities.0'],
    ],
    [
      'a blog title and tag',
      blogPostWriteSchema,
      { ...post, title: `Hel${ZWSP}lo`, tags: ['a\u200cb'] },
      ['title', 'tags'],
    ],
    [
      'an SEO title, keywords and og:title',
      seoRecordWriteSchema,
      { ...seo, title: 'M\u200denu', keywords: `a${ZWSP}`, ogTitle: 'x\u202ey' },
      ['title', 'keywords', 'ogTitle'],
    ],
    [
      "a contact message's name and e-mail",
      contactMessageInputSchema,
      { ...message, name: `Ann${ZWSP}`, email: `ann${ZWSP}@example.com` },
      ['name', 'email'],
    ],
    ['a sign-in e-mail', adminLoginRequestSchema, { email: `admin${ZWSP}@example.com`, password: 'x' }, ['email']],
  ])('refuses invisible characters in %s, naming each field', (_what, schema, value, fields) => {
    expect(fieldsRefused(schema as z.ZodType, value).sort()).toEqual([...fields].sort());
  });
});
