import { PREVIEW_MAX_SECONDS, signPreview, verifyPreview } from './preview-token';

const SECRET = 'a-preview-secret-of-at-least-32-characters';
const now = Date.UTC(2026, 0, 1, 12);
const claims = { resource: 'blog' as const, id: 7, version: 'abc123', expires: now / 1000 + 600 };

describe('preview tokens', () => {
  it('verifies what it signed, until it expires', () => {
    const token = signPreview(SECRET, claims);
    expect(verifyPreview(SECRET, token, now)).toEqual(claims);
    expect(verifyPreview(SECRET, token, now + 599_000)).toEqual(claims);
    expect(verifyPreview(SECRET, token, now + 600_000)).toBeNull();
  });

  it('refuses a token signed with another secret, changed, or cut', () => {
    const token = signPreview(SECRET, claims);
    expect(verifyPreview(`${SECRET}x`, token, now)).toBeNull();
    const [payload, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify(['blog', 8, 'abc123', claims.expires])).toString('base64url');
    expect(verifyPreview(SECRET, `${other}.${mac}`, now)).toBeNull();
    expect(verifyPreview(SECRET, `${payload}.${mac.slice(0, -2)}`, now)).toBeNull();
    expect(verifyPreview(SECRET, payload, now)).toBeNull();
    expect(verifyPreview(SECRET, `${token}.x`, now)).toBeNull();
    expect(verifyPreview(SECRET, '', now)).toBeNull();
  });

  it('refuses an expiry further away than an hour, and an unknown resource', () => {
    const far = signPreview(SECRET, { ...claims, expires: now / 1000 + PREVIEW_MAX_SECONDS + 3600 });
    expect(verifyPreview(SECRET, far, now)).toBeNull();
    const unknown = signPreview(SECRET, { ...claims, resource: 'locations' as never });
    expect(verifyPreview(SECRET, unknown, now)).toBeNull();
  });
});
