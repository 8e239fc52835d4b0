// A TCP proxy in front of PostgreSQL that delays every chunk by a latency that can be changed while it
// runs (each direction keeps its order). The fault checks point the services' database URLs at it.
import * as net from 'node:net';

export class LatencyProxy {
  latencyMs = 0;
  #server;
  #sockets = new Set();

  constructor({ targetHost = '127.0.0.1', targetPort = 5432 } = {}) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.#server = net.createServer((client) => this.#connect(client));
  }

  async listen(port, host = '127.0.0.1') {
    await new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, resolve);
    });
    this.port = this.#server.address().port;
    return this;
  }

  #connect(client) {
    const upstream = net.connect(this.targetPort, this.targetHost);
    for (const s of [client, upstream]) {
      this.#sockets.add(s);
      s.setNoDelay(true);
      s.on('close', () => this.#sockets.delete(s));
      s.on('error', () => undefined);
    }
    this.#pipe(client, upstream);
    this.#pipe(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  /** Copies from -> to, each chunk released `latencyMs` after it arrived and never before the previous one. */
  #pipe(from, to) {
    const queue = [];
    let timer;
    let lastRelease = 0;
    const flush = () => {
      timer = undefined;
      const now = Date.now();
      while (queue.length && queue[0].at <= now) {
        if (!to.destroyed) to.write(queue.shift().chunk);
        else queue.shift();
      }
      if (queue.length) timer = setTimeout(flush, queue[0].at - now);
    };
    from.on('data', (chunk) => {
      if (this.latencyMs <= 0 && queue.length === 0) {
        to.write(chunk);
        return;
      }
      const at = Math.max(Date.now() + this.latencyMs, lastRelease);
      lastRelease = at;
      queue.push({ at, chunk });
      if (!timer) timer = setTimeout(flush, at - Date.now());
    });
    from.on('end', () => {
      const end = () => (queue.length ? setTimeout(end, 10) : to.end());
      end();
    });
  }

  async close() {
    for (const s of this.#sockets) s.destroy();
    await new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
