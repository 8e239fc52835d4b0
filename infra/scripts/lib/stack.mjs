// Starts the five processes of the site (four services and the BFF) from their builds, waits until
// each answers its health check, and stops them all gracefully. Used by `npm start`, the browser
// tests, the fault checks and the benchmark, each with its own ports, databases and Redis prefix.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT, databaseUrl } from './preflight.mjs';

// `heapMb`, `semiMb`: V8's old generation ceiling (--max-old-space-size) and young generation half
// (--max-semi-space-size), as in each image (infra/docker) and the Kubernetes manifests. Without one V8 sizes the heap for the machine (up to 4 GB) and lets it grow 4 times past
// what survived the last collection before collecting again; with a ceiling of a few hundred MB, about 1.3
// times, so an idle process holds its live data, not the garbage of its last burst (docs/capacity.md).
export const APPS = [
  {
    name: 'catalog',
    dir: 'services/catalog',
    portVar: 'CATALOG_PORT',
    dbVar: 'CATALOG_DATABASE_URL',
    health: '/health',
    heapMb: 224,
    semiMb: 4,
  },
  {
    name: 'locations',
    dir: 'services/locations',
    portVar: 'LOCATIONS_PORT',
    dbVar: 'LOCATIONS_DATABASE_URL',
    health: '/health',
    heapMb: 313,
    semiMb: 4,
  },
  {
    name: 'content',
    dir: 'services/content',
    portVar: 'CONTENT_PORT',
    dbVar: 'CONTENT_DATABASE_URL',
    health: '/health',
    heapMb: 224,
    semiMb: 4,
  },
  {
    name: 'auth',
    dir: 'services/auth',
    portVar: 'AUTH_PORT',
    dbVar: 'AUTH_DATABASE_URL',
    health: '/health',
    heapMb: 224,
    semiMb: 4,
  },
  { name: 'bff', dir: 'bff', portVar: 'BFF_PORT', dbVar: null, health: '/api/health', heapMb: 313, semiMb: 8 },
];

/**
 * glibc's allocator as in every image (infra/docker): two arenas rather than eight per core, and a fixed mmap
 * threshold, so a large block (argon2's 19 MiB, a compressed page, a body) is mapped and given back when
 * freed instead of staying in an arena (docs/capacity.md, "Memory: where it goes").
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** The apps that exist in this checkout (a service without a main has not been written yet). */
export function availableApps() {
  return APPS.filter((a) => existsSync(path.join(ROOT, a.dir, 'src', 'main.ts')));
}

/**
 * The environment of one stack: base port (bff = base, catalog = base+1, ...; the BFF's metrics listener
 * base+5, the services' base+6 to base+9), database name prefix and Redis key prefix keep a test stack apart from the site's.
 */
export function stackEnv({ basePort = 3000, dbPrefix = 'coffee', redisPrefix = 'cg:', extra = {} } = {}) {
  const port = (i) => String(basePort + i);
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    BFF_PORT: port(0),
    BFF_METRICS_PORT: port(5),
    CATALOG_PORT: port(1),
    LOCATIONS_PORT: port(2),
    CONTENT_PORT: port(3),
    AUTH_PORT: port(4),
    // Each service's metrics on an internal listener of its own (base+6 to base+9), never its service port.
    CATALOG_METRICS_PORT: port(6),
    LOCATIONS_METRICS_PORT: port(7),
    CONTENT_METRICS_PORT: port(8),
    AUTH_METRICS_PORT: port(9),
    CATALOG_URL: `http://127.0.0.1:${port(1)}`,
    LOCATIONS_URL: `http://127.0.0.1:${port(2)}`,
    CONTENT_URL: `http://127.0.0.1:${port(3)}`,
    AUTH_URL: `http://127.0.0.1:${port(4)}`,
    AUTH_JWKS_URL: `http://127.0.0.1:${port(4)}/.well-known/jwks.json`,
    SITE_URL: process.env.SITE_URL ?? `http://localhost:${port(0)}`,
    CATALOG_DATABASE_URL: databaseUrl(`${dbPrefix}_catalog`),
    LOCATIONS_DATABASE_URL: databaseUrl(`${dbPrefix}_locations`),
    CONTENT_DATABASE_URL: databaseUrl(`${dbPrefix}_content`),
    AUTH_DATABASE_URL: databaseUrl(`${dbPrefix}_auth`),
    REDIS_KEY_PREFIX: redisPrefix,
    ...extra,
  };
  return env;
}

export const databaseNames = (dbPrefix) => ['catalog', 'locations', 'content', 'auth'].map((s) => `${dbPrefix}_${s}`);

async function waitHealthy(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the apps (services first, the BFF last) with the given environment, logging each into
 * logDir/<name>.log. Resolves when every one answers its health check. When one fails, all are stopped
 * and the error carries the app's name and its last output lines (`app`, `tail`, `logFile`). Pass
 * `running` (a Map) to see the processes while they start (to stop them on Ctrl-C). `nodeArgs` gives an
 * app's process Node options of its own (e.g. `{ bff: ['--cpu-prof'] }`; NODE_OPTIONS refuses some).
 */
export async function startStack(
  env,
  { logDir, apps = availableApps(), onLine, timeoutMs = 60_000, running = new Map(), nodeArgs = {} } = {},
) {
  mkdirSync(logDir, { recursive: true });
  const start = async (app) => {
    const { child, tail } = spawnApp(app, env, { logDir, onLine, nodeArgs, running });
    try {
      await waitHealthy(`http://127.0.0.1:${env[app.portVar]}${app.health}`, child, timeoutMs);
    } catch (error) {
      // The output arrives on pipes: give the last of it a moment to land before it is shown.
      await new Promise((r) => setTimeout(r, 100));
      throw Object.assign(new Error(`${app.name} ${error.message}; see ${path.join(logDir, `${app.name}.log`)}`), {
        app: app.name,
        tail: [...tail],
        logFile: path.join(logDir, `${app.name}.log`),
      });
    }
  };
  const services = apps.filter((a) => a.name !== 'bff');
  try {
    await Promise.all(services.map(start));
    const bff = apps.find((a) => a.name === 'bff');
    if (bff) await start(bff);
  } catch (error) {
    await stopStack(running);
    throw error;
  }
  return running;
}

/**
 * Spawns one app from its build, its output appended to logDir/<name>.log (and each line to `onLine`),
 * and records it in `running`. Answers the entry { app, child, log, tail, startedAt }.
 */
export function spawnApp(app, env, { logDir, onLine, nodeArgs = {}, running }) {
  const log = createWriteStream(path.join(logDir, `${app.name}.log`), { flags: 'a' });
  const tail = [];
  const args = app.command ?? [
    `--max-old-space-size=${app.heapMb}`,
    `--max-semi-space-size=${app.semiMb}`,
    ...(nodeArgs[app.name] ?? []),
    path.join(ROOT, app.dir, 'dist', 'main.js'),
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, ...MALLOC_ENV, ...app.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      log.write(chunk);
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 60) tail.shift();
        if (onLine) onLine(app.name, line);
      }
    });
  }
  const entry = { app, child, log, tail, startedAt: Date.now() };
  running?.set(app.name, entry);
  return entry;
}

/**
 * Keeps a started stack running (`npm start`): an app that exits while the stack is not being stopped is
 * started again after a wait of `initialMs` (1 s), doubling at each crash in a row up to `maxMs` (30 s),
 * and back to `initialMs` once it had stayed up `resetAfterMs` (a minute) before it exited. Each exit,
 * each restart and the health check it answers again are said through `say` (which app, its exit code
 * or signal, when it restarts), with `{ app, event: 'exit' | 'restart' | 'healthy' }`. `stop()` cancels the pending restarts: call it before stopStack, so a
 * Ctrl-C never restarts anything. `spawn(app)` starts one app again (spawnApp with the stack's env).
 */
export function superviseStack(
  running,
  {
    spawn: respawn,
    say = (line) => console.error(line),
    healthUrl,
    initialMs = 1000,
    maxMs = 30_000,
    resetAfterMs = 60_000,
  } = {},
) {
  let stopping = false;
  const timers = new Set();
  const delays = new Map();
  const clock = () => new Date().toTimeString().slice(0, 8);
  const watch = (entry) => {
    // The log ends once the output's pipes have closed (lines can still arrive after the exit).
    entry.child.once('close', () => entry.log.end());
    entry.child.once('exit', (code, signal) => {
      if (stopping || running.get(entry.app.name) !== entry) return;
      const name = entry.app.name;
      const upMs = Date.now() - entry.startedAt;
      const previous = delays.get(name);
      const delay = previous === undefined || upMs >= resetAfterMs ? initialMs : Math.min(previous * 2, maxMs);
      delays.set(name, delay);
      const how = signal ? `signal ${signal}` : `code ${code}`;
      const at = new Date(Date.now() + delay).toTimeString().slice(0, 8);
      say(
        `[${name}] exited with ${how} at ${clock()} after ${formatMs(upMs)} up; restarting in ${formatMs(delay)} (at ${at})`,
        { app: name, event: 'exit' },
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopping) return;
        const next = respawn(entry.app);
        running.set(name, next);
        say(`[${name}] restarted at ${clock()} (pid ${next.child.pid})`, { app: name, event: 'restart' });
        watch(next);
        const url = healthUrl?.(entry.app);
        if (url)
          void answersAgain(url, next, () => stopping).then(
            (ok) => ok && say(`[${name}] answers its health check again`, { app: name, event: 'healthy' }),
          );
      }, delay);
      timers.add(timer);
    });
  };
  for (const entry of running.values()) watch(entry);
  return {
    stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

const formatMs = (ms) =>
  ms < 1000 ? `${ms} ms` : ms < 120_000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms / 60_000)} min`;

async function answersAgain(url, entry, stopped) {
  while (!stopped() && entry.child.exitCode === null && !entry.child.signalCode) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return true;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** SIGTERM to each app, then waits for it to finish its in-flight requests and exit. */
export async function stopStack(running, timeoutMs = 10_000) {
  await Promise.all(
    [...running.values()].map(
      ({ child, log }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode) return resolve(log.end());
          const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
          child.once('exit', () => {
            clearTimeout(timer);
            log.end();
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Runs a command, inheriting the terminal; rejects when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export function buildAll() {
  return run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
}
