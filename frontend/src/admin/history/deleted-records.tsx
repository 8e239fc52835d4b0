import type { DeletedRecord } from '@coffee-guide/contracts';
import { Button, Modal, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { QueryError } from '@/components/query-error/query-error';
import { useDeleted, useRestore } from '../api/history';
import type { Resource } from '../api/resources';
import { writeWithToast } from '../components/toasts';
import { formatDateTime } from '../managers/shared';
import { useRole } from '../session/use-role';
import { useAdminNames } from './admin-names';

/** A deleted record's name from its last version: the fields the tables show first. */
export function recordName(snapshot: unknown, fallback: string): string {
  const record = (snapshot ?? {}) as Record<string, unknown>;
  const name = ['menuItemName', 'name', 'title', 'pageSlug', 'key', 'email']
    .map((k) => record[k])
    .find((v): v is string => typeof v === 'string' && v !== '');
  const size = typeof record.size === 'string' ? ` (${record.size})` : '';
  return name ? `${name}${size}` : fallback;
}

export interface DeletedRecordsModalProps<Row> {
  resource: Resource<Row>;
  /** e.g. 'Menu Items'. */
  title: string;
  onClose: () => void;
}

/**
 * The resource's deleted records (docs/web.md, "History and restore"): who deleted each and when; owners and
 * editors bring one back (under its id, through the same checks as a save).
 */
export function DeletedRecordsModal<Row>({ resource, title, onClose }: DeletedRecordsModalProps<Row>) {
  const deleted = useDeleted(resource);
  const restore = useRestore(resource);
  const { canWrite } = useRole();
  const names = useAdminNames();
  const [restoring, setRestoring] = useState<string | null>(null);

  const bringBack = async (record: DeletedRecord) => {
    setRestoring(record.recordId);
    const name = recordName(record.snapshot, `#${record.recordId}`);
    await writeWithToast(() => restore.mutateAsync({ id: record.recordId, revisionId: record.revisionId }), {
      title: 'Restored',
      message: `“${name}” is back.`,
    });
    setRestoring(null);
    await deleted.refetch();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Deleted ${title.toLowerCase()}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {deleted.isPending ? (
        <Stack gap={4} role="status" aria-label="Loading the deleted records">
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : deleted.isError ? (
        <QueryError
          title="We couldn't load the deleted records."
          onRetry={() => deleted.refetch()}
          retrying={deleted.isFetching}
        />
      ) : deleted.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing deleted.
        </Text>
      ) : (
        <Table aria-label={`Deleted ${title.toLowerCase()}`} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Record</Table.Th>
              <Table.Th>Deleted</Table.Th>
              <Table.Th>By</Table.Th>
              {canWrite && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deleted.data.map((record) => {
              const name = recordName(record.snapshot, `#${record.recordId}`);
              return (
                <Table.Tr key={record.recordId}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{formatDateTime(record.at)}</Table.Td>
                  <Table.Td>{names(record.adminId)}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="light"
                        loading={restoring === record.recordId}
                        onClick={() => void bringBack(record)}
                        aria-label={`Restore ${name}`}
                      >
                        Restore
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
