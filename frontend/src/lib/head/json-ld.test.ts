import { describe, expect, it } from 'vitest';
import type { DrinkDetail } from '@coffee-guide/contracts';
import { fillPlaceholders, menuItem, openingHours, organization, withoutRatings } from './json-ld';

describe('JSON-LD builders', () => {
  it('writes weekly hours in local time: days with equal hours together, after-midnight closes, 24-hour days, closed days left out', () => {
    const day = (open: number, close: number) => ({ open, close });
    expect(
      openingHours({
        monday: day(300, 1320),
        tuesday: day(300, 1320),
        wednesday: day(300, 1320),
        thursday: day(300, 1320),
        friday: day(300, 1500),
        saturday: day(0, 1440),
        sunday: null,
      }),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
        opens: '05:00',
        closes: '22:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '05:00', closes: '01:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '00:00', closes: '23:59' },
    ]);
  });

  it('removes every rating and review, however deep', () => {
    const input = {
      '@type': 'Product',
      name: 'x',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8 },
      offers: [
        { '@type': 'Offer', price: '1.00' },
        { '@type': 'AggregateRating', ratingValue: 5 },
      ],
      nested: { review: [{ '@type': 'Review' }], item: { '@type': ['Thing', 'Rating'] } },
    };
    expect(withoutRatings(input)).toEqual({
      '@type': 'Product',
      name: 'x',
      offers: [{ '@type': 'Offer', price: '1.00' }],
      nested: {},
    });
  });

  it('fills known placeholders once, leaving others such as a SearchAction term', () => {
    const out = fillPlaceholders({ a: '{brand} {search_term_string}', b: ['{name}'] }, { brand: '{name}', name: 'N' });
    expect(out).toEqual({ a: '{name} {search_term_string}', b: ['N'] });
  });

  it('describes the fan site by its own name, never as the chain', () => {
    const org = organization({ siteUrl: 'https://guide.example', siteName: 'Coffee Guide', brand: 'Bean Bros' });
    expect(org.name).toBe('Coffee Guide');
    expect(String(org.description)).toMatch(/not affiliated/i);
  });

  it('gives a drink with published figures an offer per size in USD and the first size nutrition', () => {
    const facts = {
      calories: 236,
      fat: 11.4,
      saturatedFat: 7.1,
      cholesterol: 34,
      sodium: 80,
      carbohydrates: 31.3,
      fiber: 0,
      sugars: 28.6,
      protein: 3.2,
      caffeine: 318,
    };
    const drink = {
      name: '9-1-1',
      description: 'd',
      sizeDetails: [
        { size: 'small', ounces: 16, price: '6.30', nutrition: facts },
        { size: 'large', ounces: 32, price: '7.80', nutrition: null },
      ],
      source: "The chain's online ordering menu",
      asOf: '2025-05-28',
      estimated: false,
    } as unknown as DrinkDetail;
    const node = menuItem(drink, 'https://g/x', 'https://g/i.png') as {
      nutrition: Record<string, string>;
      offers: Record<string, string>[];
    };
    expect(node.nutrition).toMatchObject({
      '@type': 'NutritionInformation',
      calories: '236 calories',
      servingSize: '16 fl oz (small)',
      sugarContent: '28.6 g',
    });
    expect(node.offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
      ['Small (16 oz)', '6.30', 'USD'],
      ['Large (32 oz)', '7.80', 'USD'],
    ]);
    expect(node.offers[0].description).toBe(
      "Price as published in the chain's online ordering menu on 2025-05-28; prices vary by location.",
    );
  });

  it("never offers an estimate as the chain's figure: an estimated drink's offers and page say they are estimates", () => {
    const drink = {
      name: 'Golden Eagle',
      description: 'd',
      sizeDetails: [{ size: 'small', ounces: 16, price: '5.25', nutrition: { calories: 1 } }],
      source: "This guide's price and nutrition model",
      asOf: '2025-05-28',
      estimated: true,
    } as unknown as DrinkDetail;
    const node = menuItem(drink, 'https://g/x', 'https://g/i.png');
    expect(node.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'Small (16 oz)',
        price: '5.25',
        priceCurrency: 'USD',
        description:
          "Estimated price in this guide's price and nutrition model on 2025-05-28, not published by the chain; prices vary by location.",
      },
    ]);
    expect(node.nutrition).toMatchObject({ '@type': 'NutritionInformation', servingSize: '16 fl oz (small)' });
    expect(String(node.disambiguatingDescription)).toMatch(/estimates/);
  });
});
