import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '@coffee-guide/contracts';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';

/*
 * Reading and writing CSV files with the csv project's parser and serializer (csv-parse, csv-stringify):
 * quoting, embedded newlines, a byte-order mark, and `,` or `;` separators (spreadsheets in many locales
 * export `;`). Everything that makes a file unreadable is a 400 with a message, never a 500.
 */

export interface CsvRecord {
  /** The row's number as a spreadsheet shows it: the header is 1, the first row 2. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

const MB = CSV_IMPORT_MAX_BYTES / (1024 * 1024);
export const CSV_TOO_LARGE_MESSAGE = `The CSV file is larger than the import limit of ${MB} MB: split it into smaller files`;

/** The separator of the header line: `;` when it has more of them than commas outside quotes. */
function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** A request body as a CSV table: UTF-8 (a BOM is dropped), a header row, then the rows. */
export function readCsv(body: unknown): CsvTable {
  if (body === undefined || body === null) throw new BadRequestException('Send the CSV file as the request body with content-type: text/csv');
  if (!(body instanceof Uint8Array)) throw new BadRequestException('The body must be a CSV file sent with content-type: text/csv');
  if (body.byteLength > CSV_IMPORT_MAX_BYTES) throw new PayloadTooLargeException(CSV_TOO_LARGE_MESSAGE);
  if (body.byteLength === 0) throw new BadRequestException('The CSV file is empty');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw new BadRequestException('The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8" and try again');
  }
  if (text.includes('\u0000')) throw new BadRequestException('The file is not a CSV file (it holds binary data)');
  if (text.trim() === '') throw new BadRequestException('The CSV file is empty');
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
      to: CSV_IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      throw new BadRequestException(`The file is not valid CSV: ${error.message.replace(/^Invalid [^:]*: /, '')}`);
    }
    throw error;
  }
  const [header, ...data] = rows;
  if (!header || header.every((h) => h.trim() === '')) throw new BadRequestException('The CSV file has no header row');
  if (data.length > CSV_IMPORT_MAX_ROWS) {
    throw new BadRequestException(`The CSV file has more than ${CSV_IMPORT_MAX_ROWS} rows: split it into smaller files`);
  }
  return {
    header: header.map((h) => h.trim()),
    records: data.map((cells, i) => ({ line: i + 2, cells })).filter((r) => r.cells.some((c) => c.trim() !== '')),
  };
}

/** A CSV stream: a byte-order mark (so spreadsheets read UTF-8), the header, then each row's cells. */
export function writeCsv(header: string[], rows: Iterable<string[]>): Readable {
  const out = stringify({ bom: true, quoted_match: /^\s|\s$/, record_delimiter: 'windows' });
  out.write(header);
  // Written in the next ticks so a large export flows out as it is serialised.
  const it = rows[Symbol.iterator]();
  const pump = () => {
    for (let n = 0; n < 200; n++) {
      const next = it.next();
      if (next.done) {
        out.end();
        return;
      }
      if (!out.write(next.value)) {
        out.once('drain', pump);
        return;
      }
    }
    setImmediate(pump);
  };
  pump();
  return out;
}
