/**
 * docs/decisions.md, "Pages and routes" (/locations/{state}): a text block for California, Oregon, Washington, Arizona and Texas,
 * keyed by code (docs/decisions.md, "API conventions"); the counts in it are computed from the stands, never fixed claims.
 */
export interface StateFacts {
  standCount: number;
  cityCount: number;
  topCities: string[];
}

const list = (cities: string[]) =>
  cities.length <= 1 ? (cities[0] ?? '') : `${cities.slice(0, -1).join(', ')} and ${cities[cities.length - 1]}`;

export const STATE_BLOCKS: Record<string, (brand: string, facts: StateFacts) => string> = {
  CA: (brand, f) =>
    `California is one of the largest ${brand} states, with ${f.standCount} stands in ${f.cityCount} cities. They run from the far north through the Central Valley to Southern California; the most stands are in ${list(f.topCities)}.`,
  OR: (brand, f) =>
    `Oregon is where ${brand} began, with a pushcart in Grants Pass in 1992. Today the state has ${f.standCount} stands in ${f.cityCount} cities, with the most in ${list(f.topCities)}.`,
  WA: (brand, f) =>
    `Washington has ${f.standCount} ${brand} stands in ${f.cityCount} cities, from the Columbia River to the Canadian border; the most are in ${list(f.topCities)}.`,
  AZ: (brand, f) =>
    `Arizona has ${f.standCount} ${brand} stands in ${f.cityCount} cities. Arizona keeps standard time all year, so its stands' hours never shift with daylight saving time. The most stands are in ${list(f.topCities)}.`,
  TX: (brand, f) =>
    `Texas has grown into the state with the most ${brand} stands: ${f.standCount} in ${f.cityCount} cities, with the most in ${list(f.topCities)}. A few El Paso-area stands keep Mountain time.`,
};

export function defaultStateBlock(brand: string, stateName: string, f: StateFacts): string {
  return `${stateName} has ${f.standCount} ${brand} ${f.standCount === 1 ? 'stand' : 'stands'} in ${f.cityCount} ${f.cityCount === 1 ? 'city' : 'cities'}${f.topCities.length ? `; the most are in ${list(f.topCities)}` : ''}. Each stand below shows whether it is open now, in its own time zone.`;
}

/** docs/decisions.md, "Counts, limits and timings": the state page's city list has 6 cities. */
export const POPULAR_CITIES = 6;

/** A state with more cities than this folds its city index (a `<details>`), so the first screen stays short. */
export const CITY_INDEX_OPEN_MAX = 8;

/** The id of a city's part of the state page, the city index's anchor: `#city-portland`. */
export const cityAnchor = (citySlug: string) => `city-${citySlug}`;
