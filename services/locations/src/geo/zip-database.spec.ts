import * as zipcodes from 'zipcodes';
import { cityPoint, zipPoint } from './geo';
import { zipDatabase } from './zip-database';

// The compact database answers exactly what the `zipcodes` package answers, for every ZIP it has.
describe('zipDatabase', () => {
  const all = Object.values((zipcodes as unknown as { codes: Record<string, zipcodes.ZipCodeInfo> }).codes).filter(
    (c) => c.country === 'US',
  );

  it('has every US ZIP of the package, at the same centre, city and state', () => {
    expect(all.length).toBeGreaterThan(40_000);
    const wrong = all.filter((c) => {
      const found = zipDatabase().lookup(c.zip);
      return (
        !found ||
        found.latitude !== c.latitude ||
        found.longitude !== c.longitude ||
        found.city !== c.city ||
        found.state !== c.state
      );
    });
    expect(wrong).toEqual([]);
  });

  it('knows no ZIP the package does not, nor a Canadian postal code', () => {
    for (const zip of ['00000', '99999', '1234', '123456', 'A1B', 'K1A 0B1', '']) {
      expect(zipcodes.lookup(zip)?.country).not.toBe('US');
      expect(zipDatabase().lookup(zip)).toBeNull();
    }
  });

  it("finds a city's ZIPs as the package does, in its order, whatever the case", () => {
    const cities = [...new Set(all.filter((_, i) => i % 97 === 0).map((c) => `${c.city}|${c.state}`))];
    for (const pair of [...cities, 'Portland|OR', 'Saint Louis|MO', 'New York|NY', 'Nowhere|OR']) {
      const [city, state] = pair.split('|');
      const expected = zipcodes.lookupByName(city, state).map((c) => [c.latitude, c.longitude]);
      expect(
        zipDatabase()
          .lookupByName(city.toLowerCase(), state.toLowerCase())
          .map((c) => [c.latitude, c.longitude]),
      ).toEqual(expected);
    }
  });

  it('gives the geo helpers their points', () => {
    expect(zipPoint('97201')).toEqual({ latitude: 45.5078, longitude: -122.6897, city: 'Portland', state: 'OR' });
    expect(zipPoint('A1B')).toBeNull();
    expect(cityPoint('St. Helens', 'OR')).not.toBeNull();
    expect(cityPoint('Nowhere At All', 'OR')).toBeNull();
  });
});
