/**
 * `npm run import:locations [-- --source-dir <dir>] [-- --check]`
 * Reads the chain's stands CSV from ../shared/data (or --source-dir) and writes the committed seed
 * services/locations/seed/stands.json. With --check it writes nothing and fails when the committed
 * seed differs from what the importer would write.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { importStands, serialiseStands, snapshotDateOf } from './importer';

export const SOURCE_FILE = 'dutchbros_locations_2025-09-30.csv';
const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const SEED_FILE = join(REPO_ROOT, 'services', 'locations', 'seed', 'stands.json');

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

function main(args: string[]): number {
  const sourceDir = resolve(REPO_ROOT, argValue(args, '--source-dir') ?? '../shared/data');
  const source = join(sourceDir, SOURCE_FILE);
  const check = args.includes('--check');
  if (!existsSync(source)) {
    console.error(`import:locations: ${source} not found (pass --source-dir <dir>)`);
    return 1;
  }
  console.log(`import:locations: reading ${source}`);
  const { stands, report } = importStands(readFileSync(source, 'utf8'), {
    asOf: snapshotDateOf(SOURCE_FILE),
    onProgress: (line) => console.log(`  ${line}`),
  });

  console.log(`  hours texts (${report.hourTexts.size} distinct):`);
  for (const [text, n] of [...report.hourTexts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    console.log(`    ${String(n).padStart(4)}  ${text === '' ? '(empty)' : text}`);
  }
  if (report.unparsableHours.length > 0) {
    console.log(`  UNPARSABLE hours (${report.unparsableHours.length}):`);
    for (const u of report.unparsableHours) console.log(`    ${u.code}: ${u.error}`);
  }
  console.log(`  corrections (${report.corrections.length}):`);
  for (const c of report.corrections) console.log(`    ${c.code}: ${c.note}`);
  console.log(`  seen and left alone (${report.warnings.length}):`);
  for (const w of report.warnings) console.log(`    ${w}`);
  console.log('  time zones:');
  for (const [zone, n] of [...report.zones.entries()].sort((a, b) => b[1] - a[1]))
    console.log(`    ${String(n).padStart(4)}  ${zone}`);
  const cities = new Set(stands.map((s) => `${s.state}/${s.citySlug}`));
  const states = new Set(stands.map((s) => s.state));
  const notOpen = stands.filter((s) => !s.isOpen);
  const unknownAmenities = stands.filter((s) => s.notes.some((n) => n.startsWith('amenities:'))).length;
  console.log(
    `  ${stands.length} stands, ${states.size} states, ${cities.size} cities, ${notOpen.length} not yet open (${notOpen.map((s) => s.code).join(', ')}), ${unknownAmenities} with amenity flags unknown`,
  );

  const text = serialiseStands(stands);
  if (check) {
    const current = existsSync(SEED_FILE) ? readFileSync(SEED_FILE, 'utf8') : '';
    if (current !== text) {
      console.error(`import:locations: ${SEED_FILE} is out of date; run npm run import:locations`);
      return 1;
    }
    console.log(`import:locations: ${SEED_FILE} is up to date`);
    return 0;
  }
  mkdirSync(dirname(SEED_FILE), { recursive: true });
  writeFileSync(SEED_FILE, text);
  console.log(`import:locations: wrote ${SEED_FILE} (${Buffer.byteLength(text)} bytes)`);
  return 0;
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
