// A redis-server of the harness's own: its own port and directory, append-only like the Compose stack
// (appendonly yes, fsync every second, noeviction), so killing it disturbs nothing else and a restart
// finds what it had accepted.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { pingRedis } from '../../scripts/lib/cache-redis.mjs';

export class RedisProcess {
  child;

  constructor({ port, dir, binary = process.env.REDIS_SERVER ?? 'redis-server' }) {
    this.port = port;
    this.dir = dir;
    this.binary = binary;
    mkdirSync(dir, { recursive: true });
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running() {
    return Boolean(this.child && this.child.exitCode === null && !this.child.signalCode);
  }

  /** Starts it (again, on the same directory: it reloads its append-only file); no-op while it runs. */
  async start() {
    if (this.running) return this;
    const args = [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
      '--protected-mode',
      'yes',
    ];
    this.child = spawn(this.binary, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    const child = this.child;
    let spawnError;
    child.once('error', (error) => (spawnError = error));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (spawnError)
        throw new Error(
          `cannot start ${this.binary} (${spawnError.code}): apt-get install -y redis-server, or set REDIS_SERVER`,
        );
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (await this.ping()) return this;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not answer on ${this.port}`);
  }

  /** PING over a raw socket: true when it answers PONG. */
  ping() {
    return pingRedis(this.port);
  }

  /** SIGKILL: no shutdown, no final save; only what reached the append-only file survives. */
  kill() {
    return this.#signal('SIGKILL');
  }

  stop() {
    return this.#signal('SIGTERM');
  }

  #signal(signal) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}
