import { NUTRITION_FIELDS } from '@coffee-guide/recipe';
import { z } from 'zod';
import type { AdminMenuItem, AdminNutritionRow, AdminPriceRow } from './admin';
import type { BlogPost, PageContentSection, SeoRecord } from './content';
import { WEEKDAY_NAMES, hoursToText, type WeeklyHoursMinutes } from '@coffee-guide/domain';
import type { AdminLocation } from './locations';

/*
 * The CSV form of each admin resource (docs/csv.md): its columns in order, which are read-only, how a value
 * becomes a cell and a cell a field of the write payload (then validated by the resource's own write schema,
 * the one the forms and the API use), and the natural keys an imported row is matched by.
 */

export const ADMIN_CSV_RESOURCES = [
  'menu-items',
  'prices',
  'nutrition',
  'locations',
  'blog',
  'seo',
  'page-content',
] as const;
export type AdminCsvResource = (typeof ADMIN_CSV_RESOURCES)[number];
export const isAdminCsvResource = (s: string): s is AdminCsvResource =>
  (ADMIN_CSV_RESOURCES as readonly string[]).includes(s);

/** A read-only column's header carries this suffix: `id (read-only)`. Such columns are ignored on import. */
export const READ_ONLY_SUFFIX = ' (read-only)';
/** The largest CSV an import accepts, at the BFF and at the service (the rest of the API keeps 1 MiB). */
export const CSV_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_IMPORT_MAX_ROWS = 20_000;

/**
 * How a cell reads and writes: `text` as is; `number` a number when it reads as one; `boolean` true/false
 * (yes/no, 1/0 accepted); `list` comma-separated entries; `json` JSON text.
 */
export type CsvCellKind = 'text' | 'number' | 'boolean' | 'list' | 'json';

export interface CsvColumn<Row> {
  name: string;
  kind: CsvCellKind;
  readOnly?: boolean;
  /** The column's value in the admin list's row. */
  get: (row: Row) => unknown;
  /** An empty cell: '' sent as is (the default), null, or the field left out (kept on update). */
  empty?: 'text' | 'null' | 'omit';
  /** The column's value in the validated write (default: the write's field of the same name). */
  written?: (write: Record<string, unknown>) => unknown;
  /**
   * A column a file may leave out (one exported before the column existed): its field is then not written,
   * and the API's default holds (a record's `status`: published).
   */
  optional?: boolean;
  /** Values in their sort order (sizes: small, medium, large), for an export sorted by this column. */
  order?: readonly string[];
}

export interface CsvKey {
  /** Shown in the preview: 'slug', 'drink and size', 'store number', 'address'. */
  name: string;
  columns: string[];
}

export interface CsvSpec<Row> {
  resource: AdminCsvResource;
  columns: CsvColumn<Row>[];
  /** Tried in order: the first whose cells are all filled is the row's key; a row with none is new. */
  keys: CsvKey[];
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/** True for a cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first; a plain number is not). */
export const looksLikeFormula = (cell: string): boolean => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell);

/** A cell split at its line breaks (CRLF, LF or CR), the breaks kept at the odd indexes. */
const LINE_BREAK = /(\r\n|\n|\r)/;
const eachLine = (cell: string, fix: (line: string) => string): string =>
  /[\r\n]/.test(cell)
    ? cell
        .split(LINE_BREAK)
        .map((part, i) => (i % 2 ? part : fix(part)))
        .join('')
    : fix(cell);

const neutralizeLine = (line: string): string => (looksLikeFormula(line) ? `'${line}` : line);
const unneutralizeLine = (line: string): string =>
  line.startsWith("'") && looksLikeFormula(line.slice(1)) ? line.slice(1) : line;

/**
 * Export: a formula-like cell is prefixed with an apostrophe so a spreadsheet shows it as text; so is every
 * formula-like line inside a multi-line cell, should any reader take a line of the cell for a row of its own.
 */
export const neutralizeFormula = (cell: string): string => neutralizeLine(eachLine(cell, neutralizeLine));

/** Import: the apostrophe the export put in front of a formula-like cell, or line of a cell, is taken off again. */
export const unneutralize = (cell: string): string => eachLine(unneutralizeLine(cell), unneutralizeLine);

/** A value as its cell text (before formula neutralisation). */
export function formatCell(kind: CsvCellKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (kind === 'list' && Array.isArray(value)) return value.join(', ');
  if (kind === 'json') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

/** A cell as the write payload's field; `undefined` leaves the field out. Unreadable cells go on as text, for the schema to name. */
export function parseCell(column: Pick<CsvColumn<unknown>, 'kind' | 'empty'>, cell: string): unknown {
  const text = cell.trim();
  if (text === '') {
    if (column.empty === 'null' || column.kind === 'json') return null;
    if (column.empty === 'omit' || column.kind === 'number' || column.kind === 'boolean') return undefined;
    if (column.kind === 'list') return [];
    return cell;
  }
  switch (column.kind) {
    case 'number':
      return PLAIN_NUMBER.test(text) ? Number(text) : text;
    case 'boolean':
      return TRUE.has(text.toLowerCase()) ? true : FALSE.has(text.toLowerCase()) ? false : text;
    case 'list':
      return text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return cell;
  }
}

export const csvHeaderName = (column: Pick<CsvColumn<unknown>, 'name' | 'readOnly'>) =>
  column.readOnly ? `${column.name}${READ_ONLY_SUFFIX}` : column.name;

export const csvHeader = <Row>(spec: CsvSpec<Row>): string[] => spec.columns.map(csvHeaderName);

/** A row's cells in the column order, formula-like cells neutralised. */
export const csvCells = <Row>(spec: CsvSpec<Row>, row: Row): string[] =>
  spec.columns.map((c) => neutralizeFormula(formatCell(c.kind, c.get(row))));

// ---------------------------------------------------------------------------------------------------------
// The resources

const ro = <Row>(name: string, get: (row: Row) => unknown, kind: CsvCellKind = 'text'): CsvColumn<Row> => ({
  name,
  kind,
  readOnly: true,
  get,
});
const field = <Row>(name: string, kind: CsvCellKind = 'text', extra: Partial<CsvColumn<Row>> = {}): CsvColumn<Row> => ({
  name,
  kind,
  get: (row) => (row as Record<string, unknown>)[name],
  ...extra,
});

export const menuItemsCsv: CsvSpec<AdminMenuItem> = {
  resource: 'menu-items',
  columns: [
    ro('id', (r) => r.id),
    field('slug', 'text', { empty: 'omit' }),
    field('name'),
    field('description'),
    field('category'),
    field('subcategory', 'text', { empty: 'null' }),
    field('imageUrl', 'text', { empty: 'null' }),
    field('isPopular', 'boolean'),
    field('isFeatured', 'boolean'),
    field('isSecretMenu', 'boolean'),
    field('isSeasonal', 'boolean'),
    field('ingredients', 'list'),
    field('allergens', 'list'),
    field('dietaryOptions', 'list'),
    field('flavors', 'list'),
    field('variants', 'list'),
    field('mainVariant', 'text', { empty: 'null' }),
    field('status', 'text', { empty: 'omit', optional: true }),
    ro('sortOrder', (r) => r.sortOrder),
    ro('createdAt', (r) => r.createdAt),
    ro('updatedAt', (r) => r.updatedAt),
  ],
  keys: [{ name: 'slug', columns: ['slug'] }],
};

const DRINK_SIZE_KEY: CsvKey[] = [{ name: 'drink and size', columns: ['menuItemSlug', 'size'] }];

/** The drink is named by its slug; the service turns it into `menuItemId` before validating. */
const drinkColumns = <Row extends AdminPriceRow | AdminNutritionRow>(): CsvColumn<Row>[] => [
  ro('id', (r) => r.id),
  { name: 'menuItemSlug', kind: 'text', get: (r) => r.menuItem.slug, written: (w) => w.menuItemSlug },
  ro('menuItemName', (r) => r.menuItemName),
  ro('category', (r) => r.menuItem.categorySlug),
  field('size', 'text', { order: ['small', 'medium', 'large'] }),
];

export const pricesCsv: CsvSpec<AdminPriceRow> = {
  resource: 'prices',
  columns: [...drinkColumns<AdminPriceRow>(), field('price')],
  keys: DRINK_SIZE_KEY,
};

export const nutritionCsv: CsvSpec<AdminNutritionRow> = {
  resource: 'nutrition',
  columns: [
    ...drinkColumns<AdminNutritionRow>(),
    ...NUTRITION_FIELDS.map((f) => field<AdminNutritionRow>(f, 'number')),
  ],
  keys: DRINK_SIZE_KEY,
};

/** The weekly hours as seven columns (`Monday` ... `Sunday`) in the spec's text form ("5:00 AM - 10:00 PM", "Closed"). */
const hourColumns: CsvColumn<AdminLocation>[] = WEEKDAY_NAMES.map((day) => ({
  name: day,
  kind: 'text' as const,
  empty: 'omit' as const,
  get: (r: AdminLocation) => r.hours[day],
  written: (w: Record<string, unknown>) => (w.hours ? hoursToText(w.hours as WeeklyHoursMinutes)[day] : undefined),
}));

export const locationsCsv: CsvSpec<AdminLocation> = {
  resource: 'locations',
  columns: [
    ro('id', (r) => r.id),
    ro('code', (r) => r.code),
    field('storeNumber', 'text', { empty: 'null' }),
    field('name'),
    field('address'),
    field('city'),
    field('state'),
    field('zipCode'),
    field('phone', 'text', { empty: 'null' }),
    field('latitude', 'number'),
    field('longitude', 'number'),
    field('timeZone', 'text', { empty: 'omit' }),
    field('isOpen', 'boolean'),
    field('amenities', 'list'),
    ...hourColumns,
    ro('slug', (r) => r.slug),
    ro('citySlug', (r) => r.citySlug),
  ],
  keys: [
    { name: 'store number', columns: ['storeNumber'] },
    { name: 'address', columns: ['address', 'city', 'state'] },
  ],
};

export const blogCsv: CsvSpec<BlogPost> = {
  resource: 'blog',
  columns: [
    ro('id', (r) => r.id),
    field('slug'),
    field('title'),
    field('excerpt'),
    field('content'),
    field('category'),
    field('tags', 'list'),
    field('imageUrl', 'text', { empty: 'null' }),
    field('publishedAt'),
    field('status', 'text', { empty: 'null', optional: true }),
  ],
  keys: [{ name: 'slug', columns: ['slug'] }],
};

export const seoCsv: CsvSpec<SeoRecord> = {
  resource: 'seo',
  columns: [
    ro('id', (r) => r.id),
    field('pageSlug'),
    field('title'),
    field('description'),
    field('keywords'),
    field('canonicalUrl', 'text', { empty: 'null' }),
    field('ogTitle', 'text', { empty: 'null' }),
    field('ogDescription', 'text', { empty: 'null' }),
    field('ogImage', 'text', { empty: 'null' }),
    field('robotsDirective', 'text', { empty: 'null' }),
    field('schemaMarkup', 'json'),
    field('isActive', 'boolean'),
    field('status', 'text', { empty: 'null', optional: true }),
  ],
  keys: [{ name: 'page', columns: ['pageSlug'] }],
};

export const pageContentCsv: CsvSpec<PageContentSection> = {
  resource: 'page-content',
  columns: [
    ro('id', (r) => r.id),
    field('pageSlug'),
    field('sectionKey'),
    field('content'),
    field('contentType', 'text', { empty: 'null' }),
    field('isActive', 'boolean'),
    field('status', 'text', { empty: 'null', optional: true }),
  ],
  keys: [{ name: 'page and section', columns: ['pageSlug', 'sectionKey'] }],
};

/** `{resource}-{YYYY-MM-DD}.csv`, the date in UTC. */
export const csvFileName = (resource: AdminCsvResource, at: Date): string =>
  `${resource}-${at.toISOString().slice(0, 10)}.csv`;

// ---------------------------------------------------------------------------------------------------------
// The import's answer: POST /api/admin/{resource}/import[?dryRun=true]

const csvKeyValueSchema = z.object({ name: z.string(), value: z.string() });

export const csvImportResultSchema = z.object({
  resource: z.enum(ADMIN_CSV_RESOURCES),
  dryRun: z.boolean(),
  /** True when the rows were written (never on a dry run, never when there is an error). */
  applied: z.boolean(),
  counts: z.object({
    created: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  }),
  /** New rows: their line in the file, the key they would be found by next time, their cells. */
  created: z.array(
    z.object({ line: z.number().int(), key: csvKeyValueSchema.nullable(), values: z.record(z.string(), z.string()) }),
  ),
  /** Rows found by their key with at least one field changed: each change with its old and new cell. */
  changed: z.array(
    z.object({
      line: z.number().int(),
      id: z.union([z.number(), z.string()]),
      key: csvKeyValueSchema,
      changes: z.array(z.object({ column: z.string(), old: z.string(), new: z.string() })),
    }),
  ),
  unchanged: z.array(
    z.object({ line: z.number().int(), id: z.union([z.number(), z.string()]), key: csvKeyValueSchema }),
  ),
  /** Every problem: its line in the file (1 is the header) and column when it has one. */
  errors: z.array(z.object({ line: z.number().int(), column: z.string().nullable(), reason: z.string() })),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Bulk edits: POST /api/admin/{resource}/bulk[?dryRun=true], one field of the selected rows, answered like an import

export const BULK_OPS = ['set', 'add', 'percent'] as const;
export type BulkOp = (typeof BULK_OPS)[number];
/** The stands' weekly hours as one bulk field: the seven weekday columns at once. */
export const BULK_HOURS = 'hours';

export const bulkEditSchema = z.strictObject({
  ids: z
    .array(z.number({ error: 'must be row ids' }).int('must be row ids').positive('must be row ids'), {
      error: 'must be a list of row ids',
    })
    .min(1, 'select at least one row')
    .max(CSV_IMPORT_MAX_ROWS, `at most ${CSV_IMPORT_MAX_ROWS} rows at once`),
  column: z.string({ error: 'is required' }).min(1, 'is required').max(100),
  op: z.enum(BULK_OPS, { error: 'must be set, add or percent' }).default('set'),
  /** The new value (set), the amount to add (add, may be negative) or the percentage (percent, may be negative). */
  value: z.union([z.string().max(100_000), z.record(z.string(), z.string().max(100))], { error: 'must be text' }),
});
export type BulkEdit = z.infer<typeof bulkEditSchema>;

/** The columns a bulk edit may change: every writable one (and the weekly hours of stands). */
export function bulkColumns(spec: {
  columns: readonly Pick<CsvColumn<never>, 'name' | 'kind' | 'readOnly'>[];
}): { name: string; numeric: boolean }[] {
  const out = spec.columns.filter((c) => !c.readOnly && !(WEEKDAY_NAMES as readonly string[]).includes(c.name));
  const columns = out.map((c) => ({ name: c.name, numeric: c.kind === 'number' || c.name === 'price' }));
  return spec.columns.some((c) => c.name === 'Monday') ? [...columns, { name: BULK_HOURS, numeric: false }] : columns;
}

/** Cents as a decimal of two places at most: 467.5 -> 4.68. */
const cents = (n: number) => Math.round(n + 1e-9) / 100;

/**
 * The selected rows as a CSV table with the one field changed, for the import's plan: a bulk edit is
 * validated, previewed and applied exactly like an import of those rows. A problem with the edit itself
 * (an unknown column or id, a non-numeric amount) is answered as a message.
 */
export function bulkEditTable<Row extends { id: number | string }>(
  spec: CsvSpec<Row>,
  rows: Row[],
  edit: BulkEdit,
): { header: string[]; records: { line: number; cells: string[] }[] } | { problem: string } {
  const allowed = bulkColumns(spec).find((c) => c.name === edit.column);
  if (!allowed)
    return {
      problem: `column: ${edit.column} cannot be bulk edited; one of: ${bulkColumns(spec)
        .map((c) => c.name)
        .join(', ')}`,
    };
  if (edit.op !== 'set' && !allowed.numeric)
    return { problem: `op: ${edit.column} is not a number: it can only be set` };
  const amount = typeof edit.value === 'string' ? Number(edit.value.trim()) : Number.NaN;
  if (edit.op !== 'set' && (typeof edit.value !== 'string' || edit.value.trim() === '' || !Number.isFinite(amount))) {
    return { problem: `value: must be a number for ${edit.op === 'add' ? 'an amount' : 'a percentage'}` };
  }
  if (edit.column === BULK_HOURS) {
    if (typeof edit.value === 'string')
      return { problem: 'value: the hours are one text per weekday, such as { "Monday": "5:00 AM - 10:00 PM" }' };
    const unknown = Object.keys(edit.value).filter((d) => !(WEEKDAY_NAMES as readonly string[]).includes(d));
    if (unknown.length) return { problem: `value: unknown weekday(s): ${unknown.join(', ')}` };
  } else if (typeof edit.value !== 'string') return { problem: 'value: must be text' };
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const missing = edit.ids.filter((id) => !byId.has(id));
  if (missing.length) return { problem: `ids: no ${spec.resource} row with id ${missing.slice(0, 10).join(', ')}` };
  const at = new Map(spec.columns.map((c, i) => [c.name, i]));
  const records = [...new Set(edit.ids)].map((id, i) => {
    const cells = csvCells(spec, byId.get(id)!);
    if (edit.column === BULK_HOURS) {
      for (const [day, text] of Object.entries(edit.value as Record<string, string>)) cells[at.get(day)!] = text;
    } else {
      const index = at.get(edit.column)!;
      const old = Number(unneutralize(cells[index]));
      let next = edit.value as string;
      if (edit.op !== 'set' && Number.isFinite(old)) {
        // In whole cents, half a cent rounded up (4.25 + 10% = 4.675 -> 4.68), so binary fractions cannot tip it.
        const oldCents = Math.round(old * 100);
        const value = cents(
          edit.op === 'add' ? oldCents + Math.round(amount * 100) : (oldCents * (100 + amount)) / 100,
        );
        next = edit.column === 'price' ? value.toFixed(2) : String(value);
      }
      // Not neutralised: a formula typed into a bulk edit is refused like one in a file.
      cells[index] = next;
    }
    return { line: i + 2, cells };
  });
  return { header: csvHeader(spec), records };
}
