import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '@coffee-guide/contracts';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import { PassThrough, Readable } from 'node:stream';
import { readCsv, writeCsv } from './csv-file';

const read = (text: string | Buffer) => readCsv(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'));

/** A body arriving as a request's does: in chunks of `size` bytes, each in a turn of the event loop of its own. */
function streamed(bytes: Buffer, size = 64 * 1024): Readable {
  const out = new PassThrough();
  let at = 0;
  const push = () => {
    if (at >= bytes.length) return void out.end();
    out.write(bytes.subarray(at, at + size));
    at += size;
    setImmediate(push);
  };
  setImmediate(push);
  return out;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('readCsv', () => {
  it('reads quoting, embedded newlines and a byte-order mark, numbering rows as a spreadsheet does', async () => {
    const table = await read('\ufeffslug,description\r\n"a","one, ""two""\nthree"\r\n\r\nb,plain\r\n');
    expect(table.header).toEqual(['slug', 'description']);
    expect(table.records).toEqual([
      { line: 2, cells: ['a', 'one, "two"\nthree'] },
      { line: 3, cells: ['b', 'plain'] },
    ]);
  });

  it("reads a spreadsheet's `;` separators", async () => {
    expect((await read('menuItemSlug;size;price\nmocha;small;4,25')).records[0].cells).toEqual([
      'mocha',
      'small',
      '4,25',
    ]);
  });

  it('refuses what is not a readable CSV with a 400 that says why', async () => {
    await expect(readCsv(undefined)).rejects.toThrow(BadRequestException);
    await expect(readCsv({ a: 1 })).rejects.toThrow(/content-type: text\/csv/);
    await expect(read('')).rejects.toThrow(/empty/);
    await expect(read('  \n ')).rejects.toThrow(/empty/);
    await expect(read('\ufeff')).rejects.toThrow(/empty/);
    await expect(read(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).rejects.toThrow(/not UTF-8/);
    await expect(read('a,b\n1,\u0000')).rejects.toThrow(/binary data/);
    await expect(read('a,b\n"x,1')).rejects.toThrow(/not valid CSV/);
    await expect(read(Buffer.alloc(CSV_IMPORT_MAX_BYTES + 1, 'a'))).rejects.toThrow(PayloadTooLargeException);
  });

  it('reads a stream in chunks the same: a character, a quoted field and the header split across chunks', async () => {
    const csv = Buffer.from('\ufeffname;note\r\n"Café ☕";"a;b\r\nc"\r\nÉclair;plain\r\n', 'utf8');
    const expected = await read(csv);
    for (const size of [1, 2, 3, 7]) expect(await readCsv(streamed(csv, size))).toEqual(expected);
    expect(expected.records[0].cells).toEqual(['Café ☕', 'a;b\r\nc']);
  });

  it('refuses a stream with bytes that are not UTF-8 anywhere in it, even cut across chunks, and reads it to its end', async () => {
    const body = streamed(
      Buffer.concat([Buffer.from(`a,b\n${'x,1\n'.repeat(5_000)}Caf`), Buffer.from([0xe9]), Buffer.from(',2\n')]),
      1000,
    );
    await expect(readCsv(body)).rejects.toThrow(/not UTF-8/);
    expect(body.readableEnded).toBe(true);
    const cut = Buffer.from('a,b\n☕,1\n', 'utf8').subarray(0, 6); // the cup's first bytes, then the end
    await expect(readCsv(streamed(cut, 1))).rejects.toThrow(/not UTF-8/);
  });

  it('counts a stream sent without a length against the limit: a 413, never the whole of it held', async () => {
    const body = streamed(Buffer.alloc(CSV_IMPORT_MAX_BYTES + 2 * 1024 * 1024, 'a'));
    await expect(readCsv(body)).rejects.toThrow(PayloadTooLargeException);
    // Read no further than the limit, and the request left alone: its answer is still to be sent.
    expect([body.readableEnded, body.destroyed]).toEqual([false, false]);
  });

  it(`refuses more than ${CSV_IMPORT_MAX_ROWS} rows, and takes exactly that many`, async () => {
    const rows = (n: number) => Buffer.from(`a,b\n${'x,1\n'.repeat(n)}`);
    expect((await readCsv(streamed(rows(CSV_IMPORT_MAX_ROWS)))).records).toHaveLength(CSV_IMPORT_MAX_ROWS);
    await expect(readCsv(streamed(rows(CSV_IMPORT_MAX_ROWS + 1)))).rejects.toThrow(/more than 20000 rows/);
  });

  it('reads a 10 MB file without a long synchronous stretch: a timer set every millisecond keeps firing', async () => {
    const line = `${'lorem ipsum dolor sit amet '.repeat(18)},"quoted, with a ""quote"" and\na newline",42\n`;
    const csv = Buffer.from(
      `title,content,n\n${line.repeat(Math.min(CSV_IMPORT_MAX_ROWS, Math.floor((CSV_IMPORT_MAX_BYTES - 100) / line.length)))}`,
    );
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const start = performance.now();
    const table = await readCsv(streamed(csv));
    const ms = performance.now() - start;
    clearInterval(timer);
    expect(table.records.length).toBeGreaterThan(10_000);
    expect(table.records[0].cells[1]).toBe('quoted, with a "quote" and\na newline');
    console.log(
      `readCsv of ${(csv.length / 1048576).toFixed(1)} MB (${table.records.length} rows) in 64 KB chunks: ${ms.toFixed(0)} ms, longest gap between timers ${longest.toFixed(0)} ms`,
    );
  });
});

describe('writeCsv', () => {
  it('writes a BOM, the header and the rows, quoting what needs it, and reads back the same', async () => {
    const rows = [
      ['1', 'Mocha, "the" best', 'line\nbreak'],
      ['2', ' padded ', ''],
    ];
    const csv = await text(writeCsv(['id', 'name', 'note'], rows));
    expect(csv.startsWith('\ufeffid,name,note\r\n')).toBe(true);
    expect((await read(csv)).records.map((r) => r.cells)).toEqual(rows);
  });

  it('quotes every cell holding a CR or an LF on its own (RFC 4180), so no cell ever ends its row', async () => {
    const rows = [['1', "first\n'=1+1", 'x\ry', 'a\r\nb', 'plain']];
    const csv = await text(writeCsv(['id', 'a', 'b', 'c', 'd'], rows));
    expect(csv).toBe('\ufeffid,a,b,c,d\r\n1,"first\n\'=1+1","x\ry","a\r\nb",plain\r\n');
    // A strict reader that takes only CRLF as a row's end, and a loose one taking any line end, read one row.
    for (const record_delimiter of [['\r\n'], ['\r\n', '\n', '\r']]) {
      expect(parse(csv, { bom: true, record_delimiter })).toEqual([['id', 'a', 'b', 'c', 'd'], ...rows]);
    }
  });
});
