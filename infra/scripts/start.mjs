// `npm start`: the whole site on local PostgreSQL and Redis. Creates the databases when missing, builds,
// starts the four services and the BFF (each migrates and seeds an empty database), prints the URL,
// and stops everything on Ctrl-C.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ROOT, checkPostgres, checkRedis, databaseUrl, ensureDatabases } from './lib/preflight.mjs';
import { availableApps, buildAll, databaseNames, stackEnv, startStack, stopStack } from './lib/stack.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));
const DB_PREFIX = process.env.DB_PREFIX ?? 'coffee';

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

async function main() {
  await checkRedis();
  await (await checkPostgres()).end();
  await ensureDatabases(databaseNames(DB_PREFIX));
  if (process.env.SKIP_BUILD !== 'true') await buildAll();

  const env = stackEnv({ basePort: Number(process.env.BFF_PORT ?? 3000), dbPrefix: DB_PREFIX, redisPrefix: process.env.REDIS_KEY_PREFIX ?? 'cg:' });
  const admin = await firstAdmin(env);
  if (admin) Object.assign(env, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  const logDir = path.join(ROOT, '.dev', 'logs');
  const running = await startStack(env, {
    logDir,
    onLine: (name, line) => {
      // The services log JSON; the terminal shows warnings and errors, the files keep everything.
      try {
        const entry = JSON.parse(line);
        if (entry.level >= 40) console.log(`[${name}] ${entry.msg}`);
      } catch {
        console.log(`[${name}] ${line}`);
      }
    },
  });

  console.log(`\ncoffee-guide is running at ${env.SITE_URL}`);
  console.log(`  API docs: ${env.SITE_URL}/api/docs   logs: ${path.relative(ROOT, logDir)}/`);
  if (admin) {
    console.log(`\nAn administrator was created for this development site (shown once):`);
    console.log(`  e-mail:   ${admin.email}\n  password: ${admin.password}`);
    console.log(`  Change it with: npm run admin:password -- --email ${admin.email}`);
  }
  console.log('\nPress Ctrl-C to stop.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping...');
    await stopStack(running);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (const { app, child } of running.values()) {
    child.on('exit', (code) => {
      if (!stopping) console.error(`[${app.name}] exited with code ${code}; see ${path.relative(ROOT, logDir)}/${app.name}.log`);
    });
  }
}

main().catch((error) => {
  console.error(`\ncoffee-guide could not start: ${error.message}`);
  process.exit(1);
});
