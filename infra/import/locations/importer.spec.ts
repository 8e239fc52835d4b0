import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importStands, serialiseStands, Stand } from './importer';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

describe('importStands on the handwritten fixture of the known faults', () => {
  const { stands, report } = importStands(fixture('stands-faults.csv'));
  const expected = JSON.parse(fixture('stands-faults.expected.json')) as Stand[];
  const byCode = (code: string) => {
    const s = stands.find((x) => x.code === code);
    if (!s) throw new Error(`no stand ${code}`);
    return s;
  };

  it('produces exactly the expected stands (deep-equal)', () => {
    expect(stands).toEqual(expected);
  });

  it('parses every hours text of the fixture', () => {
    expect(report.unparsableHours).toEqual([]);
  });

  it('is deterministic: the same input serialises to the same bytes', () => {
    const again = importStands(fixture('stands-faults.csv')).stands;
    expect(serialiseStands(again)).toBe(serialiseStands(stands));
  });

  it('numbers stands 1..n in the order of their source codes, whatever the row order', () => {
    const codes = stands.map((s) => s.code);
    expect(codes).toEqual([...codes].sort());
    expect(stands.map((s) => s.id)).toEqual(stands.map((_, i) => i + 1));
    const [header, ...rows] = fixture('stands-faults.csv').trimEnd().split('\n');
    const reversed = importStands([header, ...rows.reverse()].join('\n')).stands;
    expect(reversed).toEqual(stands);
  });

  // The facts the fixture was written to contain, stated independently of the expected file.
  it('groups "San Antonio " and "San Antonio" as one city', () => {
    expect(byCode('TX2602').city).toBe('San Antonio');
    expect(byCode('TX2602').citySlug).toBe('san-antonio');
    expect(byCode('TX2303').citySlug).toBe('san-antonio');
  });

  it.each([
    ['WA0405', 'Kennewick', 'kennewick'],
    ['UT0502', 'St. George', 'st-george'],
    ['MO0501', "O'Fallon", 'ofallon'],
    ['WA2601', 'Port Orchard', 'port-orchard'],
    ['CA1902', 'Elk Grove', 'elk-grove'],
  ])('normalises the city of %s to %s (%s)', (code, city, slug) => {
    expect(byCode(code).city).toBe(city);
    expect(byCode(code).citySlug).toBe(slug);
  });

  it('corrects the Chandler ZIP of a Peoria stand to a Peoria ZIP, with a note', () => {
    const s = byCode('AZ0504');
    expect(s.zipCode).not.toBe('85226');
    expect(['85345', '85380', '85381', '85382', '85383', '85385']).toContain(s.zipCode);
    expect(s.notes.some((n) => n.startsWith('zip corrected from 85226'))).toBe(true);
  });

  it("moves OR3013's longitude back into Medford, with a note", () => {
    const s = byCode('OR3013');
    expect(s.longitude).toBeGreaterThan(-123.0);
    expect(s.longitude).toBeLessThan(-122.7);
    expect(s.latitude).toBe(42.31252);
    expect(s.notes.some((n) => n.startsWith('longitude corrected'))).toBe(true);
  });

  it('models a 24-hour stand, a midnight close and a close after midnight', () => {
    expect(byCode('AZ0504').hours?.tuesday).toEqual({ open: 0, close: 1440 });
    expect(byCode('AZ0504').amenities).toContain('Open 24 Hours');
    expect(byCode('CA1915').hours?.monday).toEqual({ open: 300, close: 1440 });
    expect(byCode('CA1915').amenities).not.toContain('Open 24 Hours');
    expect(byCode('CA1902').hours?.thursday).toEqual({ open: 300, close: 1500 });
    expect(byCode('CA1902').hours?.friday).toEqual({ open: 300, close: 1560 });
  });

  it('keeps the stand without hours, not open, with no hours and no mobile ordering', () => {
    const s = byCode('NV0314');
    expect(s.isOpen).toBe(false);
    expect(s.hours).toBeNull();
    expect(s.storeNumber).toBeNull();
    expect(s.amenities).not.toContain('Mobile Order');
  });

  it('treats blank amenity flags as unknown, not as "no"', () => {
    const s = byCode('TX2602');
    expect(s.amenities).not.toContain('Drive-Thru');
    expect(s.notes).toContain(
      'amenities: Drive-Thru and Walk-Up Window not stated in the source (unknown, not absent)',
    );
    expect(byCode('CA1506').notes.filter((n) => n.startsWith('amenities:'))).toEqual([]);
  });

  it('keeps the regular Tuesday of a stand whose first Tuesday was a one-off closure', () => {
    expect(byCode('WA1104').hours?.tuesday).toEqual({ open: 300, close: 1320 });
  });

  it('gives stands on the same street of one city distinct slugs', () => {
    expect(byCode('AZ1301').slug).not.toBe(byCode('AZ1302').slug);
  });

  it('derives time zones from coordinates (Arizona without DST)', () => {
    expect(byCode('AZ1301').timeZone).toBe('America/Phoenix');
    expect(byCode('UT0502').timeZone).toBe('America/Denver');
    expect(byCode('MO0501').timeZone).toBe('America/Chicago');
  });

  it('never invents a phone number', () => {
    expect(stands.every((s) => s.phone === null)).toBe(true);
  });
});

describe('importStands input checks', () => {
  const header =
    'id,store_number,store_code,store_nickname,drivethru,walkup_window,line1,line2,city,state,postalCode,country,lat,lon,hours,schedule';

  it('reports an hours text it cannot read instead of guessing', () => {
    const csv = `${header}\nOR0101,DB001,OR0101,X,1,True,1 Main St,,Grants Pass,OR,97526,US,42.44,-123.33,Weekdays: early-late,[]\n`;
    const { stands, report } = importStands(csv);
    expect(report.unparsableHours.map((u) => u.code)).toEqual(['OR0101']);
    expect(stands[0].hours).toBeNull();
  });

  it('rejects a file without the expected columns', () => {
    expect(() => importStands('id,city\nOR0101,Bend\n')).toThrow(/lacks the columns/);
  });

  it('rejects a duplicated stand code', () => {
    const row = 'OR0101,DB001,OR0101,X,1,True,1 Main St,,Grants Pass,OR,97526,US,42.44,-123.33,Sun-Sat: 05am-11pm,[]';
    expect(() => importStands(`${header}\n${row}\n${row}\n`)).toThrow(/twice/);
  });
});
