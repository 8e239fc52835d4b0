import { readFileSync } from 'node:fs';

/** A US ZIP's centre as the `zipcodes` package (GeoNames data) gives it. */
export interface ZipInfo {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

interface ZipFile {
  codes: Record<
    string,
    { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
  >;
  stateMap: Record<string, string[]>;
}

/**
 * The US ZIP database of the `zipcodes` package (8.0.0), held compactly: 42,555 ZIPs in typed arrays and a
 * map, about 4 MB. Requiring the package compiles its 5 MB object literal and keeps every record as an
 * object (its Canadian codes too), 80 MB of the process's memory for good; its data file is one JSON object
 * a line, so it is parsed as JSON instead (no compile) and read once, at the first lookup.
 */
class ZipDatabase {
  private readonly index = new Map<string, number>();
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  private readonly cities: string[] = [];
  private readonly states: string[] = [];
  /** `STATE\nCITY` (upper case) -> the ZIPs, in the package's order of the state's ZIPs. */
  private readonly byCity = new Map<string, number[]>();

  constructor(file: ZipFile) {
    const zips = Object.keys(file.codes);
    this.latitudes = new Float64Array(zips.length);
    this.longitudes = new Float64Array(zips.length);
    const names = new Map<string, string>();
    const once = (text: string) => names.get(text) ?? (names.set(text, text), text);
    zips.forEach((zip, i) => {
      const record = file.codes[zip];
      if (record.country !== 'US') return;
      this.index.set(zip, i);
      this.latitudes[i] = record.latitude;
      this.longitudes[i] = record.longitude;
      this.cities[i] = once(record.city);
      this.states[i] = once(record.state);
    });
    for (const [state, list] of Object.entries(file.stateMap)) {
      for (const zip of list) {
        const i = this.index.get(zip);
        if (i === undefined) continue;
        const key = `${state}\n${this.cities[i].toUpperCase()}`;
        const found = this.byCity.get(key);
        if (found) found.push(i);
        else this.byCity.set(key, [i]);
      }
    }
  }

  lookup(zip: string): ZipInfo | null {
    const i = this.index.get(zip);
    return i === undefined ? null : this.info(i);
  }

  /** The ZIPs of a city of a state (its two-letter code), compared without case. */
  lookupByName(city: string, state: string): ZipInfo[] {
    return (this.byCity.get(`${state.toUpperCase()}\n${city.toUpperCase()}`) ?? []).map((i) => this.info(i));
  }

  private info(i: number): ZipInfo {
    return { latitude: this.latitudes[i], longitude: this.longitudes[i], city: this.cities[i], state: this.states[i] };
  }
}

let database: ZipDatabase | undefined;

/** The database, read on first use (the locator's ZIP and city searches, a stand written without a position). */
export function zipDatabase(): ZipDatabase {
  if (!database) database = new ZipDatabase(readZipFile(require.resolve('zipcodes/lib/codes.js')));
  return database;
}

/** `exports.codes = {...};` and `exports.stateMap = {...};`, each on a line of its own. */
export function readZipFile(file: string): ZipFile {
  const parts: Record<string, unknown> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^exports\.(\w+) = /.exec(line);
    if (match) parts[match[1]] = JSON.parse(line.slice(match[0].length).replace(/;\s*$/, ''));
  }
  if (!parts.codes || !parts.stateMap) throw new Error(`${file} is not the zipcodes data file this service reads`);
  return parts as unknown as ZipFile;
}
