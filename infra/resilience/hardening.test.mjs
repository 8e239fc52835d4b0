// Findings 6 and 7 of the hardening review, against the running stack: a JSON body nested 5,000 deep is a
// 400 (it was a 500), text with bidirectional controls is a 400 naming the field, and a service's error
// reaches the visitor in the public format without the service's own path.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { adminToken, ENV, http } from './lib/harness.mjs';

describe('hardening of the admin API and text inputs', () => {
  let token;
  before(async () => {
    token = await adminToken();
  });
  const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  it('a 5,000-deep JSON body to an admin write is a 400 at the BFF and at the service, never a 500', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `${'{"title":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    for (const body of [deep, deepObject]) {
      const res = await http('/api/admin/blog', { method: 'POST', headers: auth(), body });
      assert.equal(res.status, 400, res.text.slice(0, 200));
      assert.match(res.json.message, /nested too deeply/);
      const direct = await http(`${ENV.CONTENT_URL}/admin/blog`, { method: 'POST', headers: auth(), body });
      assert.equal(direct.status, 400, direct.text.slice(0, 200));
    }
    // Without a token it is a 401 first.
    assert.equal(
      (await http('/api/admin/blog', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep }))
        .status,
      401,
    );
  });

  it('text with a bidirectional override or isolate is a 400 naming the field (admin write and contact form)', async () => {
    for (const ch of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const res = await http('/api/admin/blog', {
        method: 'POST',
        headers: auth(),
        body: { title: `Golden ${ch}Eagle`, content: 'x' },
      });
      assert.equal(res.status, 400, `U+${ch.codePointAt(0).toString(16)}: ${res.text}`);
      assert.deepEqual(Object.keys(res.json.errors), ['title']);
      assert.match(res.json.errors.title, /bidirectional/);
    }
    const contact = await http('/api/contact', {
      method: 'POST',
      body: { name: 'Ada', email: 'ada@example.com', subject: 'general', message: 'hello \u202etxet' },
    });
    assert.equal(contact.status, 400, contact.text);
    assert.ok(Object.keys(contact.json.errors).includes('message'), contact.text);
  });

  it("a service's 404 for a route it lacks reaches the visitor without the service's path", async () => {
    const res = await http('/api/admin/messages/x', { method: 'PUT', headers: auth(), body: { handled: true } });
    assert.equal(res.status, 404, res.text);
    assert.equal(res.json.message, 'No such route: PUT /api/admin/messages/x');
    assert.doesNotMatch(res.text, /Cannot PUT/);
  });
});
