import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '@coffee-guide/contracts';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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

/** Tells, chunk by chunk, when the text read so far holds the whole header line (a line end outside quotes). */
function headerLineWatch(): (chunk: string) => boolean {
  let quoted = false;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk.charCodeAt(i);
      if (ch === 0x22) quoted = !quoted;
      else if (!quoted && (ch === 0x0a || ch === 0x0d)) return true;
    }
    return false;
  };
}

const NOT_UTF8 = 'The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8" and try again';
const BINARY = 'The file is not a CSV file (it holds binary data)';
const EMPTY = 'The CSV file is empty';

/** What has been read of a body: its bytes so far, and whether any of its text was more than blanks. */
interface ReadState {
  bytes: number;
  text: boolean;
}

/** The body's bytes counted against the import limit, without ever destroying the request (its answer is still to be sent). */
async function* counted(body: Readable, state: ReadState): AsyncGenerator<Buffer> {
  for await (const chunk of body.iterator({ destroyOnReturn: false })) {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk as Uint8Array);
    state.bytes += bytes.byteLength;
    if (state.bytes > CSV_IMPORT_MAX_BYTES) throw new PayloadTooLargeException(CSV_TOO_LARGE_MESSAGE);
    yield bytes;
  }
}

/**
 * The body's bytes, each chunk with its text: bytes that are not UTF-8 (anywhere, a character cut across
 * chunks included), or a NUL, are a 400. The parser is given the bytes (csv-parse reads UTF-8 itself); the
 * text is decoded only to check them and is dropped at once.
 */
async function* utf8Chunks(body: Readable, state: ReadState): AsyncGenerator<{ bytes: Buffer; text: string }> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const decode = (bytes?: Buffer) => {
    let text: string;
    try {
      text = bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new BadRequestException(NOT_UTF8);
    }
    if (text.includes('\u0000')) throw new BadRequestException(BINARY);
    if (!state.text && /[^\s\ufeff]/.test(text)) state.text = true;
    return text;
  };
  for await (const bytes of counted(body, state)) yield { bytes, text: decode(bytes) };
  decode();
}

/**
 * Reads what is left of a body after a refusal, so its answer can be sent on a connection that is still in
 * step; past the import limit, the refusal becomes a 413 (whose answer closes the connection).
 */
async function drain(body: Readable, state: ReadState): Promise<void> {
  if (body.readableEnded || body.destroyed) return;
  for await (const _ of counted(body, state));
}

const isStream = (body: unknown): body is Readable => body instanceof Readable;

/**
 * A request body as a CSV table: UTF-8 (a BOM is dropped), a header row, then the rows. The body is read as a
 * stream (the import routes take the request's own stream, csv-http.ts) and parsed as it arrives by
 * csv-parse's streaming parser: the file's bytes are never held whole, nor as one string, and the parser
 * works a chunk at a time between reads, so other requests are answered meanwhile (docs/csv.md, "Limits").
 * A Buffer is read the same way.
 */
export async function readCsv(body: unknown): Promise<CsvTable> {
  if (body === undefined || body === null)
    throw new BadRequestException('Send the CSV file as the request body with content-type: text/csv');
  if (!(body instanceof Uint8Array) && !isStream(body))
    throw new BadRequestException('The body must be a CSV file sent with content-type: text/csv');
  if (body instanceof Uint8Array && body.byteLength > CSV_IMPORT_MAX_BYTES)
    throw new PayloadTooLargeException(CSV_TOO_LARGE_MESSAGE);
  const stream = isStream(body) ? body : Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]);
  const state: ReadState = { bytes: 0, text: false };
  const rows: string[][] = [];
  try {
    const chunks = utf8Chunks(stream, state);
    // The header line first, to tell its separator.
    const holdsHeaderLine = headerLineWatch();
    const head: { bytes: Buffer; text: string }[] = [];
    let next = await chunks.next();
    while (!next.done) {
      head.push(next.value);
      if (holdsHeaderLine(next.value.text)) break;
      next = await chunks.next();
    }
    const parser = parse({
      bom: true,
      delimiter: delimiterOf(head.map((c) => c.text).join('')),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
    });
    const ended = next.done;
    const feed = Readable.from(
      (async function* () {
        for (const chunk of head.splice(0)) yield chunk.bytes;
        if (!ended) for await (const chunk of chunks) yield chunk.bytes;
      })(),
      { objectMode: false },
    );
    const fed = pipeline(feed, parser).catch(() => undefined); // its error is the parser's, thrown below
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        rows.push(record);
        if (rows.length > CSV_IMPORT_MAX_ROWS + 1) {
          throw new BadRequestException(
            `The CSV file has more than ${CSV_IMPORT_MAX_ROWS} rows: split it into smaller files`,
          );
        }
      }
    } finally {
      parser.destroy();
      await fed;
    }
  } catch (error) {
    await drain(stream, state);
    if (error instanceof CsvError)
      throw new BadRequestException(`The file is not valid CSV: ${error.message.replace(/^Invalid [^:]*: /, '')}`);
    throw error;
  }
  if (state.bytes === 0 || !state.text) throw new BadRequestException(EMPTY);
  const [header, ...data] = rows;
  if (!header || header.every((h) => h.trim() === '')) throw new BadRequestException('The CSV file has no header row');
  return {
    header: header.map((h) => h.trim()),
    records: data.map((cells, i) => ({ line: i + 2, cells })).filter((r) => r.cells.some((c) => c.trim() !== '')),
  };
}

/**
 * A CSV stream: a byte-order mark (so spreadsheets read UTF-8), the header, then each row's cells. A cell is
 * quoted when it holds a comma, a quote (csv-stringify's own rule), a CR or an LF on its own (RFC 4180: the
 * record delimiter is CRLF, and csv-stringify quotes only that, so a bare LF ended the row in a spreadsheet
 * and the rest of the cell became a row of its own), or a leading or trailing space.
 */
export function writeCsv(header: string[], rows: Iterable<string[]>): Readable {
  const out = stringify({ bom: true, quoted_match: [/^\s|\s$/, /[\r\n]/], record_delimiter: 'windows' });
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
