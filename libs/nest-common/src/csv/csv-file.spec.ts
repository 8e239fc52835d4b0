import { CSV_IMPORT_MAX_BYTES } from '@coffee-guide/contracts';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { readCsv, writeCsv } from './csv-file';

const read = (text: string | Buffer) => readCsv(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'));

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('readCsv', () => {
  it('reads quoting, embedded newlines and a byte-order mark, numbering rows as a spreadsheet does', () => {
    const table = read('\ufeffslug,description\r\n"a","one, ""two""\nthree"\r\n\r\nb,plain\r\n');
    expect(table.header).toEqual(['slug', 'description']);
    expect(table.records).toEqual([
      { line: 2, cells: ['a', 'one, "two"\nthree'] },
      { line: 3, cells: ['b', 'plain'] },
    ]);
  });

  it("reads a spreadsheet's `;` separators", () => {
    expect(read('menuItemSlug;size;price\nmocha;small;4,25').records[0].cells).toEqual(['mocha', 'small', '4,25']);
  });

  it('refuses what is not a readable CSV with a 400 that says why', () => {
    expect(() => readCsv(undefined)).toThrow(BadRequestException);
    expect(() => readCsv({ a: 1 })).toThrow(/content-type: text\/csv/);
    expect(() => read('')).toThrow(/empty/);
    expect(() => read('  \n ')).toThrow(/empty/);
    expect(() => read(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toThrow(/not UTF-8/);
    expect(() => read('a,b\n"x,1')).toThrow(/not valid CSV/);
    expect(() => read(Buffer.alloc(CSV_IMPORT_MAX_BYTES + 1, 'a'))).toThrow(PayloadTooLargeException);
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
    expect(read(csv).records.map((r) => r.cells)).toEqual(rows);
  });
});
