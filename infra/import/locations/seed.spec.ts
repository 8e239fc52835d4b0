/**
 * Facts over the committed seed (services/locations/seed/stands.json). The expected numbers come from
 * the issue and from ../shared/data/PROVENANCE.md, not from the importer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LEGACY_CITY_SLUGS, LEGACY_STAND_SLUGS, slugify, US_STATES } from '@coffee-guide/domain';
import type { Stand } from './importer';
import type { Weekday } from './hours';

const ROOT = resolve(__dirname, '..', '..', '..');
const SEED = join(ROOT, 'services', 'locations', 'seed', 'stands.json');
const stands = JSON.parse(readFileSync(SEED, 'utf8')) as Stand[];
const inCity = (state: string, city: string) => stands.filter((s) => s.state === state && s.citySlug === city);
const byCode = (code: string) => stands.find((s) => s.code === code);
const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

describe('the committed stands seed', () => {
  it('has 1,080 or more stands', () => {
    expect(stands.length).toBeGreaterThanOrEqual(1080);
  });

  it('has the 9 Grants Pass stands and the 31 San Antonio stands', () => {
    expect(inCity('OR', 'grants-pass')).toHaveLength(9);
    expect(inCity('TX', 'san-antonio')).toHaveLength(31);
  });

  it('covers 24 states, every one named by US_STATES', () => {
    const states = [...new Set(stands.map((s) => s.state))];
    expect(states).toHaveLength(24);
    for (const st of states) expect(US_STATES[st]).toEqual(expect.any(String));
  });

  it('has unique ids, codes and (state, city, stand) slugs', () => {
    expect(new Set(stands.map((s) => s.id)).size).toBe(stands.length);
    expect(new Set(stands.map((s) => s.code)).size).toBe(stands.length);
    expect(new Set(stands.map((s) => `${s.state}/${s.citySlug}/${s.slug}`)).size).toBe(stands.length);
  });

  it('slugs every city by the one rule, and each old address leads to a stand that is there', () => {
    for (const s of stands) expect([s.city, s.citySlug]).toEqual([s.city, slugify(s.city)]);
    const paths = new Set(
      stands.flatMap((s) => [
        `${s.state.toLowerCase()}/${s.citySlug}`,
        `${s.state.toLowerCase()}/${s.citySlug}/${s.slug}`,
      ]),
    );
    for (const [old, slug] of Object.entries(LEGACY_CITY_SLUGS)) {
      expect([old, paths.has(old)]).toEqual([old, false]);
      expect(paths.has(`${old.split('/')[0]}/${slug}`)).toBe(true);
    }
    for (const [old, slug] of Object.entries(LEGACY_STAND_SLUGS)) {
      expect([old, paths.has(old)]).toEqual([old, false]);
      expect(paths.has(`${old.split('/').slice(0, 2).join('/')}/${slug}`)).toBe(true);
    }
  });

  it('has one spelling per city slug and whole-name slugs', () => {
    const names = new Map<string, Set<string>>();
    for (const s of stands) {
      const key = `${s.state}/${s.citySlug}`;
      names.set(key, (names.get(key) ?? new Set()).add(s.city));
      expect(s.citySlug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.city).toBe(s.city.trim());
    }
    for (const [key, spellings] of names) expect([key, [...spellings]]).toEqual([key, [expect.any(String)]]);
    expect(inCity('NV', 'north-las-vegas').length).toBeGreaterThan(0);
    expect(inCity('OR', 'milton-freewater').length).toBeGreaterThan(0);
    expect(inCity('UT', 'st-george').length).toBeGreaterThan(0);
    expect(inCity('MO', 'ofallon').length).toBeGreaterThan(0);
    expect(inCity('WA', 'port-orchard').length).toBeGreaterThan(0);
    expect(stands.filter((s) => /^(N|S|E|W|NE|NW|SE|SW) /.test(s.city))).toEqual([]);
  });

  it('gives every open stand a full week of valid hours', () => {
    for (const s of stands.filter((x) => x.isOpen)) {
      expect(s.hours).not.toBeNull();
      expect(Object.keys(s.hours!).sort()).toEqual([...WEEKDAYS].sort());
      for (const day of WEEKDAYS) {
        const d = s.hours![day];
        if (d === null) continue;
        expect(Number.isInteger(d.open) && Number.isInteger(d.close)).toBe(true);
        expect(d.open).toBeGreaterThanOrEqual(0);
        expect(d.open).toBeLessThan(1440);
        expect(d.close).toBeGreaterThan(d.open);
        expect(d.close - d.open).toBeLessThanOrEqual(1440);
      }
    }
  });

  it('keeps the 4 stands not yet open, without hours', () => {
    const notOpen = stands
      .filter((s) => !s.isOpen)
      .map((s) => s.code)
      .sort();
    expect(notOpen).toEqual(['AZ1410', 'CA1918', 'CA4008', 'NV0314']);
    for (const code of notOpen) expect(byCode(code)!.hours).toBeNull();
  });

  it('has valid IANA zones, America/Phoenix for every Arizona stand', () => {
    for (const zone of new Set(stands.map((s) => s.timeZone))) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
    const arizona = stands.filter((s) => s.state === 'AZ');
    expect(arizona.length).toBeGreaterThan(0);
    expect(arizona.filter((s) => s.timeZone !== 'America/Phoenix')).toEqual([]);
  });

  it('carries the corrections of the known faults', () => {
    expect(byCode('AZ0504')!.zipCode).not.toBe('85226');
    expect(byCode('UT0205')!.zipCode).not.toBe('84604');
    // 1227 Stewart Rd is in Medford, east of Grants Pass (about -123.33), not west of it.
    expect(byCode('OR3013')!.longitude).toBeGreaterThan(-123.0);
    for (const code of ['AZ0504', 'UT0205', 'OR3013']) expect(byCode(code)!.notes.length).toBeGreaterThan(0);
  });

  it('has no invented phone numbers and only known amenities', () => {
    const known = ['Drive-Thru', 'Walk-Up Window', 'Open 24 Hours', 'Mobile Order'];
    for (const s of stands) {
      expect(s.phone).toBeNull();
      for (const a of s.amenities) expect(known).toContain(a);
      expect(s.zipCode).toMatch(/^\d{5}$/);
    }
  });

  const source = resolve(ROOT, '..', 'shared', 'data', 'dutchbros_locations_2025-09-30.csv');
  (existsSync(source) ? it : it.skip)(
    'is what the importer makes of ../shared/data today (re-run npm run import:locations)',
    () => {
      const { importStands, serialiseStands, snapshotDateOf } = require('./importer') as typeof import('./importer');
      const { stands: again } = importStands(readFileSync(source, 'utf8'), { asOf: snapshotDateOf(source) });
      expect(serialiseStands(again)).toBe(readFileSync(SEED, 'utf8'));
    },
  );
});
