/**
 * Stand and city addresses whose slug changed when every slug came to follow the one rule (`slugify`:
 * apostrophes dropped, `&` read as "and"). Each old address answers a 301 to its new one, forever.
 * Keys are `state/city` or `state/city/stand`, values the new last segment.
 */
export const LEGACY_CITY_SLUGS: Readonly<Record<string, string>> = {
  'id/coeur-d-alene': 'coeur-dalene',
  'mo/lee-s-summit': 'lees-summit',
  'mo/o-fallon': 'ofallon',
};
export const LEGACY_STAND_SLUGS: Readonly<Record<string, string>> = {
  'nv/las-vegas/s-rainbow-blvd-desert-rainbow': 's-rainbow-blvd-desert-and-rainbow',
};

/**
 * The new address of an old city or stand page (`/locations/mo/o-fallon/bryan-rd?x=1` ->
 * `/locations/mo/ofallon/bryan-rd?x=1`), read like the router reads paths (case-insensitive, a trailing
 * slash ignored); undefined for any other URL.
 */
export function movedLocationUrl(url: string): string | undefined {
  const [path, query] = url.split(/\?(.*)/s, 2);
  let segments: string[];
  try {
    segments = path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return undefined;
  }
  const [first, state, city, stand] = segments;
  if (first !== 'locations' || segments.length < 3 || segments.length > 4) return undefined;
  const newCity = LEGACY_CITY_SLUGS[`${state}/${city}`] ?? city;
  const newStand =
    stand === undefined
      ? undefined
      : (LEGACY_STAND_SLUGS[`${state}/${newCity}/${stand}`] ??
        LEGACY_STAND_SLUGS[`${state}/${city}/${stand}`] ??
        stand);
  if (newCity === city && newStand === stand) return undefined;
  return `/${[first, state, newCity, newStand].filter((s) => s !== undefined).join('/')}${query ? `?${query}` : ''}`;
}

/** The spec's older menu category slugs, answered with a permanent redirect to the new slug. */
export const LEGACY_CATEGORY_REDIRECTS: Record<string, string> = {
  coffee: 'coffee-classics',
  'energy-drinks': 'rebel-energy-drinks',
  frosts: 'blended-freeze',
  teas: 'iced-tea',
};
