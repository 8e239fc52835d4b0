// `npm test`: every unit, integration and browser test, against the real PostgreSQL, Redis and Chromium.
// 1. checks Redis and picks PostgreSQL as `npm start` does (POSTGRES_URL, else 127.0.0.1:5432, else an
// embedded one, started here and stopped at the end; every suite is pointed at it), 2. builds, 3. jest over every Node project (integration tests make
// their own databases and Redis prefixes), 4. the frontend's route tests (vitest), 5. the browser tests
// against one running stack on ports of their own, 6. the fault, fuzz, security-header and metrics checks
// (infra/resilience) against a stack of their own. Ends with one line: "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

if (wants('jest')) {
  await step('unit and integration tests (jest)', async () => {
    const file = path.join(out, 'jest.json');
    try {
      await run('npx', [
        'jest',
        '-c',
        'jest.config.cjs',
        '--ci',
        '--maxWorkers=2',
        '--forceExit',
        '--json',
        `--outputFile=${file}`,
      ]);
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

if (wants('resilience')) {
  await step('fault, fuzz, security-header and metrics checks (a stack of their own)', async () => {
    const file = path.join(out, 'resilience.json');
    rmSync(file, { force: true });
    await runWithSummary(path.join('infra', 'resilience', 'run.mjs'), file);
  });
}

console.log('');
for (const f of failures) console.log(`FAILED ${f}`);
if (failures.length && totals.failed === 0) totals.failed = failures.length;
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
await database.stop();
process.exit(failures.length ? 1 : 0);
