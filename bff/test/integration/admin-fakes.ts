import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMIN_TOKEN_AUDIENCE, ADMIN_TOKEN_ISSUER, AdminTokenSigner } from '@coffee-guide/nest-common';
import { SignJWT } from 'jose';
import { FakeService } from '../support/fake-service';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

export const ADMIN = { id: randomUUID(), email: 'ada@coffee-guide.example', name: 'Ada' };
export const PASSWORD = 'correct horse battery 42';

export async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A stand-in for the auth service (the BFF may not import it): a key pair of the test's own served as a
 * JWKS, sign-in for one administrator, refresh-token rotation, logout bumping the token version.
 */
export async function fakeAuth() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signer = new AdminTokenSigner(privateKey);
  const jwks = await signer.jwks();
  const kid = jwks.keys[0].kid!;
  const other = new AdminTokenSigner(generateKeyPairSync('ed25519').privateKey);
  const state = { version: 0, refreshTokens: new Set<string>(), logouts: [] as { body: string; authorization?: string }[] };
  const session = async () => {
    const refreshToken = `rt_${randomUUID().replace(/-/g, '')}`;
    state.refreshTokens.add(refreshToken);
    return {
      token: await signer.sign({ sub: ADMIN.id, ver: state.version }, 900),
      admin: ADMIN,
      refreshToken,
      refreshExpiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
  };
  const service = new FakeService((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = req.url ?? '';
      if (url === '/.well-known/jwks.json') return send(res, 200, jwks);
      if (url === '/login' && req.method === 'POST') {
        const { email, password } = JSON.parse(body);
        if (email === ADMIN.email && password === PASSWORD) return send(res, 200, await session());
        return send(res, 401, { statusCode: 401, message: 'Invalid email or password' });
      }
      if (url === '/refresh' && req.method === 'POST') {
        const { refreshToken } = JSON.parse(body);
        if (!state.refreshTokens.delete(refreshToken)) return send(res, 401, { statusCode: 401, message: 'Your session has ended: sign in again' });
        return send(res, 200, await session());
      }
      if (url === '/logout' && req.method === 'POST') {
        state.logouts.push({ body, authorization: req.headers.authorization });
        const { refreshToken } = JSON.parse(body || '{}');
        if (refreshToken) state.refreshTokens.delete(refreshToken);
        state.version++;
        return send(res, 200, { adminId: ADMIN.id, tokenVersion: state.version });
      }
      if (url === `/admins/${ADMIN.id}/token-version`) return send(res, 200, { id: ADMIN.id, tokenVersion: state.version });
      if (url.startsWith('/admins/')) return send(res, 404, { statusCode: 404, message: 'No such administrator' });
      if (url === '/me') return send(res, 200, ADMIN);
      if (url.startsWith('/admin/audit')) {
        return send(res, 200, [{ id: 'auth:1', service: 'auth', adminId: ADMIN.id, at: '2026-11-21T10:00:00.000Z', entity: 'session', entityId: ADMIN.id, action: 'sign-in', before: null, after: null }]);
      }
      send(res, 404, { statusCode: 404, message: 'not found' });
    })();
  });
  const url = await service.start();
  return {
    service,
    url,
    state,
    valid: (ver = state.version, sub = ADMIN.id) => signer.sign({ sub, ver }, 900),
    expired: () => signer.sign({ sub: ADMIN.id, ver: state.version }, 60, now() - 3600),
    forged: async () => {
      const [, payload, signature] = (await other.sign({ sub: ADMIN.id, ver: state.version }, 900)).split('.');
      return `${b64({ alg: 'EdDSA', kid, typ: 'JWT' })}.${payload}.${signature}`;
    },
    algNone: () =>
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: ADMIN.id, ver: state.version, iss: ADMIN_TOKEN_ISSUER, aud: ADMIN_TOKEN_AUDIENCE, iat: now(), exp: now() + 900 })}.`,
    hs256WithPublicKey: () =>
      new SignJWT({ ver: state.version })
        .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
        .setIssuer(ADMIN_TOKEN_ISSUER)
        .setAudience(ADMIN_TOKEN_AUDIENCE)
        .setSubject(ADMIN.id)
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode(publicKey.export({ type: 'spki', format: 'pem' }).toString())),
  };
}
export type FakeAuth = Awaited<ReturnType<typeof fakeAuth>>;

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A stand-in for catalog: its public /prices and its /admin routes, recording what it was sent. */
export function fakeCatalog() {
  const state = { price: '5.25', requests: [] as Recorded[] };
  const service = new FakeService((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = req.url ?? '';
      if (url.startsWith('/admin/')) state.requests.push({ method: req.method!, url, headers: req.headers, body });
      if (url.startsWith('/prices')) {
        return send(res, 200, [
          { id: 1, menuItemId: 1, menuItem: { name: 'Golden Eagle', description: 'd', category: '{brand} Faves', categorySlug: 'faves', slug: 'golden-eagle' }, size: 'small', price: state.price },
        ]);
      }
      if (url.startsWith('/admin/audit')) {
        return send(res, 200, [
          { id: 'catalog:2', service: 'catalog', adminId: ADMIN.id, at: '2026-11-21T12:00:00.000Z', entity: 'price', entityId: '1', action: 'update', before: { price: '5.25' }, after: { price: '5.75' } },
          { id: 'catalog:1', service: 'catalog', adminId: ADMIN.id, at: '2026-11-21T09:00:00.000Z', entity: 'menu-item', entityId: '1', action: 'create', before: null, after: {} },
        ]);
      }
      if (url.startsWith('/admin/prices/1') && req.method === 'PUT') {
        const input = JSON.parse(body);
        if (!/^\d+\.\d{2}$/.test(input.price ?? '')) {
          return send(res, 400, { statusCode: 400, message: 'Validation failed: price: must be a price such as 4.25', errors: { price: 'must be a price such as 4.25' } });
        }
        state.price = input.price;
        return send(res, 200, { id: 1, menuItemId: 1, size: 'small', price: state.price, menuItemName: 'Golden Eagle' });
      }
      if (url.startsWith('/admin/menu-items') && req.method === 'POST') return send(res, 201, { id: 9, name: 'New' });
      if (url.startsWith('/admin/')) return send(res, 200, []);
      send(res, 404, { statusCode: 404, message: 'not found' });
    })();
  });
  return { service, state };
}
