#!/usr/bin/env node
// `npm run migrate`: the migration step of the local site, once, before its apps start with DB_MIGRATE=off
// (docs/operations.md, "Migrations"): each service's dist/migrate.js (its migrations, then the seed of an
// empty database) in turn, on the server `npm run backup` uses (POSTGRES_URL, else the local or embedded
// one), the databases <DB_PREFIX>_<service> created when missing. A `<SVC>_DATABASE_URL` (or `_FILE`)
// already set wins. `npm run migrate -- catalog auth` migrates those only.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { ROOT, ensureDatabases } from './lib/preflight.mjs';
import { SERVICES, isMain, siteServerUrl, withDatabase } from './lib/pg-tools.mjs';

function runStep(service, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'services', service, 'dist', 'migrate.js')], {
      env,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${service}'s migration step failed (exit ${code})`)),
    );
  });
}

async function main() {
  const only = process.argv.slice(2);
  for (const s of only)
    if (!SERVICES.includes(s)) throw new Error(`unknown service ${s} (one of ${SERVICES.join(', ')})`);
  const services = only.length > 0 ? only : SERVICES;
  const prefix = process.env.DB_PREFIX || 'coffee';
  const needsServer = services.some(
    (s) => !process.env[`${s.toUpperCase()}_DATABASE_URL`] && !process.env[`${s.toUpperCase()}_DATABASE_URL_FILE`],
  );
  const url = needsServer ? await siteServerUrl() : undefined;
  if (url) {
    await ensureDatabases(
      services
        .filter(
          (s) =>
            !process.env[`${s.toUpperCase()}_DATABASE_URL`] && !process.env[`${s.toUpperCase()}_DATABASE_URL_FILE`],
        )
        .map((s) => `${prefix}_${s}`),
      url,
    );
  }
  for (const service of services) {
    const key = `${service.toUpperCase()}_DATABASE_URL`;
    const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
    if (!env[key] && !env[`${key}_FILE`]) env[key] = withDatabase(url, `${prefix}_${service}`);
    await runStep(service, env);
  }
  console.log(`migrate: ${services.join(', ')} up to date`);
}

if (isMain(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`migrate failed: ${error.message}\n`);
    process.exit(1);
  });
}
