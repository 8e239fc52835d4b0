import { canonicalApiQuery, canonicalPageQuery } from './query-table';

/** `allergenFree=` in the route table (docs/drink-tools.md "Allergen filters"): one canonical key, a bad value an error. */
describe('allergenFree in the canonical query', () => {
  const api = (query: string) => canonicalApiQuery('/api/menu', new URLSearchParams(query));

  it('is one entry whatever the order, the form (comma list or repeated) or the case', () => {
    const expected = { ok: true, query: 'allergenFree=milk,tree-nuts' };
    expect(api('allergenFree=tree-nuts,milk')).toEqual(expected);
    expect(api('allergenFree=milk&allergenFree=tree-nuts')).toEqual(expected);
    expect(api('allergenFree=Tree%20Nuts,MILK,milk&utm_source=x')).toEqual(expected);
    expect(api('allergenFree=')).toEqual({ ok: true, query: '' });
  });

  it("names an unknown allergen as the field's error", () => {
    const bad = api('allergenFree=milk,peanuts');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.allergenFree).toMatch(/peanuts.*milk, egg, soy, wheat, tree-nuts, coconut/);
  });

  it('is read by the /menu page as by the API', () => {
    expect(
      canonicalPageQuery({ type: 'static', page: 'menu' } as never, new URLSearchParams('allergenFree=egg,milk')),
    ).toEqual({ ok: true, query: 'allergenFree=milk,egg' });
  });
});
