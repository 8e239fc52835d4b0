import { Worker } from 'node:worker_threads';

/**
 * An import's answer (its preview or result) as far as the BFF needs it: whether it wrote, so the caches are
 * invalidated. The answer itself goes on to the admin as the service's bytes.
 */
export interface ImportAnswerSummary {
  /** It matched the contract (csvImportResultSchema). */
  ok: boolean;
  applied?: boolean;
  /** Rows created and changed. */
  written?: number;
}

/**
 * Answers up to this size are checked on the event loop. A preview of a 10 MB file is itself about 10 MB of
 * JSON (each new row's values): decoded, parsed and checked on the event loop it held every other request
 * of the BFF for a second or more on a busy host, so it is checked on a thread of its own (docs/csv.md, "Limits").
 */
export const INLINE_ANSWER_MAX_BYTES = 512 * 1024;

/** The worker's heap ceiling: a 10 MB answer parses into well under this. */
const WORKER_HEAP_MB = 128;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { csvImportResultSchema } = require(workerData.contracts);
let summary = { ok: false };
try {
  const bytes = Buffer.from(workerData.body.buffer, workerData.body.byteOffset, workerData.body.byteLength);
  const result = csvImportResultSchema.safeParse(JSON.parse(bytes.toString('utf8')));
  if (result.success) summary = { ok: true, applied: result.data.applied, written: result.data.counts.created + result.data.counts.changed };
} catch {}
parentPort.postMessage(summary);
`;

/**
 * Checks a large import answer against the contract on a worker thread; `ok: false` when it does not match.
 * `contracts`: the built contracts module the worker loads (a plain Node thread, outside any test's module map).
 */
export function summariseOffThread(
  body: Buffer,
  contracts = require.resolve('@coffee-guide/contracts'),
): Promise<ImportAnswerSummary> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { contracts, body },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.once('message', (summary: ImportAnswerSummary) => resolve(summary));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the import answer's check ended (${code}) without an answer`)));
  });
}
