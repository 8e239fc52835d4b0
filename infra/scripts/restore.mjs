#!/usr/bin/env node
// `npm run restore`: puts a set written by `npm run backup` (or Compose's backup service) back, database by
// database (docs/operations.md, "Restore"). Each dump is restored into a fresh `<database>_restoring` in one
// transaction (all or nothing), and only then takes the database's name; a database that existed is kept
// beside it as `<database>_pre_restore_<time>` until you drop it. Stop the owning service first.
//
//   npm run restore -- backups/2026-11-28T16-40-54Z [--databases coffee_catalog] [--replace]
//   npm run restore -- --latest [--dir backups] [--replace]
//
// Without --replace an existing database is left alone and the restore stops. The server and the names
// are those of `npm run backup` (POSTGRES_URL, DB_PREFIX).
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { backupSets } from './backup.mjs';
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
} from './lib/pg-tools.mjs';

const ident = (name) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database or role name: ${name}`);
  return `"${name}"`;
};

/** The databases a set holds, from its manifest (or its *.dump files). */
export function setDatabases(set) {
  return setManifest(set).databases.map((d) => d.name);
}

/** A set's manifest.json: { databases: [{ name, file, owner, bytes }], ... }. */
export function setManifest(set) {
  const manifest = path.join(set, 'manifest.json');
  if (!existsSync(manifest)) throw new Error(`${set} has no manifest.json: not a complete backup set`);
  return JSON.parse(readFileSync(manifest, 'utf8'));
}

/**
 * Restores `databases` (default: every one in the set) from the set folder `set` to the server of `url`.
 * Returns, per database, the name its previous copy was kept under (or null).
 */
export async function restore({ url, set, databases, replace = false, log = (line) => console.log(line) }) {
  const manifest = setManifest(set);
  const names = databases ?? manifest.databases.map((d) => d.name);
  for (const db of names) if (!existsSync(path.join(set, `${db}.dump`))) throw new Error(`${set} has no ${db}.dump`);
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .toLowerCase();
  return withClient(url, async (client) => {
    const pgRestore = pgTool('pg_restore', await serverMajor(client));
    const { rows: me } = await client.query('SELECT current_user AS name');
    const kept = {};
    for (const db of names) {
      const started = Date.now();
      const { rows } = await client.query(
        'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1',
        [db],
      );
      const exists = rows.length > 0;
      if (exists && !replace) {
        throw new Error(
          `${db} exists: stop its service, then run again with --replace (the current one is kept as ${db}_pre_restore_<time>)`,
        );
      }
      // The owner: the database's as it is, else the one the backup recorded when that role exists (the
      // service's own role, docs/security.md), else whoever restores.
      const recorded = manifest.databases.find((d) => d.name === db)?.owner;
      const { rows: role } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [recorded ?? '']);
      const owner = exists ? rows[0].owner : role.length > 0 ? recorded : me[0].name;
      const temp = `${db}_restoring`;
      await client.query(`DROP DATABASE IF EXISTS ${ident(temp)} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${ident(temp)} OWNER ${ident(owner)}`);
      if (owner !== me[0].name) await client.query(`REVOKE CONNECT, TEMPORARY ON DATABASE ${ident(temp)} FROM PUBLIC`);
      try {
        // One transaction: a dump that does not restore whole leaves nothing, and the database as it was.
        await runTool(
          pgRestore,
          [
            '--single-transaction',
            '--exit-on-error',
            '--no-password',
            `--dbname=${temp}`,
            path.join(set, `${db}.dump`),
          ],
          libpqEnv(url),
        );
      } catch (error) {
        await client.query(`DROP DATABASE IF EXISTS ${ident(temp)} WITH (FORCE)`).catch(() => undefined);
        throw error;
      }
      kept[db] = null;
      if (exists) {
        const previous = ident(`${db}_pre_restore_${stamp}`.slice(0, 63));
        // No new session can start while it is renamed; the ones still open are ended.
        await client.query(`ALTER DATABASE ${ident(db)} ALLOW_CONNECTIONS false`);
        try {
          await client.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [db],
          );
          await client.query(`ALTER DATABASE ${ident(db)} RENAME TO ${previous}`);
        } catch (error) {
          await client.query(`ALTER DATABASE ${ident(db)} ALLOW_CONNECTIONS true`).catch(() => undefined);
          await client.query(`DROP DATABASE IF EXISTS ${ident(temp)} WITH (FORCE)`).catch(() => undefined);
          throw error;
        }
        await client.query(`ALTER DATABASE ${previous} ALLOW_CONNECTIONS true`);
        kept[db] = previous.slice(1, -1);
      }
      await client.query(`ALTER DATABASE ${ident(temp)} RENAME TO ${ident(db)}`);
      log(
        `restore: ${db} from ${shown(set)} (${Date.now() - started} ms)${kept[db] ? `; the previous one is kept as ${kept[db]}` : ''}`,
      );
    }
    return kept;
  });
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      dir: { type: 'string' },
      latest: { type: 'boolean' },
      databases: { type: 'string' },
      replace: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || (positionals.length === 0 && !values.latest)) {
    console.log(
      'npm run restore -- <backup set folder> | --latest [--dir backups] [--databases coffee_catalog,...] [--replace]   (docs/operations.md, "Restore")',
    );
    if (!values.help) process.exitCode = 1;
    return;
  }
  const dir = path.resolve(values.dir ?? process.env.BACKUP_DIR ?? path.join(ROOT, 'backups'));
  let set = positionals[0] ? path.resolve(positionals[0]) : undefined;
  if (!set) {
    const sets = backupSets(dir);
    if (sets.length === 0) throw new Error(`no backup set in ${dir}`);
    set = path.join(dir, sets[sets.length - 1]);
  }
  const url = await siteServerUrl();
  const databases = values.databases
    ? values.databases
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean)
    : undefined;
  if (databases) {
    const known = new Set([...setDatabases(set), ...databaseNames()]);
    for (const d of databases) if (!known.has(d)) throw new Error(`${d} is not in ${set}`);
  }
  const kept = await restore({ url, set, databases, replace: values.replace === true });
  const previous = Object.values(kept).filter(Boolean);
  console.log(
    'restore: done. Start the services again (each applies any newer migration); the BFF cache: docs/operations.md, "Restore".',
  );
  if (previous.length > 0)
    console.log(
      `restore: once the site works, drop the previous copies: ${previous.map((p) => `DROP DATABASE "${p}";`).join(' ')}`,
    );
}

if (isMain(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`restore failed: ${error.message}\n`);
    process.exit(1);
  });
}
