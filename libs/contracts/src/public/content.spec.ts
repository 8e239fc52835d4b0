import { isSitePath } from './contact-form';
import { contactMessageInputSchema, seoRecordWriteSchema } from './content';

const contact = (page: string) => ({
  name: 'Ann',
  email: 'ann@example.test',
  subject: 'Data correction',
  message: 'Wrong price',
  page,
});

/** The field messages of a refused value, as the services answer them. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('a contact message page', () => {
  it.each(['/menu/faves/golden-eagle', '/locations/or/portland?x=1#top', '/'])('accepts the path %s', (page) => {
    expect(contactMessageInputSchema.parse(contact(page))).toMatchObject({ page });
  });

  it.each([
    '//evil.example/phish',
    '/\\evil.example',
    '/menu\\x',
    'https://evil.example/',
    'javascript:alert(1)',
    'menu',
    '/a b',
  ])('refuses %s with a field message', (page) => {
    expect(errorsOf(contactMessageInputSchema.safeParse(contact(page)))).toEqual({
      page: 'must be a path of this site such as /menu/faves/golden-eagle',
    });
    expect(isSitePath(page)).toBe(false);
  });
});

describe('SEO schemaMarkup', () => {
  const seo = (schemaMarkup: unknown) => ({
    pageSlug: 'contact',
    title: 'Contact',
    description: 'Write to us',
    schemaMarkup,
  });
  const PROTO = 'must not contain a __proto__, constructor or prototype key';

  it('takes an object or its JSON text alike', () => {
    const value = { '@context': 'https://schema.org', '@type': 'ContactPage', about: { name: 'x' } };
    expect(seoRecordWriteSchema.parse(seo(value)).schemaMarkup).toEqual(value);
    expect(seoRecordWriteSchema.parse(seo(JSON.stringify(value))).schemaMarkup).toEqual(value);
  });

  it.each([
    ['__proto__ at the top of the text', '{"@type":"WebPage","__proto__":{"@type":"Evil"}}'],
    ['__proto__ deep in the text', '{"@type":"WebPage","a":[{"b":{"__proto__":{"isPolluted":true}}}]}'],
    ['constructor.prototype in the text', '{"constructor":{"prototype":{"isPolluted":true}}}'],
    ['prototype in the text', '{"a":{"prototype":1}}'],
  ])('refuses %s with a field message', (_, text) => {
    expect(errorsOf(seoRecordWriteSchema.safeParse(seo(text)))).toEqual({ schemaMarkup: PROTO });
  });

  it('refuses the same keys in an object', () => {
    expect(errorsOf(seoRecordWriteSchema.safeParse(seo(JSON.parse('{"a":{"__proto__":{"x":1}}}'))))).toEqual({
      schemaMarkup: PROTO,
    });
    expect(errorsOf(seoRecordWriteSchema.safeParse(seo({ a: [{ constructor: 1 }] })))).toEqual({ schemaMarkup: PROTO });
  });

  it('refuses deep nesting in the text without overflowing the stack', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect(errorsOf(seoRecordWriteSchema.safeParse(seo(`{"a":${deep}}`)))).toEqual({
      schemaMarkup: 'must nest at most 32 levels',
    });
  });
});
