// Checks that PostgreSQL and Redis answer, and creates missing databases. Used by `npm start`, `npm test`
// and the benchmark. Exits with one clear paragraph, never a stack trace, when something is missing.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(path.join(ROOT, 'package.json'));
const { Client } = require('pg');
const Redis = require('ioredis');

export const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function explain(what, url, error) {
  const lines = [
    '',
    `coffee-guide needs ${what}, and it does not answer at ${url.replace(/\/\/[^@]*@/, '//')} (${error}).`,
    'Start it, then run the command again. On Debian or Ubuntu:',
    what === 'PostgreSQL'
      ? '  sudo apt-get install -y postgresql && sudo pg_ctlcluster $(ls /etc/postgresql) main start'
      : '  sudo apt-get install -y redis-server && redis-server --daemonize yes --bind 127.0.0.1 --port 6379',
    'or with Docker: docker compose -p coffee-guide-dev -f infra/compose/backing.yml up -d',
    `Point the site elsewhere with ${what === 'PostgreSQL' ? 'POSTGRES_URL' : 'REDIS_URL'} (see .env.example).`,
    '',
  ];
  process.stderr.write(lines.join('\n') + '\n');
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
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    explain('Redis', url, error.code ?? error.message);
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
