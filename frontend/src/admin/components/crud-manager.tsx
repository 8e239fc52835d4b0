import { ActionIcon, Button, Group, Skeleton, Stack, Title, Tooltip } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { QueryError } from '../../components/query-error/query-error';
import { useList, useRemove, type Resource } from '../api/resources';
import { PencilIcon, TrashIcon } from './admin-icons';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { DataTable, type Column, type DataTableProps } from './data-table';
import { showError, showSuccess } from './toasts';

/** What the form dialog is open for: null closed, `{ row: null }` create, `{ row }` edit. */
export type FormTarget<Row> = { row: Row | null } | null;

export interface CrudManagerProps<Row> {
  /** Heading of the manager, e.g. 'Menu Items'. */
  title: string;
  /** e.g. 'menu item': used in the buttons, the confirmation and the toasts. */
  noun: string;
  resource: Resource<Row>;
  rowId: (row: Row) => number | string;
  /** The row's name in the delete confirmation and the action labels. */
  itemName: (row: Row) => string;
  columns: readonly Column<Row>[];
  /** Narrows the rows before the table searches them (drink and size filters). */
  filterRows?: (rows: readonly Row[]) => readonly Row[];
  table?: Pick<DataTableProps<Row>, 'filters' | 'searchPlaceholder' | 'initialSort' | 'emptyText'>;
  /** The create/edit dialog. */
  renderForm: (row: Row | null, close: () => void) => ReactNode;
  /** More controls beside the Add button. */
  headerExtra?: ReactNode;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * SPEC section 2: a table with an Add button that opens a dialog form; each row an edit button (the same
 * form, prefilled) and a delete button, which asks first (DESIGN.md decision 9).
 */
export function CrudManager<Row>({
  title,
  noun,
  resource,
  rowId,
  itemName,
  columns,
  filterRows,
  table,
  renderForm,
  headerExtra,
}: CrudManagerProps<Row>) {
  const list = useList(resource);
  const remove = useRemove(resource);
  const [target, setTarget] = useState<FormTarget<Row>>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const name = itemName(deleting);
    try {
      await remove.mutateAsync(rowId(deleting));
      showSuccess(`${capitalize(noun)} deleted`, `“${name}” was deleted.`);
      setDeleting(null);
    } catch (error) {
      showError(error);
    }
  };

  const withActions: Column<Row>[] = [
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (row) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={`Edit ${itemName(row)}`} openDelay={700}>
            <ActionIcon variant="subtle" aria-label={`Edit ${itemName(row)}`} onClick={() => setTarget({ row })}>
              <PencilIcon />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={`Delete ${itemName(row)}`} openDelay={700}>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${itemName(row)}`} onClick={() => setDeleting(row)}>
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Group gap="sm">
          {headerExtra}
          <Button onClick={() => setTarget({ row: null })}>Add {titleCase(noun)}</Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : list.isError ? (
        <QueryError title={`We couldn't load the ${title.toLowerCase()}.`} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : (
        <DataTable label={title} rows={filterRows ? filterRows(list.data) : list.data} columns={withActions} rowKey={rowId} {...table} />
      )}
      {target && renderForm(target.row, () => setTarget(null))}
      <ConfirmDeleteModal
        noun={noun}
        name={deleting ? itemName(deleting) : null}
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
