import {
  type AdminCsvResource,
  CSV_IMPORT_MAX_BYTES,
  type CsvSpec,
  csvFileName,
  csvHeader,
} from '@coffee-guide/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ValidationFailed } from '../validation';
import { csvExportQuery, csvExportRows } from './csv-import';
import { CSV_TOO_LARGE_MESSAGE, writeCsv } from './csv-file';

const CSV_TYPE = /^\s*(text|application)\/csv\s*(;|$)/i;
const IMPORT_PATH = /^\/(api\/)?admin\/[a-z-]+\/import(\?|$)/;

/** The error Fastify itself gives a body over its limit: answered 413 by the error filter, with the limit named. */
function bodyTooLarge(): Error {
  return Object.assign(new Error(CSV_TOO_LARGE_MESSAGE), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
}

/**
 * `text/csv` bodies only on the import routes (any other route answers 415 before reading the body), and
 * never read here: the handler gets the request's own stream, which the BFF passes on to the service and
 * the service parses as it arrives (readCsv), so neither holds the file whole (docs/csv.md, "Limits"). A
 * body whose content-length is over the import limit is a 413 before any of it is read; one sent without a
 * length is counted as it is read, by readCsv and by the BFF's proxy. JSON bodies keep the app's own limit.
 */
export function acceptCsvBodies(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (CSV_TYPE.test(String(request.headers['content-type'] ?? '')) && !IMPORT_PATH.test(request.url)) {
      void reply
        .code(415)
        .header('content-type', 'application/json; charset=utf-8')
        .send(
          JSON.stringify({
            statusCode: 415,
            message: 'A CSV body is accepted only by the import routes (/api/admin/{resource}/import)',
          }),
        );
      return;
    }
    done();
  });
  fastify.addContentTypeParser(['text/csv', 'application/csv'], (request, payload, done) => {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > CSV_IMPORT_MAX_BYTES) return done(bodyTooLarge(), undefined);
    done(null, payload);
  });
}

/** `?dryRun=true|false` (absent: false). */
export function dryRunOf(query: Record<string, unknown> | undefined): boolean {
  const value = query?.dryRun;
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1' || value === '') return true;
  throw new ValidationFailed({ dryRun: 'must be true or false' });
}

/** Streams the rows as `{resource}-{date}.csv`, with the table's search, filters and sort from the query. */
export function sendCsvExport<Row>(
  reply: FastifyReply,
  spec: CsvSpec<Row>,
  rows: Row[],
  query: Record<string, unknown>,
  now = new Date(),
) {
  const cells = csvExportRows(spec, rows, csvExportQuery(spec, query));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(spec.resource as AdminCsvResource, now)}"`)
    .header('cache-control', 'no-store')
    .header('x-csv-rows', String(cells.length))
    .send(writeCsv(csvHeader(spec), cells));
}
