import type { AdminCsvResource, CsvImportResult } from '@coffee-guide/contracts';
import { Alert, Badge, Button, FileInput, Group, Loader, Menu, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { downloadCsv, useCsvApply, useCsvPreview, type CsvView } from '../api/csv';
import type { Resource } from '../api/resources';
import { showError, showSuccess } from './toasts';
import { useRole } from '../session/use-role';

const numberFormat = new Intl.NumberFormat('en-US');
/** The preview lists at most this many rows of each kind (the counts are always whole). */
const SHOWN = 200;

export interface CsvToolsProps<Row> {
  csv: AdminCsvResource;
  resource: Resource<Row>;
  /** e.g. 'Prices': in the dialog's title. */
  title: string;
  /** The table's current search, filters and sort, for "Export current view". */
  view: CsvView;
}

/** A manager's Export (current view or all rows) and Import (upload, preview, apply) of its rows as CSV (docs/csv.md). */
export function CsvTools<Row>({ csv, resource, title, view }: CsvToolsProps<Row>) {
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { canWrite } = useRole();

  const exportCsv = async (which: 'view' | 'all') => {
    setExporting(true);
    try {
      const name = await downloadCsv(csv, which === 'view' ? view : undefined);
      showSuccess('Export ready', `${name} was downloaded.`);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" loading={exporting}>
            Export CSV
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void exportCsv('view')}>Current view (search, filters and sort)</Menu.Item>
          <Menu.Item onClick={() => void exportCsv('all')}>All rows</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* an import writes: not a viewer's (docs/security.md, "Roles") */}
      {canWrite && (
        <Button variant="default" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
      )}
      {importing && <ImportCsvModal csv={csv} resource={resource} title={title} onClose={() => setImporting(false)} />}
    </>
  );
}

function ImportCsvModal<Row>({
  csv,
  resource,
  title,
  onClose,
}: Omit<CsvToolsProps<Row>, 'view'> & { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const preview = useCsvPreview(csv);
  const apply = useCsvApply(csv, resource);
  const result = preview.data;
  const writes = result ? result.counts.created + result.counts.changed : 0;

  const pick = (picked: File | null) => {
    setFile(picked);
    preview.reset();
    if (picked) preview.mutate(picked);
  };

  const onApply = async () => {
    if (!file) return;
    try {
      const done = await apply.mutateAsync(file);
      showSuccess(
        'Import applied',
        `${numberFormat.format(done.counts.created)} created, ${numberFormat.format(done.counts.changed)} changed.`,
      );
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Import ${title} from CSV`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Rows are matched by their key; read-only columns are ignored. Nothing is written until you apply, and then all
          of it or nothing.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={pick}
          clearable
        />
        {preview.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Checking the file…</Text>
          </Group>
        )}
        {preview.isError && (
          <Alert color="red" title="The file cannot be imported">
            {preview.error instanceof Error ? preview.error.message : 'The file cannot be read'}
          </Alert>
        )}
        {result && <ImportPreview result={result} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={apply.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void onApply()}
            loading={apply.isPending}
            disabled={!result || result.counts.errors > 0 || writes === 0}
          >
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The dry run's answer: the counts, then every error, every change (old and new value) and the new rows. */
export function ImportPreview({ result }: { result: CsvImportResult }) {
  const { counts } = result;
  return (
    <Stack gap="sm">
      <Group gap="xs" role="status" aria-label="Import preview">
        <Badge color="teal" variant="outline" tt="none">{`${numberFormat.format(counts.created)} new`}</Badge>
        <Badge color="blue" variant="outline" tt="none">{`${numberFormat.format(counts.changed)} changed`}</Badge>
        <Badge color="gray" variant="outline" tt="none">{`${numberFormat.format(counts.unchanged)} unchanged`}</Badge>
        <Badge color="red" variant="outline" tt="none">{`${numberFormat.format(counts.errors)} errors`}</Badge>
      </Group>
      {counts.errors > 0 && (
        <Table aria-label="Import errors" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.errors.slice(0, SHOWN).map((e, i) => (
              <Table.Tr key={`${e.line}-${e.column}-${i}`}>
                <Table.Td>{e.line}</Table.Td>
                <Table.Td>{e.column ?? '—'}</Table.Td>
                <Table.Td>{e.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {counts.changed > 0 && (
        <Table aria-label="Changes" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Row (matched by)</Table.Th>
              <Table.Th>Field</Table.Th>
              <Table.Th>Old</Table.Th>
              <Table.Th>New</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.changed.slice(0, SHOWN).flatMap((row) =>
              row.changes.map((change) => (
                <Table.Tr key={`${row.line}-${change.column}`}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{`${row.key.value} (${row.key.name})`}</Table.Td>
                  <Table.Td>{change.column}</Table.Td>
                  <Table.Td>{change.old}</Table.Td>
                  <Table.Td>{change.new}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      )}
      {counts.created > 0 && (
        <Table aria-label="New rows" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Row</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.created.slice(0, SHOWN).map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  {row.key ? `${row.key.value} (${row.key.name})` : Object.values(row.values).slice(0, 3).join(' · ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(counts.changed > SHOWN || counts.created > SHOWN || counts.errors > SHOWN) && (
        <Text size="xs" c="dimmed">
          The first {SHOWN} of each are listed.
        </Text>
      )}
    </Stack>
  );
}
