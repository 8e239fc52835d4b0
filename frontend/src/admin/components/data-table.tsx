import {
  Button,
  Checkbox,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SearchIcon } from '@/components/icons/icons';
import classes from './data-table.module.css';

export interface Column<Row> {
  key: string;
  header: string;
  /** The cell; defaults to the column's value as text. */
  render?: (row: Row) => ReactNode;
  /** What the column sorts and searches by; without it the column does neither. */
  value?: (row: Row) => string | number | boolean | null | undefined;
  /** Searched by the search box (default true when the column has a value). */
  searchable?: boolean;
  /** Visually hidden header (e.g. the actions column). */
  hiddenHeader?: boolean;
  /** The CSV column an export of the current view sorts by when the table is sorted by this one. */
  csvColumn?: string;
}

/** The table's search text and sort, as the admin sees them. */
export interface TableView {
  query: string;
  sort: { key: string; direction: 'asc' | 'desc' } | null;
}

export interface DataTableProps<Row> {
  /** The table's accessible name, e.g. 'Menu items'. */
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Controls beside the search box (drink and size filters). */
  filters?: ReactNode;
  searchPlaceholder?: string;
  initialSort?: { key: string; direction: 'asc' | 'desc' };
  emptyText?: string;
  pageSizes?: readonly number[];
  /** Told the search and sort whenever they change (for an export of the current view). */
  onViewChange?: (view: TableView) => void;
  /** Rows can be selected (a page, or all that match), for a bulk edit. */
  selection?: TableSelection<Row>;
}

export interface TableSelection<Row> {
  selected: ReadonlySet<string | number>;
  onChange: (next: Set<string | number>) => void;
  /** The row's name in its checkbox's label. */
  rowLabel: (row: Row) => string;
  /** Shown beside the count when rows are selected (the Bulk edit button). */
  actions?: ReactNode;
}

type Direction = 'asc' | 'desc';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a ? -1 : 1;
  return collator.compare(String(a), String(b));
}

const numberFormat = new Intl.NumberFormat('en-US');

/** An admin table that scales: search, sort by column, pagination on the client, and the row count. */
export function DataTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  filters,
  searchPlaceholder = 'Search',
  initialSort,
  emptyText = 'Nothing here yet.',
  pageSizes = [10, 25, 50, 100],
  onViewChange,
  selection,
}: DataTableProps<Row>) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sort, setSort] = useState<{ key: string; direction: Direction } | null>(initialSort ?? null);
  const [pageSize, setPageSize] = useState(pageSizes[1] ?? pageSizes[0]);
  const [page, setPage] = useState(1);

  useEffect(() => {
    onViewChange?.({ query: deferredQuery, sort });
  }, [deferredQuery, sort, onViewChange]);

  const searched = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    if (!needle) return rows;
    const searchable = columns.filter((c) => c.value && c.searchable !== false);
    return rows.filter((row) =>
      searchable.some((c) =>
        String(c.value!(row) ?? '')
          .toLowerCase()
          .includes(needle),
      ),
    );
  }, [rows, columns, deferredQuery]);

  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!column?.value) return searched;
    const factor = sort!.direction === 'asc' ? 1 : -1;
    return [...searched].sort((a, b) => {
      const va = column.value!(a);
      const vb = column.value!(b);
      // empty values last in both directions
      if (isEmpty(va)) return isEmpty(vb) ? 0 : 1;
      if (isEmpty(vb)) return -1;
      return compare(va, vb) * factor;
    });
  }, [searched, sort, columns]);

  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages);
  const visible = sorted.slice((current - 1) * pageSize, current * pageSize);
  const first = sorted.length ? (current - 1) * pageSize + 1 : 0;
  const last = (current - 1) * pageSize + visible.length;

  const toggleSort = (key: string) => {
    setSort((s) =>
      s?.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' },
    );
    setPage(1);
  };

  const count =
    sorted.length === rows.length
      ? `Showing ${numberFormat.format(first)}–${numberFormat.format(last)} of ${numberFormat.format(rows.length)} rows`
      : `Showing ${numberFormat.format(first)}–${numberFormat.format(last)} of ${numberFormat.format(sorted.length)} matching rows (${numberFormat.format(rows.length)} in all)`;

  const selected = selection?.selected;
  const pageKeys = visible.map(rowKey);
  const pageAll = selected !== undefined && pageKeys.length > 0 && pageKeys.every((k) => selected.has(k));
  const pageSome = selected !== undefined && pageKeys.some((k) => selected.has(k));
  const togglePage = () => {
    const next = new Set(selected);
    for (const k of pageKeys) {
      if (pageAll) next.delete(k);
      else next.add(k);
    }
    selection!.onChange(next);
  };
  const toggleRow = (k: string | number) => {
    const next = new Set(selected);
    if (next.has(k)) next.delete(k);
    else next.add(k);
    selection!.onChange(next);
  };

  return (
    <Stack gap="sm">
      {selection && selection.selected.size > 0 && (
        <Group gap="sm" aria-label="Selection" role="group">
          <Text size="sm" fw={600}>
            {numberFormat.format(selection.selected.size)} selected
          </Text>
          {sorted.length > selection.selected.size && (
            <Button variant="subtle" size="xs" onClick={() => selection.onChange(new Set(sorted.map(rowKey)))}>
              Select all {numberFormat.format(sorted.length)} matching
            </Button>
          )}
          <Button variant="subtle" size="xs" onClick={() => selection.onChange(new Set())}>
            Clear selection
          </Button>
          {selection.actions}
        </Group>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={`Search ${label.toLowerCase()}`}
          placeholder={searchPlaceholder}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setPage(1);
          }}
          leftSection={<SearchIcon size={16} />}
          className={classes.search}
        />
        {filters}
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all rows on this page"
                    checked={pageAll}
                    indeterminate={pageSome && !pageAll}
                    onChange={togglePage}
                  />
                </Table.Th>
              )}
              {columns.map((c) => {
                const active = sort?.key === c.key;
                const ariaSort = active
                  ? sort!.direction === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : c.value
                    ? 'none'
                    : undefined;
                return (
                  <Table.Th key={c.key} aria-sort={ariaSort}>
                    {c.hiddenHeader ? (
                      <VisuallyHidden>{c.header}</VisuallyHidden>
                    ) : c.value ? (
                      <UnstyledButton
                        className={classes.sort}
                        onClick={() => toggleSort(c.key)}
                        data-active={active || undefined}
                      >
                        {c.header}
                        <span aria-hidden="true" className={classes.arrow}>
                          {active ? (sort!.direction === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </UnstyledButton>
                    ) : (
                      c.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${selection.rowLabel(row)}`}
                      checked={selection.selected.has(rowKey(row))}
                      onChange={() => toggleRow(rowKey(row))}
                    />
                  </Table.Td>
                )}
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render ? c.render(row) : String(c.value?.(row) ?? '')}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {visible.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {rows.length === 0 ? emptyText : 'No rows match the search and filters.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {count}
        </Text>
        <Group gap="sm">
          <Select
            aria-label="Rows per page"
            data={pageSizes.map((n) => ({ value: String(n), label: `${n} per page` }))}
            value={String(pageSize)}
            onChange={(v) => {
              if (v) {
                setPageSize(Number(v));
                setPage(1);
              }
            }}
            allowDeselect={false}
            w={130}
            size="xs"
          />
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            hideWithOnePage
            getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === current ? 'page' : undefined })}
            getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
          />
        </Group>
      </Group>
    </Stack>
  );
}
