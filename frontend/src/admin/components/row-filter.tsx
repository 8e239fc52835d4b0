import { Select, type SelectProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/** Controls beside a table's search box, and the rows they keep. */
export interface RowFilter<Row> {
  controls: ReactNode;
  keep: (rows: readonly Row[]) => readonly Row[];
  /** The same filter for a CSV export: CSV column -> value. */
  csvFilters?: Record<string, string>;
}

/** A clearable select over the table: keeps the rows whose field is the option picked (all when none is). */
export function useSelectFilter<Row>(
  fieldOf: (row: Row) => string,
  select: Omit<SelectProps, 'value' | 'onChange'>,
  /** The CSV column holding the same field. */
  csvColumn?: string,
): RowFilter<Row> {
  const [picked, setPicked] = useState<string | null>(null);
  return {
    csvFilters: csvColumn && picked ? { [csvColumn]: picked } : undefined,
    controls: <Select {...select} value={picked} onChange={setPicked} clearable w={220} />,
    keep: (rows) => (picked ? rows.filter((r) => fieldOf(r) === picked) : rows),
  };
}
