import { CsvError, parseCsv, parseCsvObjects } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines",\n1,2,3,4,5\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines', ''],
      ['1', '2', '3', '4', '5'],
    ]);
  });

  it('reads JSON inside a quoted field', () => {
    const [[json]] = parseCsv('"[{""date"": ""2025-09-30"", ""start"": null}]"');
    expect(JSON.parse(json)).toEqual([{ date: '2025-09-30', start: null }]);
  });

  it('accepts CRLF, a BOM and a missing final newline', () => {
    expect(parseCsv('\ufeffx,y\r\n1,2')).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
  });

  it('keeps empty quoted fields and trailing spaces', () => {
    expect(parseCsv('"",San Antonio ,')).toEqual([['', 'San Antonio ', '']]);
  });

  it('rejects malformed quoting', () => {
    expect(() => parseCsv('"open')).toThrow(CsvError);
    expect(() => parseCsv('a"b"')).toThrow(CsvError);
    expect(() => parseCsv('"a"b')).toThrow(CsvError);
  });

  it('maps records to the header and checks their width', () => {
    expect(parseCsvObjects('id,city\nAL0101,Huntsville\n')).toEqual([{ id: 'AL0101', city: 'Huntsville' }]);
    expect(() => parseCsvObjects('id,city\nAL0101\n')).toThrow(/1 fields/);
  });
});
