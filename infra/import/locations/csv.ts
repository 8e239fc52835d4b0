/**
 * A small RFC 4180 CSV reader: fields separated by commas, records by CRLF or LF, a field may be
 * wrapped in double quotes and then contain commas, line breaks and doubled quotes ("" = ").
 * The stands file needs it because its `schedule` column is JSON inside a quoted field.
 */

export class CsvError extends Error {}

/** Every record as an array of raw field strings. A trailing newline does not make an empty record. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldWasQuoted = false;
  let i = 0;
  // A byte-order mark is not part of the first header.
  if (text.charCodeAt(0) === 0xfeff) i = 1;

  const endField = () => {
    record.push(field);
    field = '';
    fieldWasQuoted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };

  for (; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (field !== '' || fieldWasQuoted) {
        throw new CsvError(`unexpected quote inside an unquoted field (record ${records.length + 1})`);
      }
      inQuotes = true;
      fieldWasQuoted = true;
    } else if (c === ',') {
      endField();
    } else if (c === '\n') {
      endRecord();
    } else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRecord();
    } else {
      if (fieldWasQuoted) {
        throw new CsvError(`text after a closing quote (record ${records.length + 1})`);
      }
      field += c;
    }
  }
  if (inQuotes) throw new CsvError('the file ends inside a quoted field');
  if (field !== '' || fieldWasQuoted || record.length > 0) endRecord();
  return records;
}

/** Records as objects keyed by the header row; every record must have the header's number of fields. */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((row, index) => {
    if (row.length !== header.length) {
      throw new CsvError(`record ${index + 2} has ${row.length} fields, the header has ${header.length}`);
    }
    const obj: Record<string, string> = {};
    header.forEach((name, k) => {
      obj[name.trim()] = row[k];
    });
    return obj;
  });
}
