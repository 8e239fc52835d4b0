import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { HistoryIcon, PencilIcon, TrashIcon } from './admin-icons';
import type { Column } from './data-table';

/** The last column of a table: the row's buttons, under a header only screen readers hear. */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): Column<Row> {
  return { key: 'actions', header: 'Actions', hiddenHeader: true, render };
}

/** A row's buttons, kept on one line at the cell's end. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
    </Group>
  );
}

/** An icon button whose tooltip and accessible name say the same thing. */
function RowActionIcon({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={700}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** 'Edit <name>': opens the row's form. */
export function EditRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <RowActionIcon label={`Edit ${name}`} onClick={onClick}>
      <PencilIcon />
    </RowActionIcon>
  );
}

/** 'History of <name>': the record's revisions (what a viewer has in place of the edit button). */
export function HistoryRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <RowActionIcon label={`History of ${name}`} onClick={onClick}>
      <HistoryIcon />
    </RowActionIcon>
  );
}

/** 'Delete <name>': asks first (docs/decisions.md, "Confirmed deletes and the hours editor"). */
export function DeleteRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <RowActionIcon label={`Delete ${name}`} color="red" onClick={onClick}>
      <TrashIcon />
    </RowActionIcon>
  );
}
