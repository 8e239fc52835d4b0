/**
 * Static checks of the container setup (no Docker engine runs here): docker-compose.yml, the Dockerfiles in
 * infra/docker, the nginx edge, the Postgres init script and .env.example.
 *   npx jest -c infra/jest.config.cjs infra/compose
 * `infra/compose/validate.sh` runs Debian's docker-compose 1.29 `config -q` on the file; this spec runs it
 * too when docker-compose is installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { envVariables } from '../lib/env-variables';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (rel: string): string => readFileSync(path.join(ROOT, rel), 'utf8');

/** A Compose service, as far as these checks look at it. */
interface Service {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string } | string;
  ports?: unknown[];
  container_name?: string;
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  restart?: string;
  stop_grace_period?: string;
  secrets?: string[];
  entrypoint?: string | string[];
  volumes?: string[];
  networks?: string[] | Record<string, unknown>;
}

const composeText = read('docker-compose.yml');
// `merge: true`: the file shares settings between the apps through YAML anchors and `<<:` merge keys.
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service>; [key: string]: unknown };
const services = compose.services;

/** The apps built from this repository: compose service -> package directory, port, health path. */
const APPS: Record<string, { dir: string; port: number; health: string }> = {
  catalog: { dir: 'services/catalog', port: 3001, health: '/health' },
  locations: { dir: 'services/locations', port: 3002, health: '/health' },
  content: { dir: 'services/content', port: 3003, health: '/health' },
  auth: { dir: 'services/auth', port: 3004, health: '/health' },
  bff: { dir: 'bff', port: 3000, health: '/api/health' },
};
const APP_NAMES = Object.keys(APPS);
const DATABASES = ['coffee_catalog', 'coffee_locations', 'coffee_content', 'coffee_auth'];
/** Which app needs which backing service to be healthy before it starts. */
const NEEDS: Record<string, string[]> = {
  catalog: ['postgres'],
  locations: ['postgres'],
  content: ['postgres', 'redis'],
  auth: ['postgres'],
  bff: ['redis', 'redis-cache'],
  edge: ['bff'],
};
/** Values that must never have a default, in the file or in .env.example. */
const SECRETS = ['POSTGRES_PASSWORD', 'JWT_PRIVATE_KEY', 'ADMIN_PASSWORD', 'CLIENT_ADDRESS_SECRET', 'PREVIEW_SECRET'];

function buildOf(service: Service): { context: string; dockerfile: string; target?: string } {
  const build = service.build;
  if (build === undefined) throw new Error('no build');
  if (typeof build === 'string') return { context: build, dockerfile: 'Dockerfile' };
  return { context: build.context ?? '.', dockerfile: build.dockerfile ?? 'Dockerfile', target: build.target };
}

function dockerfileOf(name: string): { file: string; text: string; target?: string } {
  const build = buildOf(services[name]);
  const file = path.join(ROOT, build.context, build.dockerfile);
  return { file, text: readFileSync(file, 'utf8'), target: build.target };
}

/** The stages of a Dockerfile, each with the instructions up to the next FROM (continuation lines joined). */
function stagesOf(text: string): { from: string; name?: string; body: string }[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .filter((l) => !/^\s*#/.test(l));
  const stages: { from: string; name?: string; body: string }[] = [];
  for (const line of lines) {
    const from = /^\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1], name: from[2]?.toLowerCase(), body: '' });
    else if (stages.length > 0) stages[stages.length - 1].body += `${line}\n`;
  }
  return stages;
}

/** The final stage of an app's image: its compose target, or the last stage. */
function finalStage(name: string): { from: string; name?: string; body: string } {
  const { text, target } = dockerfileOf(name);
  const stages = stagesOf(text);
  const stage = target ? stages.find((s) => s.name === target.toLowerCase()) : stages[stages.length - 1];
  if (!stage) throw new Error(`${name}: no stage ${target}`);
  return stage;
}

function envOf(service: Service): Record<string, string | null> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((e) => (e.includes('=') ? [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)] : [e, null])),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? null : String(v)]));
}

function healthTest(service: Service): string {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

/** Every `src/config/env.ts` of the repository (new apps are covered without editing this spec). */
function envFiles(dir = ROOT, found: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (['node_modules', 'dist', '.git', '.nx', 'test-output', 'coverage'].includes(entry) || entry.startsWith('.'))
      continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) envFiles(full, found);
    else if (entry === 'env.ts' && full.endsWith(path.join('src', 'config', 'env.ts'))) found.push(full);
  }
  return found;
}

/** The variables an env.ts reads (its ENV_FIELDS). */
const variablesOf = envVariables;

/** .env.example: name -> value, for `NAME=value` lines and commented-out `# NAME=value` lines. */
function envExample(): { set: Map<string, string>; named: Set<string> } {
  const set = new Map<string, string>();
  const named = new Set<string>();
  for (const line of read('.env.example').split(/\r?\n/)) {
    const active = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (active) {
      set.set(active[1], active[2].trim());
      named.add(active[1]);
      continue;
    }
    const commented = /^\s*#\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (commented) named.add(commented[1]);
  }
  return { set, named };
}

describe('docker-compose.yml', () => {
  it('keeps to the keys docker-compose 1.29 accepts: no top-level name', () => {
    expect(compose).not.toHaveProperty('name');
    expect(Object.keys(compose).filter((k) => !k.startsWith('x-'))).toEqual(
      expect.arrayContaining(['services', 'volumes']),
    );
  });

  it('has Postgres, Redis, the four services, the BFF and the edge', () => {
    expect(Object.keys(services).sort()).toEqual(expect.arrayContaining(['postgres', 'redis', 'edge', ...APP_NAMES]));
  });

  it('publishes a host port on edge only, from SITE_PORT', () => {
    const publishing = Object.entries(services)
      .filter(([, s]) => (s.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(publishing).toEqual(['edge']);
    expect(services.edge.ports).toEqual(['${SITE_PORT:-8080}:80']);
  });

  it('names no container, so every app can be scaled', () => {
    for (const [name, service] of Object.entries(services))
      expect({ name, container_name: service.container_name }).toEqual({ name, container_name: undefined });
  });

  describe.each(APP_NAMES)('%s', (name) => {
    const app = APPS[name];
    const service = services[name];

    it('is built from its own Dockerfile in this repository', () => {
      const build = buildOf(service);
      expect(path.resolve(ROOT, build.context)).toBe(ROOT);
      expect(existsSync(path.join(ROOT, build.dockerfile))).toBe(true);
      const others = APP_NAMES.filter((n) => n !== name).map(
        (n) => `${buildOf(services[n]).dockerfile}#${buildOf(services[n]).target}`,
      );
      expect(others).not.toContain(`${build.dockerfile}#${build.target}`);
      if (build.target)
        expect(stagesOf(dockerfileOf(name).text).map((s) => s.name)).toContain(build.target.toLowerCase());
    });

    it(`has a healthcheck on its own ${app.health} with node (no curl in the image)`, () => {
      const test = healthTest(service);
      expect(service.healthcheck?.disable).not.toBe(true);
      expect(test).toMatch(/^CMD(-SHELL)? node /);
      expect(test).toContain(`http://127.0.0.1:${app.port}${app.health}`);
      expect(test).toContain('process.exit(1)');
    });

    it('listens on the port its healthcheck calls', () => {
      const portVar = name === 'bff' ? 'BFF_PORT' : `${name.toUpperCase()}_PORT`;
      expect(envOf(service)[portVar]).toBe(String(app.port));
    });

    it('waits for what it needs to be healthy, and a service for its migration step to have finished', () => {
      const depends = service.depends_on;
      expect(Array.isArray(depends)).toBe(false);
      for (const needed of NEEDS[name]) expect(depends).toHaveProperty([needed, 'condition'], 'service_healthy');
      if (name !== 'bff')
        expect(depends).toHaveProperty([`migrate-${name}`, 'condition'], 'service_completed_successfully');
      for (const [dependency, spec] of Object.entries(depends as Record<string, { condition?: string }>)) {
        const condition = dependency.startsWith('migrate-') ? 'service_completed_successfully' : 'service_healthy';
        expect({ dependency, condition: spec.condition }).toEqual({ dependency, condition });
      }
    });

    it('restarts, stops gracefully, and runs in production mode', () => {
      expect(service.restart).toMatch(/^(always|unless-stopped|on-failure)/);
      expect(service.stop_grace_period).toMatch(/^\d+s$/);
      expect(parseInt(service.stop_grace_period ?? '0', 10)).toBeGreaterThanOrEqual(15);
      expect(envOf(service).NODE_ENV).toBe('production');
    });

    it('reaches Postgres through its database URL secret (its own role), and Redis by service name', () => {
      const env = envOf(service);
      for (const [key, value] of Object.entries(env)) {
        // never a URL (and its password) in the environment: the file of a Compose secret
        expect(key.endsWith('DATABASE_URL')).toBe(false);
        if (key.endsWith('DATABASE_URL_FILE')) {
          expect([key, value]).toEqual([
            `${name.toUpperCase()}_DATABASE_URL_FILE`,
            `/run/secrets/${name}_database_url`,
          ]);
          expect(service.secrets).toContain(`${name}_database_url`);
        }
        if (key === 'REDIS_URL') expect(value).toBe('redis://redis:6379');
      }
    });
  });

  it('gives each service its own database, as its own role, migrated once by its one-shot migrate service', () => {
    const names = ['catalog', 'locations', 'content', 'auth'];
    // infra/compose/secrets.sh writes postgres://<service>:<password>@postgres:5432/coffee_<service> for each
    const generator = read('infra/compose/secrets.sh');
    expect(generator).toMatch(/for service in catalog locations content auth; do/);
    expect(generator).toContain('"postgres://${service}:$(hex 24)@postgres:5432/coffee_${service}"');
    for (const n of names) {
      const app = services[n];
      const migrate = services[`migrate-${n}`];
      const file = `/run/secrets/${n}_database_url`;
      expect([n, envOf(app)[`${n.toUpperCase()}_DATABASE_URL_FILE`], envOf(app).DB_MIGRATE]).toEqual([n, file, 'off']);
      // the step: the app's own image and build, its dist/migrate.js, the same database, once (no restart)
      expect(migrate).toBeDefined();
      expect([migrate.image, buildOf(migrate)]).toEqual([app.image, buildOf(app)]);
      expect(migrate.command).toEqual(['node', `services/${n}/dist/migrate.js`]);
      expect(envOf(migrate)[`${n.toUpperCase()}_DATABASE_URL_FILE`]).toBe(file);
      expect(migrate.secrets).toContain(`${n}_database_url`);
      expect(migrate.restart).toBe('no');
      expect(migrate.depends_on).toHaveProperty(['postgres', 'condition'], 'service_healthy');
      expect(envOf(migrate).NODE_ENV).toBe('production');
      expect(migrate.healthcheck).toBeUndefined();
    }
    // auth's step creates the first administrator; the app no longer reads those values
    expect(envOf(services['migrate-auth'])).toMatchObject({
      ADMIN_EMAIL: expect.stringMatching(/^\$\{ADMIN_EMAIL:\?/),
      ADMIN_PASSWORD_FILE: '/run/secrets/admin_password',
    });
    expect(envOf(services.auth).JWT_PRIVATE_KEY_FILE).toBe('/run/secrets/jwt_private_key');
    expect(services.auth.secrets).toContain('jwt_private_key');
  });

  it('backs every database up on a schedule into a volume, keeping N sets (infra/postgres/backup.sh)', () => {
    const backup = services.backup;
    expect(backup.image).toBe(services.postgres.image);
    expect(backup.volumes).toEqual(
      expect.arrayContaining(['./infra/postgres/backup.sh:/usr/local/bin/coffee-backup:ro', 'backups:/backups']),
    );
    expect(compose.volumes).toHaveProperty('backups');
    expect(backup.entrypoint).toEqual(['sh', '/usr/local/bin/coffee-backup']);
    expect(backup.command).toEqual(['schedule']);
    expect(envOf(backup)).toMatchObject({
      PGHOST: 'postgres',
      PGPASSWORD_FILE: '/run/secrets/postgres_password',
      BACKUP_DIR: '/backups',
    });
    expect(envOf(backup).BACKUP_KEEP).toMatch(/^\$\{BACKUP_KEEP:-\d+\}$/);
    expect(backup.secrets).toEqual(['postgres_password']);
    expect(backup.depends_on).toHaveProperty(['postgres', 'condition'], 'service_healthy');
    expect(statSync(path.join(ROOT, 'infra', 'postgres', 'backup.sh')).mode & 0o111).not.toBe(0);
    // the script dumps in custom format and keeps BACKUP_KEEP sets (the restore drill runs it: infra/scripts/backup-restore.spec.ts)
    const script = read('infra/postgres/backup.sh');
    expect(script).toContain('pg_dump --format=custom');
    expect(script).toContain('BACKUP_KEEP');
  });

  it('points the BFF at the services, Redis and the edge (SITE_URL)', () => {
    const env = envOf(services.bff);
    expect(env).toMatchObject({
      CATALOG_URL: 'http://catalog:3001',
      LOCATIONS_URL: 'http://locations:3002',
      CONTENT_URL: 'http://content:3003',
      AUTH_URL: 'http://auth:3004',
      REDIS_URL: 'redis://redis:6379',
    });
    expect(env.SITE_URL).toMatch(/^\$\{SITE_URL(:\?[^}]+)?\}$/);
  });

  it("lets the BFF believe X-Forwarded-For from the edge's network only, and sign the visitor's address for auth", () => {
    const bff = envOf(services.bff);
    const frontend = (compose.networks as Record<string, { ipam?: { config?: { subnet?: string }[] } }>).frontend;
    expect(bff.TRUSTED_PROXIES).toBe('${FRONTEND_SUBNET:-172.30.80.0/24}');
    expect(frontend.ipam?.config).toEqual([{ subnet: bff.TRUSTED_PROXIES }]);
    // Only the edge and the BFF are on that network.
    const networksOf = (s: Service) => (Array.isArray(s.networks) ? s.networks : Object.keys(s.networks ?? {}));
    const onFrontend = Object.entries(services)
      .filter(([, s]) => networksOf(s).includes('frontend'))
      .map(([n]) => n);
    expect(onFrontend.sort()).toEqual(['bff', 'edge']);
    // No other app believes a proxy; auth takes the BFF's signed address, with the same secret.
    for (const name of APP_NAMES.filter((n) => n !== 'bff'))
      expect([name, envOf(services[name]).TRUSTED_PROXIES]).toEqual([name, undefined]);
    // ... from the same secret file, never the environment
    for (const name of ['auth', 'bff', 'migrate-auth']) {
      expect([
        name,
        envOf(services[name]).CLIENT_ADDRESS_SECRET,
        envOf(services[name]).CLIENT_ADDRESS_SECRET_FILE,
      ]).toEqual([name, undefined, '/run/secrets/client_address_secret']);
      expect([name, services[name].secrets]).toEqual([name, expect.arrayContaining(['client_address_secret'])]);
    }
    expect((compose.secrets as Record<string, { file: string }>).client_address_secret).toEqual({
      file: './secrets/client_address_secret',
    });
  });

  it('runs Redis append-only with noeviction, on a volume, with a healthcheck', () => {
    const redis = services.redis;
    const command = Array.isArray(redis.command) ? redis.command.join(' ') : (redis.command ?? '');
    expect(command).toMatch(/--appendonly\s+yes/);
    expect(command).toMatch(/--maxmemory-policy\s+noeviction/);
    expect(command).toMatch(/--maxmemory\s+\S*\b\d+mb\b/);
    expect(redis.image).toMatch(/^redis:7/);
    expect((redis.volumes ?? []).some((v) => v.endsWith(':/data'))).toBe(true);
    expect(healthTest(redis)).toContain('redis-cli ping');
  });

  it("gives the BFF's cache a Redis of its own, bounded and evicting (allkeys-lru), with nothing on disk", () => {
    const cache = services['redis-cache'];
    const command = Array.isArray(cache.command) ? cache.command.join(' ') : (cache.command ?? '');
    expect(command).toMatch(/--maxmemory\s+\S*\b\d+mb\b/);
    expect(command).toMatch(/--maxmemory-policy\s+allkeys-lru/);
    expect(command).toMatch(/--appendonly\s+no/);
    expect(cache.volumes ?? []).toEqual([]);
    expect(healthTest(cache)).toContain('redis-cli ping');
    expect(envOf(services.bff).REDIS_CACHE_URL).toBe('redis://redis-cache:6379');
    // the queue's and the limits' Redis never evicts, and only the BFF has a cache
    for (const name of APP_NAMES.filter((n) => n !== 'bff'))
      expect([name, envOf(services[name]).REDIS_CACHE_URL]).toEqual([name, undefined]);
  });

  it('runs Postgres on a volume, with pg_isready and the init script that creates the four databases', () => {
    const postgres = services.postgres;
    expect(postgres.image).toMatch(/^postgres:1[5-9]/);
    expect(healthTest(postgres)).toContain('pg_isready');
    expect((postgres.volumes ?? []).some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    const init = (postgres.volumes ?? []).find((v) => v.includes(':/docker-entrypoint-initdb.d'));
    expect(init).toBeDefined();
    const dir = path.join(ROOT, (init as string).split(':')[0]);
    const scripts = readdirSync(dir).filter((f) => /\.(sql|sh)$/.test(f));
    expect(scripts.length).toBeGreaterThan(0);
    const sql = scripts.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    // a role per service (no superuser) owning only its database, its password from the service's URL secret
    expect(sql).toMatch(/CREATE ROLE :"role" LOGIN PASSWORD :'password' NOSUPERUSER NOCREATEDB NOCREATEROLE;/);
    expect(sql).toContain('CREATE DATABASE :"db" OWNER :"role";');
    expect(sql).toContain('REVOKE ALL ON DATABASE :"db" FROM PUBLIC;');
    expect(sql).toContain('url_file="/run/secrets/${role}_database_url"');
    for (const db of DATABASES)
      expect(sql).toMatch(new RegExp(`^create_database ${db} ${db.replace('coffee_', '')}$`, 'm'));
    expect(envOf(postgres).POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(postgres.secrets).toEqual([
      'postgres_password',
      ...DATABASES.map((d) => `${d.replace('coffee_', '')}_database_url`),
    ]);
  });

  it('has an nginx edge with the repository config, a healthcheck, after a healthy BFF', () => {
    const edge = services.edge;
    expect(edge.image).toMatch(/^nginx:/);
    expect(edge.volumes).toContain('./infra/nginx/nginx.conf:/etc/nginx/nginx.conf:ro');
    // The trusted load balancers, rendered by the image's entrypoint before nginx starts.
    expect(edge.volumes).toContain('./infra/nginx/real-ip.sh:/docker-entrypoint.d/40-real-ip.sh:ro');
    expect(statSync(path.join(ROOT, 'infra', 'nginx', 'real-ip.sh')).mode & 0o111).not.toBe(0);
    expect(envOf(edge).EDGE_TRUSTED_PROXIES).toBe('${EDGE_TRUSTED_PROXIES:-}');
    expect(healthTest(edge)).not.toBe('');
    expect(edge.depends_on).toHaveProperty(['bff', 'condition'], 'service_healthy');
  });

  it('requires its secrets and never defaults them', () => {
    const lines = composeText.split(/\r?\n/).filter((l) => !/^\s*#/.test(l));
    const required = new Set<string>();
    const defaulted = new Set<string>();
    for (const line of lines) {
      for (const m of line.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?+])?([^}]*)\}/g)) {
        if (m[2] === ':?' || m[2] === '?') {
          expect({ variable: m[1], message: m[3].trim() }).not.toEqual({ variable: m[1], message: '' });
          required.add(m[1]);
        } else if (m[2] !== undefined) defaulted.add(m[1]);
      }
    }
    // a secret is required from the environment, or (Compose's way, docs/compose.md "Secrets") read from a
    // secret file through X_FILE by every service that takes it
    const fromFile = new Set(
      Object.values(services).flatMap((s) =>
        Object.keys(envOf(s))
          .filter((k) => k.endsWith('_FILE'))
          .map((k) => k.slice(0, -5)),
      ),
    );
    for (const secret of SECRETS)
      expect([secret, required.has(secret) || fromFile.has(secret)]).toEqual([secret, true]);
    expect([...required].filter((v) => defaulted.has(v))).toEqual([]);
    // every X_FILE is a secret the service lists, and every secret a file under ./secrets/ (infra/compose/secrets.sh)
    const declared = compose.secrets as Record<string, { file?: string }>;
    for (const [name, secret] of Object.entries(declared))
      expect([name, secret.file]).toEqual([name, `./secrets/${name}`]);
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(envOf(service)).filter(([k]) => k.endsWith('_FILE'))) {
        const secret = /^\/run\/secrets\/([a-z_]+)$/.exec(value ?? '')?.[1] ?? '';
        expect([name, key, secret in declared, (service.secrets ?? []).includes(secret)]).toEqual([
          name,
          key,
          true,
          true,
        ]);
      }
    }
    const generator = read('infra/compose/secrets.sh');
    for (const name of Object.keys(declared))
      expect([name, generator.includes(name.replace(/^(catalog|locations|content|auth)_/, '${service}_'))]).toEqual([
        name,
        true,
      ]);
    // no password, key or token written into the file itself: required from the environment, or passed
    // through unset (a bare `KEY:`)
    const written: string[] = [];
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(envOf(service))) {
        if (
          /(PASSWORD|PRIVATE_KEY|SECRET|_TOKEN)$/.test(key) &&
          value !== null &&
          !/^\$\{[A-Z0-9_]+:\?[^}]+\}$/.test(value)
        )
          written.push(`${name}.${key}`);
      }
    }
    expect(written).toEqual([]);
  });

  (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0 ? it : it.skip)(
    'passes docker-compose config (infra/compose/validate.sh)',
    () => {
      expect(() =>
        execFileSync(path.join(ROOT, 'infra', 'compose', 'validate.sh'), { cwd: ROOT, stdio: 'pipe' }),
      ).not.toThrow();
    },
  );
});

describe('infra/compose/backing.yml (Postgres and Redis for npm start)', () => {
  const backing = parse(read('infra/compose/backing.yml'), { merge: true }) as { services: Record<string, Service> };

  it('runs only Postgres and Redis, published on loopback only, like the stack', () => {
    expect(Object.keys(backing.services).sort()).toEqual(['postgres', 'redis']);
    expect(backing.services.postgres.ports).toEqual(['127.0.0.1:5432:5432']);
    expect(backing.services.redis.ports).toEqual(['127.0.0.1:6379:6379']);
    expect(backing.services.postgres.image).toBe(services.postgres.image);
    expect(backing.services.redis.image).toBe(services.redis.image);
    expect(backing.services.redis.command).toEqual(services.redis.command);
    const init = (backing.services.postgres.volumes ?? []).find((v) => v.includes(':/docker-entrypoint-initdb.d'));
    expect(path.resolve(ROOT, 'infra/compose', (init as string).split(':')[0])).toBe(
      path.join(ROOT, 'infra/postgres/init'),
    );
  });
});

describe('the Dockerfiles', () => {
  const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2)))
          .map((d) => `${pattern.slice(0, -2)}/${d}`)
          .filter((d) => existsSync(path.join(ROOT, d, 'package.json')))
      : [pattern],
  );

  describe.each(APP_NAMES)('%s', (name) => {
    const app = APPS[name];

    it('is multi-stage: a build stage on Node 24 LTS, then the runtime stage', () => {
      const stages = stagesOf(dockerfileOf(name).text);
      expect(stages.length).toBeGreaterThanOrEqual(2);
      const build = stages.find((s) => s.name === 'build');
      expect(build?.from).toMatch(/^node:24-/);
      expect(build?.body).toMatch(/npm ci\b/);
      expect(build?.body).toContain(`tsc -b ${app.dir}/tsconfig.app.json`);
      expect(finalStage(name).from).toMatch(/^node:24-/);
    });

    it('runs as the non-root node user, in production, with only production dependencies', () => {
      const stage = finalStage(name);
      const users = [...stage.body.matchAll(/^\s*USER\s+(\S+)/gim)].map((m) => m[1]);
      expect(users.length).toBeGreaterThan(0);
      expect(users[users.length - 1]).not.toMatch(/^(root|0)(:|$)/);
      expect(stage.body).toMatch(/^\s*ENV\s+.*NODE_ENV=production/m);
      expect(stage.body).toMatch(/npm ci\b.*--omit=dev/);
      expect(stage.body).toContain(`--workspace ${app.dir}`);
    });

    it('copies the built app and libs, and the seed of a service', () => {
      const stage = finalStage(name);
      for (const dist of ['libs/contracts/dist', 'libs/nest-common/dist', `${app.dir}/dist`])
        expect(stage.body).toContain(dist);
      if (app.dir.startsWith('services/')) expect(stage.body).toContain(`${app.dir}/seed`);
      if (name === 'bff') {
        expect(dockerfileOf(name).text).toMatch(/npm run build -w frontend|npm run build --workspace[= ]frontend/);
        expect(stage.body).toContain('frontend/dist');
      }
    });

    it('has a healthcheck, a graceful stop signal and starts node on the built main.js', () => {
      const stage = finalStage(name);
      expect(stage.body.includes('HEALTHCHECK') || healthTest(services[name]) !== '').toBe(true);
      expect(stage.body).toMatch(/^\s*STOPSIGNAL\s+SIGTERM/m);
      expect(stage.body).toContain(`CMD ["node", "${app.dir}/dist/main.js"]`);
    });

    it("copies every workspace's package.json before npm ci (the lockfile lists them all)", () => {
      const text = dockerfileOf(name).text;
      for (const stage of stagesOf(text).filter((s) => /npm ci\b/.test(s.body))) {
        for (const ws of workspaces)
          expect({ ws, copied: stage.body.includes(`${ws}/package.json`) }).toEqual({ ws, copied: true });
      }
    });
  });

  it('.dockerignore keeps installed and built files out of the context', () => {
    const ignored = read('.dockerignore')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of ['node_modules', 'dist', '.git', 'test-output']) {
      expect(ignored.some((l) => l === entry || l === `**/${entry}` || l === `${entry}/`)).toBe(true);
    }
  });
});

describe('infra/nginx/nginx.conf', () => {
  const conf = read('infra/nginx/nginx.conf').replace(/#.*$/gm, '');

  it("proxies to bff:3000 through a variable, re-resolved with Docker's DNS", () => {
    expect(conf).toMatch(/resolver\s+127\.0\.0\.11\b[^;]*valid=\d+s/);
    const variable = /set\s+(\$\w+)\s+"?http:\/\/bff:3000"?\s*;/.exec(conf);
    expect(variable).not.toBeNull();
    expect(conf).toMatch(new RegExp(`proxy_pass\\s+\\${(variable as RegExpExecArray)[1]}\\s*;`));
  });

  it('takes the client address from the trusted load balancers only, and sets X-Forwarded-For to it alone', () => {
    expect(conf).toMatch(/include\s+\/etc\/nginx\/real-ip\.conf\s*;/);
    expect(conf).toMatch(/real_ip_header\s+X-Forwarded-For\s*;/);
    expect(conf).toMatch(/real_ip_recursive\s+on\s*;/);
    // Never a fixed trusted address in the file, never the visitor's header appended to.
    expect(conf).not.toMatch(/set_real_ip_from/);
    expect(conf).not.toMatch(/\$proxy_add_x_forwarded_for|\$http_x_forwarded_for/);
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr\s*;/);
  });

  it('passes the forwarded headers and the request id', () => {
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$/);
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s+\$/);
    expect(conf).toMatch(/proxy_set_header\s+X-Request-Id\s+\$/);
  });

  it('leaves compression to the BFF, limits bodies, hides its version, retries on a failed connection', () => {
    expect(conf).toMatch(/gzip\s+off\s*;/);
    expect(conf).toMatch(/client_max_body_size\s+1m\s*;/);
    // the CSV import's path alone takes 10 MB, passed on unbuffered (docs/csv.md)
    const importBlock = /location\s+~\s+\^\/api\/admin\/\[a-z-\]\+\/import\$\s*\{([^}]*)\}/.exec(conf);
    expect(importBlock).not.toBeNull();
    expect((importBlock as RegExpExecArray)[1]).toMatch(/client_max_body_size\s+10m\s*;/);
    expect((importBlock as RegExpExecArray)[1]).toMatch(/proxy_request_buffering\s+off\s*;/);
    expect((importBlock as RegExpExecArray)[1]).toMatch(/proxy_pass\s+\$\w+\s*;/);
    // the media upload: 10 MB and the multipart framing, unbuffered (docs/api.md "Media")
    const mediaBlock = /location\s+=\s+\/api\/admin\/media\s*\{([^}]*)\}/.exec(conf);
    expect(mediaBlock).not.toBeNull();
    expect((mediaBlock as RegExpExecArray)[1]).toMatch(/client_max_body_size\s+11m\s*;/);
    expect((mediaBlock as RegExpExecArray)[1]).toMatch(/proxy_request_buffering\s+off\s*;/);
    expect(conf).toMatch(/server_tokens\s+off\s*;/);
    expect(conf).toMatch(/proxy_next_upstream\s+error\s+timeout/);
    expect(conf).not.toMatch(/proxy_next_upstream\s[^;]*non_idempotent/);
  });

  it("never proxies the BFF's metrics port, and answers the metrics paths itself with 404", () => {
    const metricsPort = envOf(services.bff).BFF_METRICS_PORT;
    expect(metricsPort).toMatch(/^\d+$/);
    expect(conf).not.toContain(`:${metricsPort}`);
    expect([...conf.matchAll(/https?:\/\/bff:(\d+)/g)].map((m) => m[1])).toEqual(['3000']);
    const block = /location\s+~\s+(\S+)\s*\{([^}]*)\}/.exec(conf);
    expect(block).not.toBeNull();
    const pattern = new RegExp((block as RegExpExecArray)[1]);
    for (const path of ['/metrics', '/api/metrics', '/metrics/', '/api/metrics/x'])
      expect({ path, denied: pattern.test(path) }).toEqual({ path, denied: true });
    for (const path of ['/menu', '/api/menu/metrics-news', '/metricsville'])
      expect({ path, denied: pattern.test(path) }).toEqual({ path, denied: false });
    expect((block as RegExpExecArray)[2]).toMatch(/return\s+404\s*;/);
  });
});

describe('metrics of the apps (docs/operations.md)', () => {
  it('gives the BFF a metrics listener apart from its public port, on the internal networks only', () => {
    const env = envOf(services.bff);
    expect(env.BFF_METRICS_PORT).toMatch(/^\d+$/);
    expect(env.BFF_METRICS_PORT).not.toBe(env.BFF_PORT);
    expect(services.bff.ports ?? []).toEqual([]);
    expect(healthTest(services.bff)).not.toContain(`:${env.BFF_METRICS_PORT}`);
  });
});

describe('.env.example', () => {
  const { set, named } = envExample();
  const files = envFiles();

  it('finds the env.ts of the BFF and the services', () => {
    expect(files.map((f) => path.relative(ROOT, f))).toEqual(expect.arrayContaining(['bff/src/config/env.ts']));
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f]))('names every variable %s reads', (_rel, file) => {
    const variables = variablesOf(file);
    expect(variables.length).toBeGreaterThan(0);
    expect(variables.filter((v) => !named.has(v))).toEqual([]);
  });

  it('names every variable docker-compose.yml takes from the environment', () => {
    const fromEnv = new Set<string>();
    for (const m of composeText.replace(/^\s*#.*$/gm, '').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)) fromEnv.add(m[1]);
    for (const service of Object.values(services)) {
      for (const [key, value] of Object.entries(envOf(service))) if (value === null) fromEnv.add(key);
    }
    expect([...fromEnv].filter((v) => !named.has(v))).toEqual([]);
  });

  it('passes an app only variables it reads (when its env.ts exists)', () => {
    const unknown: Record<string, string[]> = {};
    for (const name of APP_NAMES) {
      const envTs = path.join(ROOT, APPS[name].dir, 'src', 'config', 'env.ts');
      if (!existsSync(envTs)) continue;
      const reads = new Set(variablesOf(envTs));
      // X_FILE reads X from a file, for any variable the app reads (libs/nest-common/src/env.ts)
      const known = (k: string) => reads.has(k) || (k.endsWith('_FILE') && reads.has(k.slice(0, -5)));
      for (const service of [name, `migrate-${name}`].filter((n) => services[n])) {
        const extra = Object.keys(envOf(services[service])).filter((k) => !known(k));
        if (extra.length > 0) unknown[service] = extra;
      }
    }
    expect(unknown).toEqual({});
  });

  it('ships no secret: the required ones are empty', () => {
    for (const secret of SECRETS) {
      expect(named.has(secret)).toBe(true);
      expect({ secret, value: set.get(secret) ?? '' }).toEqual({ secret, value: '' });
    }
  });
});
