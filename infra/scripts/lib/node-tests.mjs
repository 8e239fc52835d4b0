// Runs infra/<suite>/*.test.mjs under node's test runner, as the browser tests and the resilience checks
// do: one file at a time, the spec reporter on stdout and {passed, failed, skipped} written to a file.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './preflight.mjs';
import { run } from './stack.mjs';

const SUMMARY_REPORTER = path.join(ROOT, 'infra', 'e2e', 'lib', 'summary-reporter.mjs');

/** The *.test.mjs files of `dir` (relative to the root); with `only`, those whose name contains one of its words. */
export function testFiles(dir, only = []) {
  return readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.test.mjs'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .map((f) => path.join(dir, f));
}

/** `node --test` over `files` with `env`, writing the summary to `summaryFile`; rejects when a test fails. */
export function runNodeTests(files, { env, summaryFile }) {
  return run(
    process.execPath,
    [
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${SUMMARY_REPORTER}`,
      `--test-reporter-destination=${summaryFile}`,
      ...files,
    ],
    { env },
  );
}
