// Finding 1 of the hardening review: every process of the stack listens on loopback unless told otherwise
// (`<SVC>_HOST`, `<SVC>_METRICS_HOST`), so another machine on the network reaches none of them. Asserted on
// the kernel's own table of listening sockets (/proc/net/tcp, tcp6) and by connecting on this machine's
// non-loopback addresses, which must be refused.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, it } from 'node:test';
import { APPS, ENV } from './lib/harness.mjs';

const PORTS = {
  bff: [ENV.BFF_PORT, ENV.BFF_METRICS_PORT],
  catalog: [ENV.CATALOG_PORT, ENV.CATALOG_METRICS_PORT],
  locations: [ENV.LOCATIONS_PORT, ENV.LOCATIONS_METRICS_PORT],
  content: [ENV.CONTENT_PORT, ENV.CONTENT_METRICS_PORT],
  auth: [ENV.AUTH_PORT, ENV.AUTH_METRICS_PORT],
};

/** The local addresses of the sockets listening on a port, from the kernel (IPv4 and IPv6). */
function listeningAddresses(port) {
  const hexPort = Number(port).toString(16).toUpperCase().padStart(4, '0');
  const found = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 4 || cols[3] !== '0A') continue; // 0A: LISTEN
      const [addr, p] = cols[1].split(':');
      if (p !== hexPort) continue;
      found.push(decode(addr));
    }
  }
  return found;
}

/** /proc/net/tcp writes addresses as little-endian 32-bit words in hex. */
function decode(hex) {
  const words = hex.match(/.{8}/g).map((w) => w.match(/../g).reverse().join(''));
  if (words.length === 1)
    return words[0]
      .match(/../g)
      .map((b) => parseInt(b, 16))
      .join('.');
  const full = words.join('');
  if (/^0{20}ffff/i.test(full))
    return `::ffff:${full
      .slice(24)
      .match(/../g)
      .map((b) => parseInt(b, 16))
      .join('.')}`;
  return full
    .match(/.{4}/g)
    .join(':')
    .replace(/\b0+(?=[0-9a-f])/gi, '');
}

const LOOPBACK = (address) =>
  address === '127.0.0.1' ||
  address.startsWith('127.') ||
  address === '0:0:0:0:0:0:0:1' ||
  address.startsWith('::ffff:127.');

function tryConnect(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(port), timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('timeout', () => (socket.destroy(), resolve('timeout')));
    socket.once('error', (error) => resolve(error.code));
  });
}

const outside = Object.values(networkInterfaces())
  .flat()
  .filter((i) => i && !i.internal && i.family === 'IPv4')
  .map((i) => i.address);

describe('every listener binds loopback by default', () => {
  for (const [app, ports] of Object.entries(PORTS).filter(([a]) => APPS.includes(a))) {
    it(`${app}: its service port and its metrics listener are bound to 127.0.0.1 only`, () => {
      for (const port of ports) {
        const addresses = listeningAddresses(port);
        assert.ok(addresses.length > 0, `nothing listens on ${port}`);
        assert.deepEqual(
          addresses.filter((a) => !LOOPBACK(a)),
          [],
          `${app} listens on ${addresses.join(', ')} (port ${port})`,
        );
      }
    });

    it(
      `${app}: called on a non-loopback address of this machine, the connection is refused`,
      { skip: outside.length === 0 && 'no non-loopback interface' },
      async () => {
        for (const host of outside) {
          for (const port of ports)
            assert.equal(await tryConnect(host, port), 'ECONNREFUSED', `${app} answered on ${host}:${port}`);
        }
      },
    );
  }
});
