// `npm test`: every unit, integration and browser test, against the real PostgreSQL, Redis and Chromium.
// 1. checks Redis and picks PostgreSQL as `npm start` does (POSTGRES_URL, else 127.0.0.1:5432, else an
// embedded one, started here and stopped at the end; every suite is pointed at it), 2. builds, 3. jest over every Node project (integration tests make
// their own databases and Redis prefixes), 4. the frontend's route tests (vitest), 5. the browser tests
// against one running stack on ports of their own, 6. the fault, fuzz, security-header and metrics checks
// (infra/resilience) against a stack of their own: those that bound no time beside 3-4, the timed ones alone at the end. Ends with one line: "N passed, N failed".
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT, checkRedis, preparePostgres } from './lib/preflight.mjs';
import { buildAll, run } from './lib/stack.mjs';

const out = path.join(ROOT, 'test-output');
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

async function step(name, fn) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  try {
    await fn();
  } catch (error) {
    failures.push(`${name}: ${error.message}`);
  } finally {
    console.log(`=== ${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  }
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Runs a node script (relative to the root) that writes {passed, failed, skipped} to --summary=FILE, and counts them. */
async function runWithSummary(script, file) {
  try {
    await run(process.execPath, [path.join(ROOT, script), `--summary=${file}`]);
  } finally {
    const r = readJson(file);
    if (r) {
      totals.passed += r.passed;
      totals.failed += r.failed;
      totals.skipped += r.skipped ?? 0;
    }
  }
}

await checkRedis();
const database = await preparePostgres();
// The integration tests make their databases on the same server (libs/nest-common/src/testing).
process.env.TEST_POSTGRES_URL ??= database.url;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await database.stop();
    process.exit(130);
  });
}
const only = process.argv.slice(2);
const wants = (s) => only.length === 0 || only.includes(s);

if (process.env.SKIP_BUILD !== 'true') await step('build', buildAll);

// The fuzz, header, metrics, binding and seed checks run on a stack of their own (ports 4700-4799, their
// own Redis server and databases) beside jest and vitest: they assert no timings, and much of their time
// is spent waiting on processes they kill and start. Their output is kept in a file and printed when
// they end. The checks that bound times (faults, revocation) run alone after the browser tests.
const TIMED_CHECKS = ['faults', 'revocation'];
let beside;
if (wants('resilience')) {
  const file = path.join(out, 'resilience-beside.json');
  const log = path.join(out, 'resilience.log');
  rmSync(file, { force: true });
  const started = Date.now();
  const logFd = openSync(log, 'w');
  const args = [path.join(ROOT, 'infra', 'resilience', 'run.mjs'), `--summary=${file}`, `--except=${TIMED_CHECKS.join(',')}`];
  beside = run(process.execPath, args, { stdio: ['ignore', logFd, logFd] })
    .then(
      () => undefined,
      (error) => error,
    )
    .then((error) => {
      closeSync(logFd);
      return { error, file, log, seconds: Math.round((Date.now() - started) / 1000) };
    });
}

if (wants('jest')) {
  await step('unit and integration tests (jest)', async () => {
    const file = path.join(out, 'jest.json');
    try {
      await run('npx', ['jest', '-c', 'jest.config.cjs', '--ci', '--maxWorkers=2', '--forceExit', '--json', `--outputFile=${file}`]);
    } finally {
      const r = readJson(file);
      if (r) {
        totals.passed += r.numPassedTests;
        totals.failed += r.numFailedTests;
        totals.skipped += r.numPendingTests;
      }
    }
  });
}

if (wants('frontend') && existsSync(path.join(ROOT, 'frontend', 'vite.config.ts'))) {
  await step('frontend route tests (vitest)', async () => {
    const file = path.join(out, 'vitest.json');
    try {
      await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
        cwd: path.join(ROOT, 'frontend'),
      });
    } finally {
      const r = readJson(file);
      if (r) {
        totals.passed += r.numPassedTests;
        totals.failed += r.numFailedTests;
        totals.skipped += r.numPendingTests ?? 0;
      }
    }
  });
}

if (wants('e2e')) {
  await step('browser tests (Chromium, running stack)', async () => {
    await runWithSummary(path.join('infra', 'e2e', 'run.mjs'), path.join(out, 'e2e.json'));
  });
}

if (beside) {
  const name = 'fuzz, security-header, metrics and seed checks (a stack of their own, run beside jest and vitest)';
  console.log(`\n=== ${name}`);
  const { error, file, log, seconds } = await beside;
  process.stdout.write(readFileSync(log, 'utf8'));
  const r = readJson(file);
  if (r) {
    totals.passed += r.passed;
    totals.failed += r.failed;
    totals.skipped += r.skipped ?? 0;
  }
  if (error) failures.push(`${name}: ${error.message}`);
  console.log(`=== ${name}: ${seconds} s`);

  await step('fault and revocation checks, which bound times (a stack of their own, alone)', async () => {
    const summary = path.join(out, 'resilience.json');
    rmSync(summary, { force: true });
    await run(process.execPath, [path.join(ROOT, 'infra', 'resilience', 'run.mjs'), `--summary=${summary}`, ...TIMED_CHECKS]).finally(() => {
      const t = readJson(summary);
      if (t) {
        totals.passed += t.passed;
        totals.failed += t.failed;
        totals.skipped += t.skipped ?? 0;
      }
    });
  });
}

console.log('');
for (const f of failures) console.log(`FAILED ${f}`);
if (failures.length && totals.failed === 0) totals.failed = failures.length;
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
await database.stop();
process.exit(failures.length ? 1 : 0);
