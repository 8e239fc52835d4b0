// What `npm run backup`, `npm run restore` and `npm run migrate` share (docs/operations.md, "Backups"): which
// PostgreSQL the local site uses, the database names, and PostgreSQL's own client programs (pg_dump,
// pg_restore) of a version that can read that server.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as path from 'node:path';
import { ROOT } from './preflight.mjs';

const require = createRequire(path.join(ROOT, 'infra', 'package.json'));
const { Client } = require('pg');

export { Client };

/** The services that own a database, in the order they are dumped and restored. */
export const SERVICES = ['catalog', 'locations', 'content', 'auth'];

/** `<DB_PREFIX>_<service>` for each service: the site's database names (`coffee_catalog`, ...). */
export function databaseNames(prefix = process.env.DB_PREFIX || 'coffee') {
  return SERVICES.map((s) => `${prefix}_${s}`);
}

const listens = (host, port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * The server of the local site, as `npm start` chose it, never started here: POSTGRES_URL when set, else
 * 127.0.0.1:5432 when something listens there, else the embedded PostgreSQL while it runs
 * (EMBEDDED_POSTGRES_PORT, 5433). Returns a maintenance URL (database `postgres`).
 */
export async function siteServerUrl() {
  if (process.env.POSTGRES_URL) return process.env.POSTGRES_URL;
  if (process.env.EMBEDDED_POSTGRES !== '1' && (await listens('127.0.0.1', 5432)))
    return 'postgres://postgres@127.0.0.1:5432/postgres';
  const port = Number(process.env.EMBEDDED_POSTGRES_PORT || 5433);
  if (await listens('127.0.0.1', port)) return `postgres://postgres@127.0.0.1:${port}/postgres`;
  throw new Error(
    `no PostgreSQL answers: nothing at 127.0.0.1:5432 nor the embedded one at 127.0.0.1:${port}. Start the site (npm start), ` +
      'or set POSTGRES_URL to the server (a Compose site: docker compose run --rm backup, docs/operations.md).',
  );
}

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** libpq's environment for a URL: the password never appears on a command line. */
export function libpqEnv(url) {
  const u = new URL(url);
  const env = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
  };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  else delete env.PGPASSWORD;
  delete env.PGDATABASE;
  return env;
}

export async function withClient(url, fn) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server's major version (15, 16, 18, ...). */
export async function serverMajor(client) {
  const { rows } = await client.query('SHOW server_version_num');
  return Math.floor(Number(rows[0].server_version_num) / 10000);
}

/** Every copy of a PostgreSQL client program on this machine: PATH, Debian's /usr/lib/postgresql/<n>/bin, the embedded package's. */
function candidates(program) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  if (process.env.PG_BIN_DIR) dirs.unshift(process.env.PG_BIN_DIR);
  for (const base of ['/usr/lib/postgresql', '/usr/local/pgsql']) {
    if (existsSync(base)) for (const v of readdirSync(base)) dirs.push(path.join(base, v, 'bin'));
  }
  try {
    dirs.push(
      path.join(
        path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`)),
        'native',
        'bin',
      ),
    );
  } catch {
    // not installed on this platform
  }
  return [...new Set(dirs.map((d) => path.join(d, program)))].filter((f) => existsSync(f));
}

/**
 * The newest `program` (pg_dump, pg_restore) whose major version is at least the server's: an older pg_dump
 * refuses a newer server. PG_BIN_DIR points at a folder of them when they are elsewhere. Throws a
 * paragraph naming what was found.
 */
export function pgTool(program, major) {
  const found = candidates(program)
    .map((file) => {
      try {
        const version = execFileSync(file, ['--version'], { encoding: 'utf8' });
        return { file, major: Number(/(\d+)(?:\.\d+)?/.exec(version.replace(/^[^0-9]*/, ''))?.[1]) };
      } catch {
        return undefined;
      }
    })
    .filter(Boolean)
    .sort((a, b) => b.major - a.major);
  const usable = found.find((f) => f.major >= major);
  if (usable) return usable.file;
  throw new Error(
    `${program} ${major} or later is needed for this PostgreSQL ${major} server; found ${found.length ? found.map((f) => `${f.file} (${f.major})`).join(', ') : 'none'}. ` +
      `Install PostgreSQL's client programs of that version (Debian: postgresql-client-${major} from the PostgreSQL apt repository) and ` +
      'put them on PATH or in PG_BIN_DIR. The embedded PostgreSQL package ships the server only.',
  );
}

/** Runs a program to completion, its stderr collected for the error; rejects on a non-zero exit. */
export function runTool(file, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(stderr)
        : reject(
            new Error(
              `${path.basename(file)} ${args.filter((a) => !a.startsWith('--')).slice(-1)[0] ?? ''} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`,
            ),
          ),
    );
  });
}

/** A path as printed: relative to the checkout when inside it. */
export const shown = (file) => (file.startsWith(ROOT + path.sep) ? path.relative(ROOT, file) : file);

/** Whether this module is the script node was asked to run. */
export function isMain(importMetaUrl) {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === new URL(importMetaUrl).pathname;
}
