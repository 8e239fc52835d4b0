import 'reflect-metadata';
import { Controller, Get, Module, Req } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';
import { createApp } from './bootstrap';
import {
  CLIENT_ADDRESS_MAX_AGE_SECONDS,
  DEVELOPMENT_CLIENT_ADDRESS_SECRET,
  parseTrustedProxies,
  signClientAddress,
  trustProxyOption,
  verifyClientAddress,
} from './client-address';
import { EnvError, envPieces, parseEnv, requireClientAddressSecret, withClientAddressSecret } from './env';

describe('TRUSTED_PROXIES', () => {
  const schema = z.object({ NODE_ENV: envPieces.nodeEnv(), TRUSTED_PROXIES: envPieces.trustedProxies() });

  it('is empty by default: no proxy is believed', () => {
    expect(parseEnv(schema, {}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv(schema, { TRUSTED_PROXIES: '' }).TRUSTED_PROXIES).toEqual([]);
    expect(trustProxyOption([])).toBe(false);
    expect(trustProxyOption(undefined)).toBe(false);
  });

  it('takes IPv4 and IPv6 addresses and CIDRs, comma-separated, spaces and empty entries ignored', () => {
    const list = parseEnv(schema, {
      TRUSTED_PROXIES: ' 10.0.0.0/8, 127.0.0.1,,fd00::/8 , ::1, 172.30.80.0/24,',
    }).TRUSTED_PROXIES;
    expect(list).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1', '172.30.80.0/24']);
    expect(trustProxyOption(list)).toEqual(list);
  });

  it.each([
    ['loopback', '"loopback" is not an IP address or CIDR'],
    ['uniquelocal', '"uniquelocal" is not an IP address or CIDR'],
    ['true', '"true" is not an IP address or CIDR'],
    ['*', '"*" is not an IP address or CIDR'],
    ['10.0.0.0/33', '"10.0.0.0/33" has a prefix longer than 32 bits'],
    ['fd00::/129', '"fd00::/129" has a prefix longer than 128 bits'],
    ['10.0.0/8', '"10.0.0/8" is not an IP address or CIDR'],
    ['10.0.0.1/8/8', '"10.0.0.1/8/8" is not an IP address or CIDR'],
    ['256.1.1.1', '"256.1.1.1" is not an IP address or CIDR'],
    ['edge', '"edge" is not an IP address or CIDR'],
  ])('refuses %s at start-up with a readable message', (value, message) => {
    expect(parseTrustedProxies(`127.0.0.1,${value}`)).toEqual({ proxies: [], problems: [message] });
    expect(() => parseEnv(schema, { TRUSTED_PROXIES: `127.0.0.1,${value}` })).toThrow(EnvError);
    expect(() => parseEnv(schema, { TRUSTED_PROXIES: value })).toThrow(
      `TRUSTED_PROXIES: ${message} (IP addresses and CIDRs, comma-separated)`,
    );
  });
});

describe('CLIENT_ADDRESS_SECRET', () => {
  const schema = z
    .object({ NODE_ENV: envPieces.nodeEnv(), CLIENT_ADDRESS_SECRET: envPieces.clientAddressSecret() })
    .superRefine(requireClientAddressSecret)
    .transform(withClientAddressSecret);
  const secret = 'a'.repeat(32);

  it('is required in production, at least 32 characters', () => {
    expect(() => parseEnv(schema, { NODE_ENV: 'production' })).toThrow('CLIENT_ADDRESS_SECRET: is missing');
    expect(() => parseEnv(schema, { NODE_ENV: 'production', CLIENT_ADDRESS_SECRET: '  ' })).toThrow(
      'CLIENT_ADDRESS_SECRET: is required in production',
    );
    expect(() => parseEnv(schema, { NODE_ENV: 'production', CLIENT_ADDRESS_SECRET: 'short' })).toThrow(
      'CLIENT_ADDRESS_SECRET: must be at least 32 characters',
    );
    expect(parseEnv(schema, { NODE_ENV: 'production', CLIENT_ADDRESS_SECRET: secret }).CLIENT_ADDRESS_SECRET).toBe(
      secret,
    );
  });

  it('falls back to the development secret outside production', () => {
    expect(parseEnv(schema, { NODE_ENV: 'development' }).CLIENT_ADDRESS_SECRET).toBe(DEVELOPMENT_CLIENT_ADDRESS_SECRET);
    expect(parseEnv(schema, { NODE_ENV: 'test', CLIENT_ADDRESS_SECRET: secret }).CLIENT_ADDRESS_SECRET).toBe(secret);
  });
});

describe('the signed client address', () => {
  const secret = 'the shared secret of the BFF and auth, 32+';
  const now = Date.UTC(2026, 10, 28, 12, 0, 0);

  it('verifies what was signed, IPv4 and IPv6', () => {
    for (const address of ['203.0.113.5', '2001:db8::7', '::ffff:192.0.2.1']) {
      expect(verifyClientAddress(secret, signClientAddress(secret, address, now), now)).toEqual({ address });
    }
  });

  it('is fresh for CLIENT_ADDRESS_MAX_AGE_SECONDS either way, then expired', () => {
    const header = signClientAddress(secret, '203.0.113.5', now);
    const limit = CLIENT_ADDRESS_MAX_AGE_SECONDS * 1000;
    expect(verifyClientAddress(secret, header, now + limit)).toEqual({ address: '203.0.113.5' });
    expect(verifyClientAddress(secret, header, now - limit)).toEqual({ address: '203.0.113.5' });
    expect(verifyClientAddress(secret, header, now + limit + 1000)).toEqual({ problem: 'expired' });
    expect(verifyClientAddress(secret, header, now - limit - 1000)).toEqual({ problem: 'expired' });
  });

  it('refuses another secret, another address or another time under the same signature', () => {
    const header = signClientAddress(secret, '203.0.113.5', now);
    const [, time, signature] = header.split(';');
    expect(verifyClientAddress('another secret of at least 32 characters', header, now)).toEqual({
      problem: 'signature',
    });
    expect(verifyClientAddress(secret, `198.51.100.7;${time};${signature}`, now)).toEqual({ problem: 'signature' });
    expect(verifyClientAddress(secret, `203.0.113.5;${Number(time) + 1};${signature}`, now)).toEqual({
      problem: 'signature',
    });
    // The development secret is not a production one.
    expect(verifyClientAddress(DEVELOPMENT_CLIENT_ADDRESS_SECRET, header, now)).toEqual({ problem: 'signature' });
  });

  it.each([
    [undefined, 'missing'],
    ['', 'missing'],
    [['203.0.113.5;1;x', '203.0.113.5;1;x'], 'malformed'],
    ['203.0.113.5', 'malformed'],
    ['203.0.113.5, 10.0.0.1', 'malformed'],
    ['evil;1764331200;AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'malformed'],
    ['203.0.113.5;soon;AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'malformed'],
    ['203.0.113.5;1764331200;short', 'malformed'],
    ['203.0.113.5;1764331200;AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA;more', 'malformed'],
    ['203.0.113.5;1764331200;AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'signature'],
  ])('refuses %j (%s)', (header, problem) => {
    expect(verifyClientAddress(secret, header as string | string[] | undefined, now)).toEqual({ problem });
  });
});

@Controller()
class WhoController {
  @Get('who')
  who(@Req() req: { ip: string; protocol: string }) {
    return { ip: req.ip, protocol: req.protocol };
  }
}
@Module({ controllers: [WhoController] })
class WhoModule {}

describe('createApp and the trusted proxies', () => {
  const apps: NestFastifyApplication[] = [];
  const start = async (trustedProxies?: string[]) => {
    const { app } = await createApp(WhoModule, { service: 'test', logLevel: 'silent', trustedProxies });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    apps.push(app);
    return app;
  };
  afterAll(async () => Promise.all(apps.map((a) => a.close())));
  const who = (app: NestFastifyApplication, remoteAddress: string, forwarded?: string) =>
    app
      .inject({
        method: 'GET',
        url: '/who',
        remoteAddress,
        headers: forwarded ? { 'x-forwarded-for': forwarded, 'x-forwarded-proto': 'https' } : {},
      })
      .then((res) => res.json() as { ip: string; protocol: string });

  it('believes no X-Forwarded-For by default, from loopback or a private network either', async () => {
    const app = await start();
    expect(await who(app, '127.0.0.1', '203.0.113.5')).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    expect(await who(app, '10.1.2.3', '203.0.113.5')).toEqual({ ip: '10.1.2.3', protocol: 'http' });
  });

  it('believes the listed proxies only, and takes the address nearest to them', async () => {
    const app = await start(['127.0.0.1', '10.0.0.0/8']);
    expect(await who(app, '127.0.0.1', '203.0.113.5')).toEqual({ ip: '203.0.113.5', protocol: 'https' });
    expect(await who(app, '10.9.8.7', '203.0.113.5')).toEqual({ ip: '203.0.113.5', protocol: 'https' });
    // A visitor's own X-Forwarded-For, appended to by a trusted proxy: the proxy's entry wins.
    expect(await who(app, '10.9.8.7', '192.0.2.66, 203.0.113.5')).toEqual({ ip: '203.0.113.5', protocol: 'https' });
    // Not a listed proxy: its header is ignored.
    expect(await who(app, '127.0.0.2', '203.0.113.5')).toEqual({ ip: '127.0.0.2', protocol: 'http' });
    expect(await who(app, '192.168.1.1', '203.0.113.5')).toEqual({ ip: '192.168.1.1', protocol: 'http' });
  });
});
