import { openSuccessor, sealSuccessor } from './successor-seal';

describe('successor seal', () => {
  const token = 'spent-refresh-token-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  const successor = 'successor-refresh-token-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

  it('opens with the spent token only', () => {
    const sealed = sealSuccessor(token, successor);
    expect(sealed).not.toContain(successor);
    expect(openSuccessor(token, sealed)).toBe(successor);
    expect(openSuccessor(`${token}x`, sealed)).toBeNull();
  });

  it('refuses an altered or malformed value', () => {
    const [iv, data, tag] = sealSuccessor(token, successor).split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(openSuccessor(token, [iv, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    expect(openSuccessor(token, 'not-sealed')).toBeNull();
    expect(openSuccessor(token, '..')).toBeNull();
  });

  it('seals the same successor differently each time (a fresh IV)', () => {
    expect(sealSuccessor(token, successor)).not.toBe(sealSuccessor(token, successor));
  });
});
