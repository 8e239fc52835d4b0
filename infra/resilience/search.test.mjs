// Finding 5 of the hardening review, against the running stack: search text is taken literally. A lone
// backslash was a 502 (the service's LIKE pattern ended in its escape character) and `%` matched every
// stand; each is now a 200 with the stands that really contain it (none), and ordinary searches still work.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { http } from './lib/harness.mjs';

describe('search text is taken literally', () => {
  for (const q of ['\\', '%', '_', '%%', '\\%', 'a%b', '%25']) {
    it(`GET /api/locations/search?q=${q} answers 200 and matches no stand`, async () => {
      const res = await http(`/api/locations/search?q=${encodeURIComponent(q)}`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json, []);
    });
  }

  it('GET /api/menu/search with \\, % and _ answers 200 with a list', async () => {
    for (const q of ['\\', '%', '_']) {
      const res = await http(`/api/menu/search?q=${encodeURIComponent(q)}`);
      assert.equal(res.status, 200, `${q}: ${res.text}`);
      assert.ok(Array.isArray(res.json), q);
    }
  });

  it('an ordinary search still finds its stands', async () => {
    const res = await http('/api/locations/search?q=medford');
    assert.equal(res.status, 200);
    assert.ok(
      res.json.length > 0 && res.json.every((l) => l.citySlug === 'medford' || l.distanceMiles !== null),
      JSON.stringify(res.json).slice(0, 300),
    );
  });
});
