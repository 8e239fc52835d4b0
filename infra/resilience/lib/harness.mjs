// What the checks of infra/resilience share: the stack's addresses (from the environment run.mjs sets),
// the control API, timed HTTP calls, steady load, direct database access and the figures file.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const require = createRequire(path.join(ROOT, 'package.json'));
const { Client } = require('pg');

const need = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the checks through node infra/resilience/run.mjs`);
  return value;
};
export const BASE_URL = need('FAULT_BASE_URL');
export const CONTROL_URL = need('FAULT_CONTROL_URL');
export const ENV = process.env;
export const APPS = need('FAULT_APPS').split(',');

/** Drives a fault through run.mjs: kill, term, stop, start an app; kill/start Redis or the mailer; latency. */
export async function control(method, route) {
  const res = await fetch(`${CONTROL_URL}${route}`, { method, signal: AbortSignal.timeout(90_000) });
  const body = await res.json();
  if (!res.ok) throw new Error(`control ${method} ${route}: ${body.message}`);
  return body;
}

/**
 * One HTTP call with its duration. Never throws: a network failure is `status: 0` with the error's text.
 * `timeoutMs` bounds it on the client side, so a hang shows as status 0 and a long `ms`.
 */
export async function http(
  pathOrUrl,
  { method = 'GET', headers = {}, body, timeoutMs = 15_000, base = BASE_URL } = {},
) {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${base}${pathOrUrl}`;
  const t0 = performance.now();
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { url, status: res.status, ms: performance.now() - t0, headers: res.headers, text, json };
  } catch (error) {
    return {
      url,
      status: 0,
      ms: performance.now() - t0,
      headers: new Headers(),
      text: String(error.cause?.code ?? error.name ?? error.message),
      json: undefined,
    };
  }
}

/**
 * Closed-loop load: `concurrency` loops, each calling the next of `paths` (strings, or functions that
 * answer one) until `until()` is true. Every answer is kept (status, ms, x-cache).
 */
export async function steadyLoad({ paths, concurrency = 8, until, timeoutMs = 10_000, headers = {} }) {
  const results = [];
  let i = 0;
  const loop = async () => {
    while (!until()) {
      const p = paths[i++ % paths.length];
      const r = await http(typeof p === 'function' ? p() : p, { timeoutMs, headers });
      results.push({
        path: r.url.replace(BASE_URL, ''),
        status: r.status,
        ms: r.ms,
        cache: r.headers.get('x-cache'),
        at: Date.now(),
        error: r.status === 0 ? r.text : undefined,
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return results;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it answers something truthy; answers { value, ms } or throws after timeoutMs. */
export async function waitFor(what, probe, { timeoutMs = 30_000, everyMs = 100 } = {}) {
  const t0 = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return { value, ms: Date.now() - t0 };
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** A client on one of the stack's databases, straight to Postgres (never through the latency proxy). */
export async function database(service) {
  const url = new URL(ENV.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${ENV.FAULT_DB_PREFIX}_${service}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

export const SERVICES = ['catalog', 'locations', 'content', 'auth'];

/** The row count of every table of every database of the stack: { 'catalog.menu_items': 516, ... }. */
export async function rowCounts() {
  const out = {};
  for (const service of SERVICES.filter((s) => APPS.includes(s))) {
    const client = await database(service);
    try {
      const { rows } = await client.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      );
      for (const { table_name: table } of rows) {
        const r = await client.query(`SELECT count(*)::int AS n FROM "${table}"`);
        out[`${service}.${table}`] = r.rows[0].n;
      }
    } finally {
      await client.end();
    }
  }
  return out;
}

/** Merges measured figures into test-output/resilience/figures.json (docs/reliability.md quotes them). */
export function recordFigures(key, figures) {
  const file = ENV.FAULT_FIGURES;
  if (!file) return;
  const all = JSON.parse(readFileSync(file, 'utf8'));
  all[key] = { at: new Date().toISOString(), ...figures };
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

/** Signs in as the stack's administrator: answers the bearer token. */
export async function adminToken() {
  const res = await http('/api/admin/login', {
    method: 'POST',
    body: { email: ENV.FAULT_ADMIN_EMAIL, password: ENV.FAULT_ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}: ${res.text}`);
  return res.json.token;
}

/** The first sample of a Prometheus series whose labels include `labels`, or undefined. */
export function metric(text, name, labels = {}) {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

/** The percentile (0-100) of a list of numbers. */
export function percentile(values, p) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Counts of a list by a key: { '200': 120, '503': 2 }. */
export function tally(list, key) {
  const out = {};
  for (const item of list) {
    const k = String(typeof key === 'function' ? key(item) : item[key]);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}
