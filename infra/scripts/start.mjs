// `npm start`: the whole site on local PostgreSQL and Redis. Picks the database (POSTGRES_URL, else the
// PostgreSQL at 127.0.0.1:5432, else an embedded one from npm: lib/preflight.mjs), creates the databases
// when missing, builds, starts the four services and the BFF (each migrates and seeds an empty database),
// prints the URL, and stops everything on Ctrl-C. A process that fails at start is shown in the terminal:
// its last error lines and what to do. A start cut off at any moment (Ctrl-C, a crash) leaves nothing the
// next one cannot pick up: migrations and seeds are transactions, and the embedded server stops last.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { CACHE_REDIS_MAXMEMORY, startCacheRedis } from './lib/cache-redis.mjs';
import { shownPath } from './lib/embedded-postgres.mjs';
import { ROOT, checkRedis, databaseUrl, ensureDatabases, preparePostgres } from './lib/preflight.mjs';
import {
  availableApps,
  buildAll,
  databaseNames,
  spawnApp,
  stackEnv,
  startStack,
  stopStack,
  superviseStack,
} from './lib/stack.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));
const DB_PREFIX = process.env.DB_PREFIX ?? 'coffee';
const logDir = path.join(ROOT, '.dev', 'logs');
const started = Date.now();

/** In development, with no administrator yet and none configured, one is made with a random password. */
async function firstAdmin(env) {
  if (env.ADMIN_PASSWORD || !availableApps().some((a) => a.name === 'auth')) return undefined;
  const { Client } = require('pg');
  const client = new Client({ connectionString: databaseUrl(`${DB_PREFIX}_auth`) });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT to_regclass('public.administrators') AS t`);
    if (rows[0].t) {
      const count = await client.query('SELECT count(*)::int AS n FROM administrators');
      if (count.rows[0].n > 0) return undefined;
    }
  } finally {
    await client.end();
  }
  return { email: env.ADMIN_EMAIL ?? 'admin@coffee-guide.local', password: randomBytes(12).toString('base64url') };
}

/** What a line of an app's output says: the message of a JSON log entry (with its error), or the line. */
function readable(line) {
  try {
    const entry = JSON.parse(line);
    const err =
      entry.err?.message ?? entry.error?.message ?? (typeof entry.error === 'string' ? entry.error : undefined);
    return {
      level: entry.level ?? 30,
      text: err && !String(entry.msg).includes(err) ? `${entry.msg}: ${err}` : String(entry.msg),
    };
  } catch {
    return { level: 50, text: line };
  }
}

/** What to do about a start-up failure, from the failing app's last lines. */
function advice(app, lines) {
  const text = lines.join('\n');
  if (/ADMIN_(PASSWORD|EMAIL|NAME)/.test(text)) {
    return [
      'The first administrator comes from ADMIN_EMAIL and ADMIN_PASSWORD. Choose a password of 12 or more',
      'characters that does not contain the e-mail address or its name (the part before @) and is not a common',
      'one, or unset ADMIN_PASSWORD: in development a random one is made and printed once.',
    ];
  }
  if (/Invalid environment/.test(text))
    return ['Fix the variables listed above (docs/configuration.md lists every one, with its default).'];
  if (/EADDRINUSE/.test(text)) {
    return [
      'A port it needs is taken by another program: stop that program, or start on other ports, e.g.',
      '  BFF_PORT=4000 npm start   (the services take the next five ports)',
    ];
  }
  if (/ECONNREFUSED|ETIMEDOUT|password authentication|does not exist|too many clients/.test(text)) {
    return [
      'It could not use its database. Check that PostgreSQL is running (npm start says above which one it used).',
    ];
  }
  return [
    `Fix the cause shown above (the whole output is in ${path.relative(ROOT, logDir)}/${app}.log) and run npm start again.`,
  ];
}

function showFailure(error) {
  console.error(`\ncoffee-guide could not start: ${error.message}`);
  if (!error.app) return;
  const lines = (error.tail ?? [])
    .map(readable)
    .filter((l) => l.level >= 40)
    .map((l) => l.text)
    .flatMap((t) => t.split('\n'))
    .filter((l) => !/^\s+at /.test(l))
    .slice(-15);
  if (lines.length)
    console.error(`\nThe last error lines of ${error.app}:\n${lines.map((l) => `  | ${l}`).join('\n')}`);
  console.error(`\nWhat to do: ${advice(error.app, lines).join('\n')}`);
  console.error('Nothing was left half-done: the next npm start carries on from here.');
}

let database;
let cacheRedis;
const running = new Map();
let supervisor;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  // No restart from here on: an app that exits now is being stopped.
  supervisor?.stop();
  if (running.size) console.log('\nstopping...');
  await stopStack(running);
  await cacheRedis?.stop();
  if (database) await database.stop();
  process.exit(code);
}
// From the first moment: a Ctrl-C while the site starts stops what started, the database last.
let up = false;
process.on('SIGINT', () => stop(up ? 0 : 130));
process.on('SIGTERM', () => stop(up ? 0 : 143));

async function main() {
  await checkRedis();
  // The cache in a Redis of its own, bounded and evicting, as in Compose and Kubernetes (docs/operations.md, "Redis").
  if (!process.env.REDIS_CACHE_URL && !process.env.REDIS_CACHE_SENTINELS) {
    cacheRedis = await startCacheRedis({ port: 6380, dir: path.join(ROOT, '.dev', 'redis-cache'), searchPorts: 20 });
    if (cacheRedis)
      console.log(
        `the cache's Redis: a redis-server of this start on port ${cacheRedis.port}, maxmemory ${cacheRedis.maxmemory}, allkeys-lru`,
      );
    else {
      console.log(
        `no redis-server here to run the cache's own Redis (${CACHE_REDIS_MAXMEMORY}, allkeys-lru): the cache shares the main Redis,`,
      );
      console.log(
        'unbounded. Install redis-server (sudo apt-get install -y redis-server; brew install redis), or set REDIS_CACHE_URL.',
      );
    }
  }
  if (stopping) return;
  database = await preparePostgres();
  if (database.kind !== 'embedded') console.log(`using the PostgreSQL at ${database.url.replace(/\/\/[^@]*@/, '//')}`);
  await ensureDatabases(databaseNames(DB_PREFIX));
  if (process.env.SKIP_BUILD !== 'true') await buildAll();
  if (stopping) return;

  const env = stackEnv({
    basePort: Number(process.env.BFF_PORT ?? 3000),
    dbPrefix: DB_PREFIX,
    redisPrefix: process.env.REDIS_KEY_PREFIX ?? 'cg:',
    extra: cacheRedis ? { REDIS_CACHE_URL: cacheRedis.url } : {},
  });
  const admin = await firstAdmin(env);
  if (admin) Object.assign(env, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  if (admin) {
    // Shown before auth creates it: a start cut off right after auth committed it must not lose the
    // password (a start cut off before makes the next start pick and show another).
    console.log(`\nAn administrator is created for this development site at this start (shown once):`);
    console.log(`  e-mail:   ${admin.email}\n  password: ${admin.password}`);
    console.log(`  Change it with: npm run admin:password -- --email ${admin.email}`);
  }

  const onLine = (name, line) => {
    // The services log JSON; the terminal shows warnings and errors, the files keep everything.
    const { level, text } = readable(line);
    if (level >= 40 && !stopping) console.log(`[${name}] ${text}`);
  };
  await startStack(env, { logDir, running, onLine });
  if (stopping) return;
  // A crashed app (the BFF out of heap, say) is started again with a growing wait: 1 s, 2 s, ... 30 s.
  supervisor = superviseStack(running, {
    spawn: (app) => spawnApp(app, env, { logDir, onLine }),
    healthUrl: (app) => `http://127.0.0.1:${env[app.portVar]}${app.health}`,
    say: (line, { app, event }) => {
      if (!stopping) console.error(event === 'exit' ? `${line}; see ${path.relative(ROOT, logDir)}/${app}.log` : line);
    },
  });

  up = true;
  console.log(
    `\ncoffee-guide is running at ${env.SITE_URL} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`  API docs: ${env.SITE_URL}/api/docs   logs: ${path.relative(ROOT, logDir)}/`);
  console.log(
    `  cache: ${cacheRedis ? `redis-server on port ${cacheRedis.port} (${cacheRedis.maxmemory}, allkeys-lru)` : process.env.REDIS_CACHE_URL ? 'REDIS_CACHE_URL' : process.env.REDIS_CACHE_SENTINELS ? 'REDIS_CACHE_SENTINELS' : 'the main Redis (unbounded)'}`,
  );
  console.log(
    `  database: ${database.kind === 'embedded' ? `embedded PostgreSQL, port ${database.embedded.port}, data in ${shownPath(database.embedded.dataDir)}` : database.url.replace(/\/\/[^@]*@/, '//')}`,
  );
  console.log('\nPress Ctrl-C to stop. An app that crashes is started again.');
}

main().catch(async (error) => {
  if (stopping) return;
  showFailure(error);
  await stop(1);
});
