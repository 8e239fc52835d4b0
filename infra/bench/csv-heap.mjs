// The admin's largest CSV import (docs/csv.md, "Limits"): a blog file just under the 10 MB limit, previewed
// (dry run) and applied through the BFF, while the heap of the BFF and of the content service is read from
// their /metrics every 50 ms and the BFF's /api/health is asked every 100 ms. `npm run bench` reports it
// (infra/bench/run.mjs, part "csv"); the resilience check infra/resilience/csv-limits.test.mjs runs it
// against its own stack and checks that both succeed and both processes live on.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { CSV_IMPORT_MAX_BYTES, BLOG_CATEGORIES } = require('@coffee-guide/contracts');
const { stringify } = require('csv-stringify/sync');

const HEADER = ['slug', 'title', 'excerpt', 'content', 'category', 'tags', 'imageUrl', 'publishedAt'];

/**
 * A blog CSV of new posts as a spreadsheet saves it (BOM, CRLF, quoted multi-line cells, commas, quotes and
 * accented text), filled up to `bytes` (default: 16 KB under the import limit). Slugs carry a run id of their
 * own, so an apply creates every row whatever ran before.
 */
export function largeBlogCsv({ bytes = CSV_IMPORT_MAX_BYTES - 16 * 1024, postBytes = 10_000 } = {}) {
  const run = randomBytes(4).toString('hex');
  const paragraph =
    'A "golden" drink, café-style: espresso, steamed milk and caramel ☕. Sizes small, medium and large;\n' +
    'each one sweeter than the last, and the iced ones sweeter still.\n\n';
  const content = paragraph.repeat(Math.ceil(postBytes / Buffer.byteLength(paragraph))).trim();
  const rows = [];
  let size = Buffer.byteLength(stringify([HEADER], { bom: true, record_delimiter: 'windows' }));
  for (let i = 0; ; i++) {
    const row = [
      `bulk-${run}-${i}`,
      `Bulk post ${i}: the "best" drinks, ranked`,
      `Post ${i} of a large import, with a comma, and a quote (").`,
      `${content}\n\nPost number ${i}.`,
      BLOG_CATEGORIES[i % BLOG_CATEGORIES.length],
      'guides, drinks, caffeine',
      '',
      `2025-${String((i % 12) + 1).padStart(2, '0')}-15T08:00:00.000Z`,
    ];
    const rowBytes = Buffer.byteLength(stringify([row], { record_delimiter: 'windows' }));
    if (size + rowBytes > bytes) break;
    rows.push(row);
    size += rowBytes;
  }
  const csv = Buffer.from(stringify([HEADER, ...rows], { bom: true, record_delimiter: 'windows' }), 'utf8');
  return { csv, rows: rows.length, run };
}

/** A Prometheus gauge's value from a /metrics text. */
function gauge(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').pop()) : undefined;
}

/**
 * Reads each app's used heap, resident memory and longest event-loop delay from its /metrics every `everyMs`
 * until stopped; answers the highest of each (MB, ms). A sample is the heap at that instant: a peak between two samples can be missed, so
 * the figures are a floor of the true peak (docs/csv.md, "Limits").
 */
export function sampleMemory(metricsUrls, everyMs = 50) {
  const peaks = Object.fromEntries(
    Object.keys(metricsUrls).map((name) => [
      name,
      { heapUsedMb: 0, rssMb: 0, loopDelayMaxMs: 0, samples: 0, failed: 0 },
    ]),
  );
  let stopped = false;
  const loops = Object.entries(metricsUrls).map(async ([name, url]) => {
    while (!stopped) {
      const t0 = performance.now();
      try {
        const text = await (await fetch(url, { signal: AbortSignal.timeout(5000) })).text();
        const heap = gauge(text, 'nodejs_heap_size_used_bytes');
        const rss = gauge(text, 'process_resident_memory_bytes');
        // The longest event-loop delay since the last scrape (prom-client resets it on each): the longest
        // stretch the app could not answer anything, whether its own work or a busy machine's.
        const lag = gauge(text, 'nodejs_eventloop_lag_max_seconds');
        const peak = peaks[name];
        // The first sample's delay covers the time since whatever scraped before: not this run's.
        if (lag !== undefined && peak.samples > 0) peak.loopDelayMaxMs = Math.max(peak.loopDelayMaxMs, lag * 1000);
        peak.samples++;
        if (heap !== undefined) peak.heapUsedMb = Math.max(peak.heapUsedMb, heap / 1048576);
        if (rss !== undefined) peak.rssMb = Math.max(peak.rssMb, rss / 1048576);
      } catch {
        peaks[name].failed++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - t0))));
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
    for (const peak of Object.values(peaks)) {
      peak.heapUsedMb = Math.round(peak.heapUsedMb);
      peak.rssMb = Math.round(peak.rssMb);
      peak.loopDelayMaxMs = Math.round(peak.loopDelayMaxMs);
    }
    return peaks;
  };
}

/** Asks `url` every `everyMs` (one at a time) until stopped; answers each answer's status and time. */
export function pollHealth(url, everyMs = 100) {
  const answers = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      const ms = performance.now() - t0;
      answers.push({ status, ms });
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - ms)));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const at = (p) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] : 0);
    return {
      samples: answers.length,
      failed: answers.filter((a) => a.status !== 200).length,
      p50Ms: Math.round(at(50)),
      p99Ms: Math.round(at(99)),
      maxMs: Math.round(times.at(-1) ?? 0),
    };
  };
}

/**
 * One import of `csv` through the BFF (`dryRun`: the preview), with memory sampled and /api/health polled
 * meanwhile. `metrics`: { bff: url, content: url } of the apps' /metrics listeners.
 */
export async function timedImport({ base, token, csv, dryRun, metrics, resource = 'blog' }) {
  const stopMemory = sampleMemory(metrics);
  const stopHealth = pollHealth(`${base}/api/health`);
  await new Promise((r) => setTimeout(r, 200)); // the idle figures first
  const t0 = performance.now();
  let status = 0;
  let body;
  try {
    const res = await fetch(`${base}/api/admin/${resource}/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', accept: 'application/json' },
      body: csv,
      signal: AbortSignal.timeout(120_000),
    });
    status = res.status;
    body = await res.json().catch(() => undefined);
  } catch (error) {
    body = { message: String(error.cause?.code ?? error.message) };
  }
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 200));
  const [memory, health] = await Promise.all([stopMemory(), stopHealth()]);
  const counts = body?.counts ?? body?.preview?.counts;
  return {
    dryRun,
    status,
    ms: Math.round(ms),
    counts,
    applied: body?.applied,
    message: status === 200 ? undefined : body?.message,
    memory,
    health,
  };
}

/** The whole part: a file just under the limit previewed, then applied (signed in as `admin` when no token is given). */
export async function csvHeapBench({ base, token, admin, metrics }) {
  if (!token) {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (!login.ok) throw new Error(`admin sign-in answered ${login.status}`);
    ({ token } = await login.json());
  }
  const { csv, rows } = largeBlogCsv();
  const preview = await timedImport({ base, token, csv, dryRun: true, metrics });
  const apply = await timedImport({ base, token, csv, dryRun: false, metrics });
  return { resource: 'blog', rows, bytes: csv.length, limitBytes: CSV_IMPORT_MAX_BYTES, preview, apply };
}

/** The table `npm run bench` prints. */
export function printCsvHeap(result, heapLimits) {
  const mb = (n) => (n / 1048576).toFixed(2);
  console.log(
    `\nThe largest CSV import through the BFF: ${result.rows} new blog posts, ${mb(result.bytes)} MB (limit ${mb(result.limitBytes)} MB); ` +
      `peak heap used and resident memory read from each app's /metrics every 50 ms (heap ceilings: ${Object.entries(
        heapLimits,
      )
        .map(([n, v]) => `${n} ${v} MB`)
        .join(', ')}); /api/health asked every 100 ms meanwhile.`,
  );
  console.log(
    '| run | status | time (ms) | BFF heap / RSS (MB) | content heap / RSS (MB) | longest event-loop delay BFF / content (ms) | /api/health p50 / max (ms), answers |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of [result.preview, result.apply]) {
    console.log(
      `| ${r.dryRun ? 'preview (dry run)' : 'apply'} | ${r.status} | ${r.ms} | ${r.memory.bff.heapUsedMb} / ${r.memory.bff.rssMb} | ` +
        `${r.memory.content.heapUsedMb} / ${r.memory.content.rssMb} | ${r.memory.bff.loopDelayMaxMs} / ${r.memory.content.loopDelayMaxMs} | ${r.health.p50Ms} / ${r.health.maxMs}, ${r.health.samples} (${r.health.failed} failed) |`,
    );
  }
}
