/**
 * The stands importer: the chain's store-locator CSV in, the project's own stand records out.
 * Pure apart from the offline ZIP and time-zone databases; the rules are in docs/data/locations.md.
 */
import { slugify } from '@coffee-guide/domain';
import { parseCsvObjects } from './csv';
import { distanceKm, lookupZip, nearestZip, timeZoneAt, zipsOfCity, zipsOfState, zoneOffsetMinutes } from './geo';
import {
  HoursParseError,
  isAllDayEveryDay,
  parseHoursText,
  parseSchedule,
  reconcileHours,
  ScheduleDay,
  WeeklyHours,
} from './hours';
import { address, clean, houseNumber, normaliseCity, streetLabel, stripAddressNoise } from './normalise';

export const AMENITIES = ['Drive-Thru', 'Walk-Up Window', 'Open 24 Hours', 'Mobile Order'] as const;
export type Amenity = (typeof AMENITIES)[number];

export interface Stand {
  id: number;
  code: string;
  storeNumber: string | null;
  name: string;
  slug: string;
  address: string;
  city: string;
  citySlug: string;
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** null: no hours known (a stand not yet open). */
  hours: WeeklyHours | null;
  amenities: Amenity[];
  isOpen: boolean;
  phone: null;
  notes: string[];
  /** Where the stand's facts come from and the snapshot's date (docs/data/figures.md). */
  source: string;
  asOf: string | null;
}

export interface ImportReport {
  rows: number;
  /** Each distinct `hours` text with its number of rows. */
  hourTexts: Map<string, number>;
  unparsableHours: { code: string; text: string; error: string }[];
  corrections: { code: string; note: string }[];
  /** Things seen and left alone. */
  warnings: string[];
  zones: Map<string, number>;
}

export interface ImportOptions {
  /** A stand further than this from its ZIP's centre has a wrong ZIP or wrong coordinates. */
  zipToleranceKm?: number;
  /** The snapshot's date (ISO), written on every stand as its as-of date. */
  asOf?: string | null;
  /** Progress lines (the CLI prints them). */
  onProgress?: (line: string) => void;
}

const REQUIRED_COLUMNS = [
  'id',
  'store_number',
  'store_nickname',
  'drivethru',
  'walkup_window',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'lat',
  'lon',
  'hours',
  'schedule',
];

interface Draft extends Omit<Stand, 'id' | 'slug' | 'name'> {
  line1: string;
  nickname: string;
  schedule: ScheduleDay[];
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const km1 = (x: number) => x.toFixed(1);

function sameCity(a: string, b: string): boolean {
  return slugify(normaliseCity(a)) === slugify(normaliseCity(b));
}

/** Checks a stand's ZIP against its coordinates and city; corrects the one that is wrong. */
function checkZipAndCoordinates(d: Draft, toleranceKm: number, warnings: string[]): void {
  const z = lookupZip(d.zipCode);
  if (!z) {
    warnings.push(`${d.code}: ZIP ${d.zipCode} is not in the ZIP database; left as is`);
    return;
  }
  const km = distanceKm(d.latitude, d.longitude, z.latitude, z.longitude);
  if (km <= toleranceKm && z.state === d.state) return;

  if (z.state === d.state && sameCity(z.city, d.city)) {
    // The ZIP agrees with the address: the coordinates are wrong. Replace the coordinate that is off.
    const latOffKm = distanceKm(d.latitude, z.longitude, z.latitude, z.longitude);
    const lonOffKm = distanceKm(z.latitude, d.longitude, z.latitude, z.longitude);
    const old = `${d.latitude}, ${d.longitude}`;
    if (latOffKm <= toleranceKm / 2) {
      d.notes.push(
        `longitude corrected from ${d.longitude} to ${z.longitude} (the centre of ZIP ${z.zip}, ${z.city}): the source point lay ${km1(km)} km from its ZIP, outside ${d.city}; latitude kept`,
      );
      d.longitude = z.longitude;
    } else if (lonOffKm <= toleranceKm / 2) {
      d.notes.push(
        `latitude corrected from ${d.latitude} to ${z.latitude} (the centre of ZIP ${z.zip}, ${z.city}): the source point lay ${km1(km)} km from its ZIP, outside ${d.city}; longitude kept`,
      );
      d.latitude = z.latitude;
    } else {
      d.notes.push(
        `coordinates corrected from ${old} to the centre of ZIP ${z.zip} (${z.city}): the source point lay ${km1(km)} km from its ZIP`,
      );
      d.latitude = z.latitude;
      d.longitude = z.longitude;
    }
    return;
  }

  // The ZIP belongs to another place: the ZIP is wrong. Take the ZIP of the stand's city nearest to
  // its coordinates; when the database files none under that city (USPS names many suburbs' ZIPs
  // after the big city: Taylorsville, UT is "Salt Lake City"), the nearest ZIP of the state.
  const inCity = zipsOfCity(d.city, d.state);
  const pick = nearestZip(d.latitude, d.longitude, inCity.length > 0 ? inCity : zipsOfState(d.state));
  if (!pick || pick.km > toleranceKm) {
    warnings.push(
      `${d.code}: ZIP ${d.zipCode} (${z.city}, ${z.state}) is ${km1(km)} km from the stand and no better ZIP was found; left as is`,
    );
    return;
  }
  const where =
    inCity.length > 0
      ? `the nearest ${d.city} ZIP`
      : `the nearest ZIP in ${d.state} (the database files none under ${d.city}; USPS calls it ${pick.zip.city})`;
  d.notes.push(
    `zip corrected from ${d.zipCode}: that ZIP is ${z.city}, ${z.state}, ${km1(km)} km from the stand; ${pick.zip.zip} is ${where} to its coordinates (${km1(pick.km)} km)`,
  );
  d.zipCode = pick.zip.zip;
}

/** Compares the zone's offsets with the offsets the schedule states; a disagreement is reported. */
function checkZone(code: string, zone: string, schedule: ScheduleDay[], warnings: string[]): void {
  for (const s of schedule) {
    for (const o of s.offsets) {
      const expected = zoneOffsetMinutes(zone, new Date(o.instant));
      if (expected !== o.offsetMinutes) {
        warnings.push(`${code}: schedule time ${o.instant} disagrees with ${zone} (offset ${expected} min)`);
        return;
      }
    }
  }
}

export function importStands(csvText: string, options: ImportOptions = {}): { stands: Stand[]; report: ImportReport } {
  const toleranceKm = options.zipToleranceKm ?? 20;
  const progress = options.onProgress ?? (() => undefined);
  const rows = parseCsvObjects(csvText);
  if (rows.length > 0) {
    const missing = REQUIRED_COLUMNS.filter((c) => !(c in rows[0]));
    if (missing.length > 0) throw new Error(`the CSV lacks the columns ${missing.join(', ')}`);
  }
  progress(`read ${rows.length} rows`);

  const report: ImportReport = {
    rows: rows.length,
    hourTexts: new Map(),
    unparsableHours: [],
    corrections: [],
    warnings: [],
    zones: new Map(),
  };

  const seenCodes = new Set<string>();
  const drafts: Draft[] = [];
  rows.forEach((row, index) => {
    const code = clean(row.id);
    if (!/^[A-Z]{2}\d{4}$/.test(code)) throw new Error(`row ${index + 2}: unexpected stand code "${row.id}"`);
    if (seenCodes.has(code)) throw new Error(`row ${index + 2}: stand code ${code} appears twice`);
    seenCodes.add(code);
    const notes: string[] = [];

    const state = clean(row.state).toUpperCase();
    const rawCity = row.city;
    const city = normaliseCity(rawCity);
    if (city !== clean(rawCity)) notes.push(`city normalised from "${clean(rawCity)}"`);

    const latitude = Number(row.lat);
    const longitude = Number(row.lon);
    if (
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    ) {
      throw new Error(`${code}: coordinates "${row.lat}", "${row.lon}" are not a point`);
    }
    const zipCode = clean(row.postalCode);
    if (!/^\d{5}$/.test(zipCode)) throw new Error(`${code}: ZIP "${row.postalCode}" is not 5 digits`);

    // Hours.
    const hoursText = clean(row.hours);
    report.hourTexts.set(hoursText, (report.hourTexts.get(hoursText) ?? 0) + 1);
    let textHours: WeeklyHours | null = null;
    try {
      textHours = parseHoursText(hoursText);
    } catch (e) {
      if (!(e instanceof HoursParseError)) throw e;
      report.unparsableHours.push({ code, text: hoursText, error: e.message });
    }
    let schedule: ScheduleDay[] = [];
    try {
      schedule = parseSchedule(row.schedule);
    } catch (e) {
      report.warnings.push(`${code}: schedule not used: ${(e as Error).message}`);
    }
    const reconciled = reconcileHours(textHours, schedule);
    notes.push(...reconciled.notes);
    for (const o of reconciled.observations) report.warnings.push(`${code}: ${o}`);
    const hours = reconciled.hours;

    const storeNumber = clean(row.store_number) || null;
    const isOpen = hours !== null;
    if (!isOpen) {
      notes.push(
        storeNumber === null
          ? 'not yet open: the source has neither hours nor a store number'
          : 'not operating: the source has no hours',
      );
    }

    // Amenities. A blank walk-up flag means the row's flags were never filled in: a 0 drive-thru
    // flag next to it is unknown, not "no".
    const drive = clean(row.drivethru);
    const walk = clean(row.walkup_window).toLowerCase();
    const amenities: Amenity[] = [];
    const unknown: string[] = [];
    if (drive !== '' && Number(drive) >= 1) amenities.push('Drive-Thru');
    else if (walk === '') unknown.push('Drive-Thru');
    if (walk === 'true') amenities.push('Walk-Up Window');
    else if (walk === '') unknown.push('Walk-Up Window');
    if (isAllDayEveryDay(hours)) amenities.push('Open 24 Hours');
    if (isOpen && storeNumber !== null) amenities.push('Mobile Order');
    if (unknown.length > 0)
      notes.push(`amenities: ${unknown.join(' and ')} not stated in the source (unknown, not absent)`);

    drafts.push({
      code,
      storeNumber,
      address: address(row.line1, row.line2, city, state),
      city,
      citySlug: slugify(city),
      state,
      zipCode,
      latitude,
      longitude,
      timeZone: '',
      hours,
      amenities,
      isOpen,
      phone: null,
      notes,
      line1: stripAddressNoise(row.line1, city, state),
      nickname: clean(row.store_nickname),
      schedule,
    });
  });
  progress(
    `parsed ${drafts.length} stands; hours texts: ${report.hourTexts.size} distinct, ${report.unparsableHours.length} unparsable`,
  );

  // ZIPs and coordinates, then time zones.
  for (const d of drafts) {
    checkZipAndCoordinates(d, toleranceKm, report.warnings);
    d.latitude = round6(d.latitude);
    d.longitude = round6(d.longitude);
    d.timeZone = timeZoneAt(d.latitude, d.longitude);
    report.zones.set(d.timeZone, (report.zones.get(d.timeZone) ?? 0) + 1);
    // The schedule's stated UTC offsets must agree with the zone found from the coordinates.
    checkZone(d.code, d.timeZone, d.schedule, report.warnings);
  }
  progress(`checked ZIPs and coordinates; time zones: ${[...report.zones.keys()].sort().join(', ')}`);

  // One spelling per city: when two spellings of a state's city share a slug, the commoner one wins.
  const byCity = new Map<string, Draft[]>();
  for (const d of drafts) {
    const key = `${d.state}/${d.citySlug}`;
    byCity.set(key, [...(byCity.get(key) ?? []), d]);
  }
  for (const group of byCity.values()) {
    const counts = new Map<string, number>();
    for (const d of group) counts.set(d.city, (counts.get(d.city) ?? 0) + 1);
    if (counts.size < 2) continue;
    const canonical = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    for (const d of group) {
      if (d.city !== canonical) {
        d.notes.push(`city spelled "${d.city}" in the source; "${canonical}" used, as by the city's other stands`);
        d.city = canonical;
      }
    }
  }

  // Names and slugs, unique within each city.
  const stands: Stand[] = [];
  const sorted = [...drafts].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const labels = new Map<Draft, string>();
  for (const group of byCity.values()) {
    const first = new Map<Draft, string>(group.map((d) => [d, streetLabel(d.line1) || d.nickname || d.code]));
    const count = (l: string, m: Map<Draft, string>) => [...m.values()].filter((x) => slugify(x) === slugify(l)).length;
    const second = new Map<Draft, string>();
    for (const d of group) {
      const l = first.get(d)!;
      const n = houseNumber(d.line1);
      second.set(d, count(l, first) > 1 && n ? `${n} ${l}` : l);
    }
    for (const d of group) {
      const l = second.get(d)!;
      labels.set(d, count(l, second) > 1 ? `${l} (${d.code})` : l);
    }
  }
  sorted.forEach((d, index) => {
    const label = labels.get(d)!;
    stands.push({
      id: index + 1,
      code: d.code,
      storeNumber: d.storeNumber,
      name: `${d.city} – ${label}`,
      slug: slugify(label),
      address: d.address,
      city: d.city,
      citySlug: d.citySlug,
      state: d.state,
      zipCode: d.zipCode,
      latitude: d.latitude,
      longitude: d.longitude,
      timeZone: d.timeZone,
      hours: d.hours,
      amenities: d.amenities,
      isOpen: d.isOpen,
      phone: null,
      notes: d.notes,
      source: "The chain's store locator",
      asOf: options.asOf ?? null,
    });
  });

  for (const s of stands) {
    for (const note of s.notes) {
      if (!note.startsWith('amenities:') && !note.startsWith('not ')) report.corrections.push({ code: s.code, note });
    }
  }
  progress(`built ${stands.length} stands in ${new Set(stands.map((s) => s.state)).size} states`);
  return { stands, report };
}

/** The seed file's text: pretty-printed JSON with a trailing newline, so a re-run is byte-identical. */
/** The snapshot's date in a source file's name (`dutchbros_locations_2025-09-30.csv` -> 2025-09-30). */
export function snapshotDateOf(fileName: string): string | null {
  return /(\d{4}-\d{2}-\d{2})/.exec(fileName)?.[1] ?? null;
}

export function serialiseStands(stands: Stand[]): string {
  return `${JSON.stringify(stands, null, 2)}\n`;
}
