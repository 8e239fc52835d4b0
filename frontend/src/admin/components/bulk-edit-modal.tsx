import {
  BULK_HOURS,
  blogCsv,
  bulkColumns,
  locationsCsv,
  menuItemsCsv,
  nutritionCsv,
  pageContentCsv,
  pricesCsv,
  seoCsv,
  type AdminCsvResource,
  type BulkEdit,
  type BulkOp,
} from '@coffee-guide/contracts';
import { WEEKDAY_NAMES } from '@coffee-guide/domain';
import { Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useBulkApply, useBulkPreview } from '../api/csv';
import type { Resource } from '../api/resources';
import { ImportPreview } from './csv-tools';
import { showError, showSuccess } from './toasts';

const SPECS = {
  'menu-items': menuItemsCsv,
  prices: pricesCsv,
  nutrition: nutritionCsv,
  locations: locationsCsv,
  blog: blogCsv,
  seo: seoCsv,
  'page-content': pageContentCsv,
} as const;

const TEMPLATE_DAY = '5:00 AM - 10:00 PM';

export interface BulkEditModalProps<Row> {
  csv: AdminCsvResource;
  resource: Resource<Row>;
  ids: number[];
  onClose: () => void;
  /** After an apply: the selection is cleared. */
  onApplied: () => void;
}

/** One field of the selected rows: set it, or add an amount or a percentage (rounded to the cent); previewed, then applied at once. */
export function BulkEditModal<Row>({ csv, resource, ids, onClose, onApplied }: BulkEditModalProps<Row>) {
  const columns = bulkColumns(SPECS[csv]);
  const [column, setColumn] = useState<string | null>(null);
  const [op, setOp] = useState<BulkOp>('set');
  const [value, setValue] = useState('');
  const [hours, setHours] = useState<Record<string, string>>(() =>
    Object.fromEntries(WEEKDAY_NAMES.map((d) => [d, TEMPLATE_DAY])),
  );
  const preview = useBulkPreview(csv);
  const apply = useBulkApply(csv, resource);
  const numeric = columns.find((c) => c.name === column)?.numeric ?? false;
  const edit: BulkEdit | null = column
    ? { ids, column, op: numeric ? op : 'set', value: column === BULK_HOURS ? hours : value }
    : null;
  const result = preview.data;
  const changed = () => preview.reset();

  const onApply = async () => {
    if (!edit) return;
    try {
      const done = await apply.mutateAsync(edit);
      showSuccess('Bulk edit applied', `${done.counts.changed} changed, ${done.counts.unchanged} already so.`);
      onApplied();
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Bulk edit ${ids.length} rows`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Select
          label="Field"
          placeholder="Pick the field to change"
          data={columns.map((c) => ({
            value: c.name,
            label: c.name === BULK_HOURS ? 'hours (weekly template)' : c.name,
          }))}
          value={column}
          onChange={(v) => {
            setColumn(v);
            changed();
          }}
          searchable
        />
        {numeric && (
          <SegmentedControl
            aria-label="Change"
            value={op}
            onChange={(v) => {
              setOp(v as BulkOp);
              changed();
            }}
            data={[
              { value: 'set', label: 'Set to' },
              { value: 'add', label: 'Add an amount' },
              { value: 'percent', label: 'Change by %' },
            ]}
          />
        )}
        {column === BULK_HOURS ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {WEEKDAY_NAMES.map((day) => (
              <TextInput
                key={day}
                label={day}
                value={hours[day]}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setHours((h) => ({ ...h, [day]: text }));
                  changed();
                }}
              />
            ))}
          </SimpleGrid>
        ) : (
          column && (
            <TextInput
              label={
                numeric && op === 'add'
                  ? 'Amount (negative to lower)'
                  : numeric && op === 'percent'
                    ? 'Percent (negative to lower)'
                    : 'New value'
              }
              value={value}
              onChange={(e) => {
                setValue(e.currentTarget.value);
                changed();
              }}
            />
          )
        )}
        {preview.isError && (
          <Text size="sm" c="red" role="alert">
            {preview.error instanceof Error ? preview.error.message : 'The edit cannot be previewed'}
          </Text>
        )}
        {result && <ImportPreview result={result} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={apply.isPending}>
            Cancel
          </Button>
          <Button
            variant="default"
            onClick={() => edit && preview.mutate(edit)}
            loading={preview.isPending}
            disabled={!edit}
          >
            Preview
          </Button>
          <Button
            onClick={() => void onApply()}
            loading={apply.isPending}
            disabled={!result || result.counts.errors > 0 || result.counts.changed + result.counts.created === 0}
          >
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
