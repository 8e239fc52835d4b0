import {
  ADMIN_MESSAGES,
  type BulkEdit,
  bulkEditTable,
  type CsvColumn,
  type CsvImportResult,
  type CsvSpec,
  READ_ONLY_SUFFIX,
  csvCells,
  csvHeader,
  formatCell,
  looksLikeFormula,
  parseCell,
  textRuleProblem,
  unneutralize,
} from '@coffee-guide/contracts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BadRequestException, HttpException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { ValidationFailed } from '../validation';
import { type AuditActor, recordAudit } from '../auth/audit-trail';
import { recordRevisions } from '../revisions/revisions';
import { type CsvTable, readCsv } from './csv-file';

export type CsvWrite = Record<string, unknown>;
export type CsvValidation = { data: CsvWrite } | { errors: Record<string, string> };

/** What an import of one resource needs from its service, read inside the import's transaction. */
export interface CsvImportContext<Row> {
  /** Every row there is now, as the admin list answers it. */
  rows: Row[];
  /** The row's payload validated by the resource's own write schema (a new row when `existing` is undefined). */
  validate(input: CsvWrite, existing: Row | undefined): CsvValidation;
  create(write: CsvWrite): Promise<unknown>;
  /** Every new row at once, when the service has a faster way than one by one. */
  createMany?(writes: CsvWrite[]): Promise<unknown>;
  update(existing: Row, write: CsvWrite): Promise<unknown>;
}

export interface CsvImporter<Row extends { id: number | string }> {
  spec: CsvSpec<Row>;
  load(manager: EntityManager): Promise<CsvImportContext<Row>>;
}

type ImportError = CsvImportResult['errors'][number];

/** Thrown inside the transaction to roll it back and answer the preview (a dry run, or an apply with errors). */
class RollBack extends Error {
  constructor(readonly result: CsvImportResult) {
    super('rolled back');
  }
}

/** The longest the plan works between two turns of the event loop (rows vary from a few bytes to 100 KB). */
const MS_PER_TURN = 15;

const normalKey = (cells: string[]) => cells.map((c) => c.trim().toLowerCase().replace(/\s+/g, ' ')).join('\u0001');

/** Maps the header to the spec's columns: unknown, missing or repeated columns make the file a 400. */
function columnsOf<Row>(spec: CsvSpec<Row>, header: string[]): (CsvColumn<Row> | null)[] {
  const byName = new Map(spec.columns.map((c) => [c.name.toLowerCase(), c]));
  const seen = new Set<string>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  const mapped = header.map((h) => {
    const name = h.endsWith(READ_ONLY_SUFFIX) ? h.slice(0, -READ_ONLY_SUFFIX.length) : h;
    const column = byName.get(name.trim().toLowerCase());
    if (!column) {
      unknown.push(h || '(empty)');
      return null;
    }
    if (seen.has(column.name)) repeated.push(h);
    seen.add(column.name);
    return column.readOnly ? null : column;
  });
  const missing = spec.columns.filter((c) => !c.readOnly && !c.optional && !seen.has(c.name)).map((c) => c.name);
  if (unknown.length || missing.length || repeated.length) {
    throw new BadRequestException(
      ADMIN_MESSAGES.csvHeaderMismatch(spec.resource, { unknown, missing, repeated }, csvHeader(spec)),
    );
  }
  return mapped;
}

/** A field's error at its column: `hours.Monday` -> `Monday`, `menuItemId` -> `menuItemSlug`. */
function errorColumn<Row>(spec: CsvSpec<Row>, field: string): string | null {
  const names = new Set(spec.columns.map((c) => c.name));
  const parts = field.split('.');
  if (names.has(field)) return field;
  if (field === 'menuItemId' && names.has('menuItemSlug')) return 'menuItemSlug';
  return parts.find((p) => names.has(p)) ?? null;
}

/**
 * The import of one resource's CSV: every row parsed, validated by the write schema and matched by its
 * natural key; on an apply, new and changed rows written, unchanged ones left alone. It all runs in one
 * transaction, which a dry run (or any error) rolls back. An apply is audited as one `import` row with its counts,
 * and every row it created or changed keeps a revision, all in one statement (docs/decisions.md, "Revisions").
 */
export async function runCsvImport<Row extends { id: number | string }>(
  db: DataSource,
  importer: CsvImporter<Row>,
  source: { csv: unknown } | { bulk: BulkEdit },
  options: { dryRun: boolean; actor: AuditActor; auditEntity?: string },
): Promise<CsvImportResult> {
  const file = 'csv' in source ? await readCsv(source.csv) : null;
  const columns = file ? columnsOf(importer.spec, file.header) : null;
  try {
    return await db.transaction(async (manager) => {
      const context = await importer.load(manager);
      const existed = new Set(context.rows.map((r) => String(r.id)));
      let table = file;
      if (!table && 'bulk' in source) {
        const built = bulkEditTable(importer.spec, context.rows, source.bulk);
        // `column: ...`, `op: ...`, `value: ...`: a 400 naming its field, like every other (docs/api.md)
        if ('problem' in built) throw new ValidationFailed(problemField(built.problem));
        table = built;
      }
      const result = await plan(
        importer.spec,
        columns ?? columnsOf(importer.spec, table!.header),
        table!,
        context,
        options.dryRun,
      );
      result.dryRun = options.dryRun;
      if (options.dryRun || result.errors.length) throw new RollBack(result);
      // A file that changes nothing writes nothing, not even an audit row.
      if (result.counts.created + result.counts.changed === 0) {
        result.applied = true;
        return result;
      }
      await recordAudit(manager, options.actor, {
        entity: options.auditEntity ?? importer.spec.resource,
        entityId: null,
        action: 'csv' in source ? 'import' : 'bulk-edit',
        before: null,
        after: {
          resource: importer.spec.resource,
          rows: table!.records.length,
          ...('bulk' in source ? { column: source.bulk.column, op: source.bulk.op, value: source.bulk.value } : {}),
          ...result.counts,
        },
      });
      const changed = new Set(result.changed.map((c) => String(c.id)));
      const written = (await importer.load(manager)).rows.filter(
        (r) => !existed.has(String(r.id)) || changed.has(String(r.id)),
      );
      await recordRevisions(
        manager,
        options.actor,
        importer.spec.resource,
        'csv' in source ? 'import' : 'bulk-edit',
        written.map((r) => ({ recordId: r.id, snapshot: r })),
      );
      result.applied = true;
      return result;
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
    if (options.dryRun) return error.result;
    const { counts } = error.result;
    throw new BadRequestException({
      statusCode: 400,
      message:
        'csv' in source
          ? `Nothing was imported: ${counts.errors} error(s) in the file (first on line ${error.result.errors[0]?.line}). Fix them and import again.`
          : `Nothing was changed: ${counts.errors} of the selected rows would not be valid (${error.result.errors[0]?.reason}).`,
      preview: error.result,
    });
  }
}

async function plan<Row extends { id: number | string }>(
  spec: CsvSpec<Row>,
  columns: (CsvColumn<Row> | null)[],
  table: CsvTable,
  context: CsvImportContext<Row>,
  dryRun: boolean,
): Promise<CsvImportResult> {
  const result: CsvImportResult = {
    resource: spec.resource,
    dryRun: true,
    applied: false,
    counts: { created: 0, changed: 0, unchanged: 0, errors: 0 },
    created: [],
    changed: [],
    unchanged: [],
    errors: [],
  };
  // an optional column the file leaves out is not written (CsvColumn.optional)
  const present = new Set(columns.filter((c) => c !== null).map((c) => c.name));
  const writable = spec.columns.filter((c) => !c.readOnly && (!c.optional || present.has(c.name)));
  // Each key's index over the rows there are now.
  const indexes = spec.keys.map((key) => {
    const cols = key.columns.map((name) => spec.columns.find((c) => c.name === name)!);
    const index = new Map<string, Row>();
    for (const row of context.rows) {
      const cells = cols.map((c) => formatCell(c.kind, c.get(row)));
      if (cells.every((c) => c.trim() !== '')) index.set(normalKey(cells), row);
    }
    return index;
  });
  const seenKeys = new Map<string, number>();
  const seenRows = new Map<Row, number>();
  const pushError = (e: ImportError) => result.errors.push(e);
  const writes: { line: number; run: () => Promise<unknown> }[] = [];
  const creates: { line: number; data: CsvWrite }[] = [];

  let turn = performance.now();
  for (const record of table.records) {
    // A file of 20,000 rows is validated a slice at a time: the process answers other requests meanwhile.
    if (performance.now() - turn > MS_PER_TURN) {
      await nextTurn();
      turn = performance.now();
    }
    const { line } = record;
    if (record.cells.length !== table.header.length) {
      pushError({
        line,
        column: null,
        reason: `has ${record.cells.length} cells where the header has ${table.header.length}`,
      });
      continue;
    }
    const cells = new Map<string, string>();
    let refused = false;
    columns.forEach((column, i) => {
      if (!column) return;
      const raw = record.cells[i];
      // The rules of every text (contracts' text-rules.ts), as a JSON body's are checked by every app.
      const textProblem = textRuleProblem(raw);
      if (textProblem) {
        pushError({ line, column: column.name, reason: textProblem });
        refused = true;
        return;
      }
      if (looksLikeFormula(raw)) {
        pushError({
          line,
          column: column.name,
          reason: 'starts like a spreadsheet formula (=, +, -, @): formulas are never imported',
        });
        refused = true;
      }
      cells.set(column.name, unneutralize(raw));
    });
    if (refused) continue;

    // The first key whose cells are all filled.
    let keyName: string | null = null;
    let keyValue = '';
    let existing: Row | undefined;
    for (const [k, key] of spec.keys.entries()) {
      const values = key.columns.map((name) => cells.get(name) ?? '');
      if (values.some((v) => v.trim() === '')) continue;
      keyName = key.name;
      keyValue = values.join(' / ');
      const normal = `${k}:${normalKey(values)}`;
      const first = seenKeys.get(normal);
      if (first !== undefined) {
        pushError({
          line,
          column: key.columns[0],
          reason: `the ${key.name} "${keyValue}" is also on line ${first}: each row at most once`,
        });
        keyName = 'duplicate';
        break;
      }
      seenKeys.set(normal, line);
      existing = indexes[k].get(normalKey(values));
      break;
    }
    if (keyName === 'duplicate') continue;
    if (existing) {
      const first = seenRows.get(existing);
      if (first !== undefined) {
        pushError({ line, column: null, reason: `matches the same row as line ${first}: each row at most once` });
        continue;
      }
      seenRows.set(existing, line);
    }

    const input: Record<string, unknown> = {};
    for (const column of writable) {
      const value = parseCell(column, cells.get(column.name) ?? '');
      if (value !== undefined) input[column.name] = value;
    }
    const validated = context.validate(input, existing);
    if ('errors' in validated) {
      for (const [field, reason] of Object.entries(validated.errors)) {
        const column = errorColumn(spec, field);
        pushError({ line, column, reason: column || field === '_' ? reason : `${field}: ${reason}` });
      }
      continue;
    }
    const key = keyName ? { name: keyName, value: keyValue } : null;
    const newCell = (c: CsvColumn<Row>) => {
      const v = c.written ? c.written(validated.data) : validated.data[c.name];
      return v === undefined ? undefined : formatCell(c.kind, v);
    };
    if (!existing) {
      const values: Record<string, string> = {};
      for (const c of writable) values[c.name] = newCell(c) ?? '';
      result.created.push({ line, key, values });
      if (context.createMany) creates.push({ line, data: validated.data });
      else writes.push({ line, run: () => context.create(validated.data) });
      continue;
    }
    const changes = writable.flatMap((c) => {
      const next = newCell(c);
      const old = formatCell(c.kind, c.get(existing));
      return next === undefined || next === old ? [] : [{ column: c.name, old, new: next }];
    });
    if (!changes.length) {
      result.unchanged.push({ line, id: existing.id, key: key! });
      continue;
    }
    result.changed.push({ line, id: existing.id, key: key!, changes });
    const row = existing;
    writes.push({ line, run: () => context.update(row, validated.data) });
  }

  // Written only on an apply of a file without errors; the first write the service refuses (its own 400
  // or 409) is named at its row and ends the transaction.
  if (!dryRun && !result.errors.length) {
    if (creates.length)
      writes.push({ line: creates[0].line, run: () => context.createMany!(creates.map((c) => c.data)) });
    for (const write of writes) {
      try {
        await write.run();
      } catch (error) {
        if (!(error instanceof HttpException) || error.getStatus() >= 500) throw error;
        const response = error.getResponse() as { message?: string; errors?: Record<string, string> };
        const fields = Object.entries(response.errors ?? {});
        if (fields.length)
          for (const [field, reason] of fields)
            pushError({ line: write.line, column: errorColumn(spec, field), reason });
        else pushError({ line: write.line, column: null, reason: response.message ?? error.message });
        break;
      }
    }
  }
  result.counts = {
    created: result.created.length,
    changed: result.changed.length,
    unchanged: result.unchanged.length,
    errors: result.errors.length,
  };
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Export

export interface CsvExportQuery {
  /** Rows with a cell containing this text (case-insensitive). */
  q?: string;
  /** A column to sort by, and the direction. */
  sort?: string;
  dir?: 'asc' | 'desc';
  /** Column -> value: rows whose cell is that value (case-insensitive). */
  filters: Record<string, string>;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** `?q=&sort=&dir=&<column>=<value>`: the table's search, sort and filters, by CSV column name; anything else is a 400. */
export function csvExportQuery<Row>(spec: CsvSpec<Row>, query: Record<string, unknown>): CsvExportQuery {
  const names = new Set(spec.columns.map((c) => c.name));
  const out: CsvExportQuery = { filters: {} };
  for (const [name, raw] of Object.entries(query ?? {})) {
    const value = Array.isArray(raw) ? String(raw[0]) : String(raw ?? '');
    if (name === 'q') out.q = value;
    else if (name === 'sort') {
      if (!names.has(value))
        throw new ValidationFailed({ sort: `must be one of the columns: ${[...names].join(', ')}` });
      out.sort = value;
    } else if (name === 'dir') {
      if (value !== 'asc' && value !== 'desc') throw new ValidationFailed({ dir: 'must be asc or desc' });
      out.dir = value;
    } else if (names.has(name)) out.filters[name] = value;
    else
      throw new ValidationFailed({
        [name]: `not a column of ${spec.resource}; filter by q, sort, dir or a column name`,
      });
  }
  return out;
}

/** The rows' cells, searched, filtered and sorted like the table (empty cells last). */
export function csvExportRows<Row>(spec: CsvSpec<Row>, rows: Row[], query: CsvExportQuery): string[][] {
  const at = new Map(spec.columns.map((c, i) => [c.name, i]));
  let cells = rows.map((r) => csvCells(spec, r));
  const needle = query.q?.trim().toLowerCase();
  if (needle) cells = cells.filter((row) => row.some((c) => c.toLowerCase().includes(needle)));
  for (const [name, value] of Object.entries(query.filters)) {
    const i = at.get(name)!;
    cells = cells.filter((row) => row[i].trim().toLowerCase() === value.trim().toLowerCase());
  }
  if (query.sort) {
    const i = at.get(query.sort)!;
    const order = spec.columns[i].order;
    const factor = query.dir === 'desc' ? -1 : 1;
    const compare = order
      ? (a: string, b: string) => order.indexOf(a) - order.indexOf(b)
      : (a: string, b: string) => collator.compare(a, b);
    cells = [...cells].sort((a, b) => {
      if (a[i] === '') return b[i] === '' ? 0 : 1;
      if (b[i] === '') return -1;
      return compare(a[i], b[i]) * factor;
    });
  }
  return cells;
}

/** A bulk edit's problem (`column: name cannot be bulk edited; ...`) as the field it names and its message. */
function problemField(problem: string): Record<string, string> {
  const at = problem.indexOf(': ');
  const field = at > 0 ? problem.slice(0, at) : '';
  return /^[A-Za-z]+$/.test(field) ? { [field]: problem.slice(at + 2) } : { _: problem };
}
