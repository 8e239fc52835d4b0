import type { Location } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { scrollKey } from './root-layout';

const at = (key: string, hash: string): Location => ({ key, hash, pathname: '/locations/or', search: '', state: null });

describe('scrollKey', () => {
  it('tells apart the stateless entries of jump links by their address', () => {
    expect(scrollKey(at('default', '#city-ashland'))).not.toBe(scrollKey(at('default', '#city-bend')));
    expect(scrollKey(at('default', '#city-bend'))).toBe('/locations/or#city-bend');
  });

  it("keeps the router's own key for its navigations", () => {
    expect(scrollKey(at('x7k2p', '#city-bend'))).toBe('x7k2p');
  });
});
