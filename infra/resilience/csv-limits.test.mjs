// Bounded request bodies (docs/csv.md, "Limits"; docs/security.md, "Request bodies") against the running
// stack: a blog CSV just under the 10 MB import limit is previewed and applied through the BFF (a 9.5 MB
// one used to end the BFF with "heap out of memory"), each app within the heap ceiling it runs with
// (infra/scripts/lib/stack.mjs, as in the images), and /api/health keeps answering meanwhile (figures, not
// a timed assertion); a file sent without a length that goes past the limit is a 413; text that is not
// UTF-8, or that breaks the text rules, is a 400 naming the field, at every app.
//   FAULT_PORT_BASE=5900 FAULT_DB_PREFIX=coffee_fault_h3 node infra/resilience/run.mjs csv-limits
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { largeBlogCsv, timedImport } from '../bench/csv-heap.mjs';
import { adminToken, BASE_URL, control, database, ENV, http, recordFigures } from './lib/harness.mjs';

const metrics = {
  bff: `http://127.0.0.1:${ENV.BFF_METRICS_PORT}/metrics`,
  content: `http://127.0.0.1:${ENV.CONTENT_METRICS_PORT}/metrics`,
};

async function blogPosts() {
  const db = await database('content');
  try {
    return (await db.query('SELECT count(*)::int AS n FROM blog_posts')).rows[0].n;
  } finally {
    await db.end();
  }
}

/**
 * A CSV sent in chunks without a content-length (so nothing refuses it up front), until an answer comes or
 * `bytes` are sent. Answers the status and body of the answer, and how much was sent before it.
 */
function chunkedUpload(url, token, bytes) {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'text/csv',
        'transfer-encoding': 'chunked',
        accept: 'application/json',
      },
    });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.from(`${'x'.repeat(1023)}\n`.repeat(64));
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.on('response', (res) => {
      answered = true;
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode, json: JSON.parse(Buffer.concat(chunks).toString('utf8')), sent });
      });
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered && !['EPIPE', 'ECONNRESET'].includes(error.code)) reject(error);
    });
    pump();
  });
}

/** The highest blog post id now (0 without posts). */
async function lastPostId() {
  const db = await database('content');
  try {
    return (await db.query('SELECT coalesce(max(id), 0)::int AS id FROM blog_posts')).rows[0].id;
  } finally {
    await db.end();
  }
}

describe('bounded request bodies', () => {
  let token;
  let firstId;
  before(async () => {
    token = await adminToken();
    firstId = (await lastPostId()) + 1;
  });

  // The thousand imported posts (10 MB) would be every later check's blog: they go again, all but one in
  // SQL, the last through the admin API so that every cache holding them is invalidated as by any write.
  after(async () => {
    const db = await database('content');
    let last;
    try {
      const ids = (await db.query('SELECT id FROM blog_posts WHERE id >= $1 ORDER BY id', [firstId])).rows.map(
        (r) => r.id,
      );
      last = ids.pop();
      if (ids.length > 0) await db.query('DELETE FROM blog_posts WHERE id = ANY($1::int[])', [ids]);
    } finally {
      await db.end();
    }
    if (last !== undefined) {
      const res = await http(`/api/admin/blog/${last}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await adminToken()}` },
      });
      assert.equal(res.status, 200, res.text);
    }
  });

  it('previews and applies a blog CSV just under the 10 MB limit through the BFF; both apps live on, /api/health keeps answering', async () => {
    const { csv, rows } = largeBlogCsv();
    assert.ok(csv.length > 10 * 1024 * 1024 - 64 * 1024 && csv.length <= 10 * 1024 * 1024, `${csv.length} bytes`);
    const before = await blogPosts();

    const preview = await timedImport({ base: BASE_URL, token, csv, dryRun: true, metrics });
    assert.equal(preview.status, 200, preview.message);
    assert.deepEqual(preview.counts, { created: rows, changed: 0, unchanged: 0, errors: 0 });
    assert.equal(await blogPosts(), before, 'a dry run writes nothing');

    const apply = await timedImport({ base: BASE_URL, token, csv, dryRun: false, metrics });
    assert.equal(apply.status, 200, apply.message);
    assert.equal(apply.applied, true);
    assert.equal(apply.counts.created, rows);
    assert.equal(await blogPosts(), before + rows);

    const { apps } = await control('GET', '/status');
    assert.equal(apps.bff, 'up');
    assert.equal(apps.content, 'up');
    for (const run of [preview, apply]) {
      assert.equal(
        run.health.failed,
        0,
        `/api/health failed ${run.health.failed} times during the ${run.dryRun ? 'preview' : 'apply'}`,
      );
      assert.ok(run.health.samples > 0);
      assert.ok(run.memory.bff.samples > 0 && run.memory.content.samples > 0, 'the heap was read');
    }
    const figures = { rows, bytes: csv.length, preview, apply };
    recordFigures('csv-limits', figures);
    console.log(JSON.stringify(figures));
  });

  it('answers 413 naming the limit for a file past it sent without a length, and goes on answering', async () => {
    const res = await chunkedUpload(`${BASE_URL}/api/admin/blog/import?dryRun=true`, token, 12 * 1024 * 1024);
    assert.equal(res.status, 413, JSON.stringify(res.json));
    assert.match(res.json.message, /10 MB/);
    assert.equal((await http('/api/health')).status, 200);
    const { apps } = await control('GET', '/status');
    assert.deepEqual([apps.bff, apps.content], ['up', 'up']);
  });

  it('answers 400 for a JSON body that is not UTF-8, at the BFF and at a service, instead of storing U+FFFD', async () => {
    const latin1 = (text) =>
      Buffer.concat([
        Buffer.from(text.slice(0, text.indexOf('é'))),
        Buffer.from([0xe9]),
        Buffer.from(text.slice(text.indexOf('é') + 1)),
      ]);
    const contact = latin1('{"name":"Café","email":"a@example.com","subject":"general","message":"hi"}');
    const post = latin1('{"title":"Café","excerpt":"x","content":"x","category":"news","publishedAt":"2025-01-05"}');
    for (const [url, body, auth] of [
      [`${BASE_URL}/api/contact`, contact, {}],
      [`${BASE_URL}/api/admin/blog`, post, { authorization: `Bearer ${token}` }],
      [`${ENV.CONTENT_URL}/admin/blog`, post, { authorization: `Bearer ${token}` }],
    ]) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body });
      const text = await res.text();
      assert.equal(res.status, 400, `${url}: ${text}`);
      assert.match(JSON.parse(text).message, /not valid UTF-8/);
    }
  });

  it('answers 400 naming the field for invisible characters in a single-line field, and keeps them in a multi-line one', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const post = {
      title: 'Hello',
      excerpt: 'Short.',
      content: 'A post 👩\u200d🍳 with a joiner.',
      category: 'news',
      publishedAt: '2025-01-05',
    };
    const zw = await http('/api/admin/blog', {
      method: 'POST',
      headers: auth,
      body: { ...post, title: 'Ad\u200bmin' },
    });
    assert.equal(zw.status, 400, zw.text);
    assert.deepEqual(Object.keys(zw.json.errors), ['title']);
    assert.match(zw.json.errors.title, /invisible/);
    const bom = await http('/api/admin/blog', {
      method: 'POST',
      headers: auth,
      body: { ...post, content: 'one\ufefftwo' },
    });
    assert.equal(bom.status, 400, bom.text);
    assert.deepEqual(Object.keys(bom.json.errors), ['content']);
    const ok = await http('/api/admin/blog', { method: 'POST', headers: auth, body: post });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.json.content, post.content);
  });
});
