#!/usr/bin/env node
// `npm run backup`: a pg_dump of each of the site's databases, in PostgreSQL's custom format, into a set
// of its own (`<dir>/<UTC time>/<database>.dump` with a manifest.json), keeping the newest N sets
// (docs/operations.md, "Backups"). Written as `<time>.partial` and renamed when every dump is done, so an
// interrupted backup is never taken for a complete one. Compose runs the same layout from its `backup`
// service (infra/postgres/backup.sh).
//
//   npm run backup [-- --dir backups] [--keep 7] [--databases coffee_catalog,coffee_auth]
//
// The server: POSTGRES_URL, else the local site's (127.0.0.1:5432, or the embedded one while it runs);
// the databases: <DB_PREFIX>_<service>. BACKUP_DIR and BACKUP_KEEP are the defaults of --dir and --keep.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/preflight.mjs';
import {
  databaseNames,
  isMain,
  libpqEnv,
  pgTool,
  runTool,
  serverMajor,
  shown,
  siteServerUrl,
  withClient,
  withDatabase,
} from './lib/pg-tools.mjs';

/** A set's folder name: the UTC time it was taken, sortable (2026-11-28T16-40-54.123Z; Compose's without the milliseconds). */
export const SET_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(\.\d{3})?Z$/;

/** The complete sets in `dir`, oldest first. */
export function backupSets(dir) {
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.filter((e) => SET_NAME.test(e) && statSync(path.join(dir, e)).isDirectory()).sort();
}

/**
 * Dumps `databases` from the server of `url` into a new set under `dir` and removes all but the newest
 * `keep` sets. Returns the set's folder.
 */
export async function backup({ url, databases, dir, keep = 7, log = (line) => console.log(line) }) {
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`--keep must be a whole number of at least 1 (got ${keep})`);
  const { major, missing, owners } = await withClient(url, async (client) => {
    const { rows } = await client.query(
      'SELECT datname, pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = ANY($1)',
      [databases],
    );
    const present = new Map(rows.map((r) => [r.datname, r.owner]));
    return { major: await serverMajor(client), missing: databases.filter((d) => !present.has(d)), owners: present };
  });
  if (missing.length > 0)
    throw new Error(
      `no database ${missing.join(', ')} on ${new URL(url).host}: nothing to back up (DB_PREFIX, --databases)`,
    );
  const pgDump = pgTool('pg_dump', major);
  const name = new Date().toISOString().replace(/:/g, '-');
  const partial = path.join(dir, `${name}.partial`);
  const done = path.join(dir, name);
  mkdirSync(partial, { recursive: true });
  const manifest = {
    takenAt: new Date().toISOString(),
    server: new URL(url).host,
    serverMajor: major,
    pgDump,
    databases: [],
  };
  try {
    for (const db of databases) {
      const file = path.join(partial, `${db}.dump`);
      const started = Date.now();
      // -Fc: compressed, restorable table by table with pg_restore; a consistent snapshot while the site runs.
      await runTool(
        pgDump,
        ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${db}`],
        libpqEnv(withDatabase(url, db)),
      );
      const bytes = statSync(file).size;
      // The owner, so a restore into a new database gives it back to the service's role (docs/security.md).
      manifest.databases.push({ name: db, file: `${db}.dump`, owner: owners.get(db), bytes });
      log(
        `backup: ${db} -> ${shown(path.join(done, `${db}.dump`))} (${(bytes / 1024).toFixed(0)} KB, ${Date.now() - started} ms)`,
      );
    }
    writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, done);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  const sets = backupSets(dir);
  for (const old of sets.slice(0, Math.max(0, sets.length - keep))) {
    rmSync(path.join(dir, old), { recursive: true, force: true });
    log(`backup: removed ${old} (keeping the newest ${keep})`);
  }
  return done;
}

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      keep: { type: 'string' },
      databases: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'npm run backup [-- --dir backups] [--keep 7] [--databases coffee_catalog,...]   (docs/operations.md, "Backups")',
    );
    return;
  }
  const url = await siteServerUrl();
  const dir = path.resolve(values.dir ?? process.env.BACKUP_DIR ?? path.join(ROOT, 'backups'));
  const keep = Number(values.keep ?? process.env.BACKUP_KEEP ?? 7);
  const databases = values.databases
    ? values.databases
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean)
    : databaseNames();
  const set = await backup({ url, databases, dir, keep });
  console.log(`backup: done, ${databases.length} database(s) in ${set}`);
}

if (isMain(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`backup failed: ${error.message}\n`);
    process.exit(1);
  });
}
