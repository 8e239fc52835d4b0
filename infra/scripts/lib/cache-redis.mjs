// The cache's own Redis for a local stack (`npm start`, the browser tests, the fault checks, the bench), as
// in Compose and Kubernetes: bounded by maxmemory, evicting any key least recently used first
// (allkeys-lru), nothing kept on disk; the main Redis (queue, rate limits) never evicts
// (docs/operations.md, "Redis"). A `redis-server` of its own, on loopback; when there is no redis-server
// binary, answers undefined and the stack's cache shares the main Redis.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import * as net from 'node:net';

export const CACHE_REDIS_MAXMEMORY = '64mb';

/** The redis-server binary to run (REDIS_SERVER, else redis-server on the PATH), or undefined. */
export function redisServerBinary() {
  const binary = process.env.REDIS_SERVER ?? 'redis-server';
  const probe = spawnSync(binary, ['--version'], { stdio: 'ignore' });
  return probe.error || probe.status !== 0 ? undefined : binary;
}

/** PING over a raw socket: true when it answers PONG. */
export function pingRedis(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

const isFree = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * Starts the cache's redis-server on `port` (with `searchPorts`, the first free one from there), data
 * directory `dir` (nothing is written to it: no snapshot, no append-only file). Answers
 * { url, port, maxmemory, stop() }, or undefined when there is no redis-server binary.
 */
export async function startCacheRedis({ port, dir, maxmemory = CACHE_REDIS_MAXMEMORY, searchPorts = 0 }) {
  const binary = redisServerBinary();
  if (!binary) return undefined;
  let chosen = port;
  while (!(await isFree(chosen))) {
    if (chosen - port >= searchPorts) throw new Error(`the cache's Redis cannot listen on ${port}: the port is taken`);
    chosen++;
  }
  mkdirSync(dir, { recursive: true });
  const args = [
    '--port',
    String(chosen),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    '--maxmemory',
    maxmemory,
    '--maxmemory-policy',
    'allkeys-lru',
    '--protected-mode',
    'yes',
  ];
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  let spawnError;
  child.once('error', (error) => (spawnError = error));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (spawnError) throw new Error(`cannot start ${binary} (${spawnError.code})`);
    if (child.exitCode !== null) throw new Error(`the cache's redis-server exited with ${child.exitCode}`);
    if (await pingRedis(chosen)) return { url: `redis://127.0.0.1:${chosen}`, port: chosen, maxmemory, child, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`the cache's redis-server did not answer on ${chosen}`);
}
