import type { AdminCsvResource } from '@coffee-guide/contracts';
import { Button, Group, Modal } from '@mantine/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useList, type Resource } from '../api/resources';
import { DeletedRecordsModal } from '../history/deleted-records';
import { HistoryContext, HistoryPanel } from '../history/history-panel';
import { useRole } from '../session/use-role';
import { BulkEditModal } from './bulk-edit-modal';
import { CsvTools } from './csv-tools';
import { ConfirmDeleteModal, useConfirmDelete } from './confirm-delete-modal';
import { DataTable, type Column, type DataTableProps, type TableView } from './data-table';
import { ListState, ManagerSection } from './manager-section';
import { actionsColumn, DeleteRowButton, EditRowButton, HistoryRowButton, RowActions } from './row-actions';
import type { RowFilter } from './row-filter';

/** What the form dialog is open for: null closed, `{ row: null }` create, `{ row }` edit. */
export type FormTarget<Row> = { row: Row | null } | null;

export interface CrudManagerProps<Row extends { id: number }> {
  /** Heading of the manager, e.g. 'Menu Items'. */
  title: string;
  /** e.g. 'menu item': used in the buttons, the confirmation and the toasts. */
  noun: string;
  resource: Resource<Row>;
  /** The row's name in the delete confirmation and the action labels. */
  itemName: (row: Row) => string;
  columns: readonly Column<Row>[];
  /** Controls beside the search box and the rows they keep (drink, size, category, state). */
  filter?: RowFilter<Row>;
  table?: Pick<DataTableProps<Row>, 'searchPlaceholder' | 'initialSort' | 'emptyText'>;
  /** The create/edit dialog. */
  renderForm: (row: Row | null, close: () => void) => ReactNode;
  /** The resource's CSV export and import (docs/csv.md), when it has them. */
  csv?: AdminCsvResource;
}

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());
const rowId = (row: { id: number }) => row.id;

/**
 * docs/decisions.md, "Pages and routes": a table with an Add button that opens a dialog form; each row an edit
 * button (the same form, prefilled, with the record's history below it) and a delete button, which asks first
 * (docs/decisions.md, "Confirmed deletes and the hours editor"); a Deleted button lists what was deleted, to
 * restore (docs/web.md, "History and restore"). A viewer (docs/security.md, "Roles") sees the rows, each one's
 * history and the deleted ones, and no button that writes.
 */
export function CrudManager<Row extends { id: number }>({
  title,
  noun,
  resource,
  itemName,
  columns,
  filter,
  table,
  renderForm,
  csv,
}: CrudManagerProps<Row>) {
  const list = useList(resource);
  const remove = useConfirmDelete(resource, noun, itemName);
  const [target, setTarget] = useState<FormTarget<Row>>(null);
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [deletedOpen, setDeletedOpen] = useState(false);
  const [historyOf, setHistoryOf] = useState<Row | null>(null);
  const { canWrite } = useRole();
  const [view, setView] = useState<TableView>({ query: '', sort: table?.initialSort ?? null });
  const onViewChange = useCallback((next: TableView) => setView(next), []);
  // `?edit=<id>` opens that row's form (the inbox links a data correction to it, docs/data/figures.md).
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  useEffect(() => {
    if (!editId || !list.data) return;
    const row = list.data.find((r) => String(r.id) === editId);
    if (row) setTarget({ row });
  }, [editId, list.data]);
  const closeForm = () => {
    setTarget(null);
    if (editId) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('edit');
          return next;
        },
        { replace: true },
      );
    }
  };
  const sortColumn = view.sort ? columns.find((c) => c.key === view.sort!.key)?.csvColumn : undefined;
  const csvView = {
    q: view.query,
    sort: sortColumn,
    dir: view.sort?.direction,
    filters: filter?.csvFilters,
  };

  const withActions: Column<Row>[] = [
    ...columns,
    actionsColumn((row) => (
      <RowActions>
        {canWrite ? (
          <>
            <EditRowButton name={itemName(row)} onClick={() => setTarget({ row })} />
            <DeleteRowButton name={itemName(row)} onClick={() => remove.ask(row)} />
          </>
        ) : (
          <HistoryRowButton name={itemName(row)} onClick={() => setHistoryOf(row)} />
        )}
      </RowActions>
    )),
  ];

  return (
    <ManagerSection
      label={title}
      title={title}
      actions={
        <Group gap="xs">
          {csv && <CsvTools csv={csv} resource={resource} title={title} view={csvView} />}
          <Button variant="default" onClick={() => setDeletedOpen(true)}>
            Deleted
          </Button>
          {canWrite && <Button onClick={() => setTarget({ row: null })}>Add {titleCase(noun)}</Button>}
        </Group>
      }
    >
      <ListState query={list} what={title.toLowerCase()}>
        {(rows) => (
          <DataTable
            label={title}
            rows={filter ? filter.keep(rows) : rows}
            columns={withActions}
            rowKey={rowId}
            filters={filter?.controls}
            onViewChange={onViewChange}
            selection={
              csv && canWrite
                ? {
                    selected,
                    onChange: setSelected,
                    rowLabel: itemName,
                    actions: (
                      <Button size="xs" onClick={() => setBulkOpen(true)}>
                        Bulk edit
                      </Button>
                    ),
                  }
                : undefined
            }
            {...table}
          />
        )}
      </ListState>
      {target && (
        <HistoryContext.Provider
          value={
            target.row ? { resource: resource as Resource<unknown>, id: target.row.id, onRestored: closeForm } : null
          }
        >
          {renderForm(target.row, closeForm)}
        </HistoryContext.Provider>
      )}
      {historyOf && (
        <Modal
          opened
          onClose={() => setHistoryOf(null)}
          title={itemName(historyOf)}
          size="lg"
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <HistoryPanel resource={resource} id={historyOf.id} />
        </Modal>
      )}
      {deletedOpen && <DeletedRecordsModal resource={resource} title={title} onClose={() => setDeletedOpen(false)} />}
      <ConfirmDeleteModal {...remove.modalProps} restorable />
      {csv && bulkOpen && (
        <BulkEditModal
          csv={csv}
          resource={resource}
          ids={[...selected].map(Number)}
          onClose={() => setBulkOpen(false)}
          onApplied={() => setSelected(new Set())}
        />
      )}
    </ManagerSection>
  );
}
