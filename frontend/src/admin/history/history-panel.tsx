import type { Revision } from '@coffee-guide/contracts';
import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { createContext, useContext, useState } from 'react';
import { QueryError } from '@/components/query-error/query-error';
import { useRestore, useRevisions } from '../api/history';
import type { Resource } from '../api/resources';
import { writeWithToast } from '../components/toasts';
import { formatDateTime, Tag } from '../managers/shared';
import { useRole } from '../session/use-role';
import { useAdminNames } from './admin-names';

/** A value in a change row: text as it is, anything else as short JSON, an absent field as a dash. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value.length > 160 ? `${value.slice(0, 157)}…` : value;
  const json = JSON.stringify(value);
  return json.length > 160 ? `${json.slice(0, 157)}…` : json;
}

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  restore: 'Restored',
  import: 'CSV import',
  'bulk-edit': 'Bulk edit',
};
const ACTION_COLORS: Record<string, string> = { create: 'teal', update: 'blue', delete: 'red', restore: 'grape' };

/** Fields every save changes by itself: not worth a line of the history. */
const QUIET_FIELDS = new Set(['updatedAt', 'createdAt']);

/** A change's fields, each before and after (the history panel and the audit view). */
export function ChangeTable({
  changes,
  label,
  fz = 'sm',
}: {
  changes: readonly { field: string; before?: unknown; after?: unknown }[];
  label: string;
  fz?: 'xs' | 'sm';
}) {
  return (
    <Table withTableBorder fz={fz} verticalSpacing={4} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.field}>
            <Table.Td>{c.field}</Table.Td>
            <Table.Td>{showValue(c.before)}</Table.Td>
            <Table.Td>{showValue(c.after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Changes({ revision }: { revision: Revision }) {
  const changes = revision.changes.filter((c) => !QUIET_FIELDS.has(c.field));
  if (revision.deleted) return <Text size="sm">The record was deleted.</Text>;
  if (!changes.length)
    return (
      <Text size="sm" c="dimmed">
        No field changed.
      </Text>
    );
  return <ChangeTable changes={changes} label={`Changes of revision ${revision.id}`} />;
}

export interface HistoryPanelProps<Row> {
  resource: Resource<Row>;
  id: number | string;
  /** Called once a version was restored (the edit form closes: its values are out of date). */
  onRestored?: () => void;
}

/**
 * A record's history (docs/web.md, "History and restore"): each revision newest first, who made it and when,
 * what changed field by field, and (for owners and editors) a button that writes that version back as a new
 * revision, through the same checks as a save.
 */
export function HistoryPanel<Row>({ resource, id, onRestored }: HistoryPanelProps<Row>) {
  const revisions = useRevisions(resource, id);
  const restore = useRestore(resource);
  const { canWrite } = useRole();
  const names = useAdminNames();
  const [restoring, setRestoring] = useState<string | null>(null);

  const restoreVersion = async (revision: Revision) => {
    setRestoring(revision.id);
    const done = await writeWithToast(() => restore.mutateAsync({ id, revisionId: revision.id }), {
      title: 'Version restored',
      message: `The version of ${formatDateTime(revision.at)} is the current one again.`,
    });
    setRestoring(null);
    if (done) {
      await revisions.refetch();
      onRestored?.();
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={`history-${id}`}>
      <Title order={3} size="h5" id={`history-${id}`}>
        History
      </Title>
      {revisions.isPending ? (
        <Stack gap={4} role="status" aria-label="Loading the history">
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : revisions.isError ? (
        <QueryError
          title="We couldn't load the history."
          onRetry={() => revisions.refetch()}
          retrying={revisions.isFetching}
        />
      ) : revisions.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {revisions.data.map((revision, index) => (
            <Stack key={revision.id} gap={4} data-testid={`revision-${revision.id}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs">
                  <Tag color={ACTION_COLORS[revision.action] ?? 'gray'}>
                    {ACTION_LABELS[revision.action] ?? revision.action}
                  </Tag>
                  <Text size="sm">{formatDateTime(revision.at)}</Text>
                  <Text size="sm" c="dimmed">
                    by {names(revision.adminId)}
                  </Text>
                </Group>
                {canWrite && (index > 0 || revision.deleted) && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    loading={restoring === revision.id}
                    disabled={restoring !== null && restoring !== revision.id}
                    onClick={() => void restoreVersion(revision)}
                    aria-label={`Restore the version of ${formatDateTime(revision.at)}`}
                  >
                    Restore this version
                  </Button>
                )}
              </Group>
              <Changes revision={revision} />
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The record whose form is open: set by the manager, read by its form dialog to show the history below it. */
export interface HistoryTarget {
  resource: Resource<unknown>;
  id: number | string;
  onRestored: () => void;
}
export const HistoryContext = createContext<HistoryTarget | null>(null);

/** The open record's history, when its manager keeps one (inside EntityFormModal). */
export function HistorySlot() {
  const target = useContext(HistoryContext);
  if (!target) return null;
  return <HistoryPanel resource={target.resource} id={target.id} onRestored={target.onRestored} />;
}
