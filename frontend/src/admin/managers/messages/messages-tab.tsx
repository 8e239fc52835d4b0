import type { ContactMessage, FailedJob } from '@coffee-guide/contracts';
import { ActionIcon, Badge, Button, Group, SegmentedControl, Skeleton, Spoiler, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error/query-error';
import { failedJobsResource, messagesResource, useList, useMarkMessage, useRemove, useRetryJob } from '../../api/resources';
import { TrashIcon } from '../../components/admin-icons';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DataTable, type Column } from '../../components/data-table';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime, Tag } from '../shared';

const messageName = (m: ContactMessage) => `${m.subject} from ${m.name}`;

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-label={label}>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={32} />
      ))}
    </Stack>
  );
}

/** The contact inbox: unread first, mark handled, delete after confirming (DESIGN.md decision 8). */
function Inbox() {
  const list = useList(messagesResource);
  const mark = useMarkMessage();
  const remove = useRemove(messagesResource);
  const [show, setShow] = useState<'all' | 'unread' | 'handled'>('all');
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);

  const toggle = async (m: ContactMessage) => {
    try {
      await mark.mutateAsync({ id: m.id, handled: !m.handled });
      showSuccess(m.handled ? 'Marked unread' : 'Marked handled', messageName(m));
    } catch (error) {
      showError(error);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      showSuccess('Message deleted', `“${messageName(deleting)}” was deleted.`);
      setDeleting(null);
    } catch (error) {
      showError(error);
    }
  };

  const columns: Column<ContactMessage>[] = [
    { key: 'received', header: 'Received', value: (m) => m.submittedAt, searchable: false, render: (m) => formatDateTime(m.submittedAt) },
    {
      key: 'from',
      header: 'From',
      value: (m) => `${m.name} ${m.email}`,
      render: (m) => (
        <div>
          <Text size="sm" fw={m.handled ? 400 : 700}>
            {m.name}
          </Text>
          <Text size="xs" c="dimmed">
            {m.email}
          </Text>
        </div>
      ),
    },
    { key: 'subject', header: 'Subject', value: (m) => m.subject },
    {
      key: 'message',
      header: 'Message',
      value: (m) => m.message,
      render: (m) => (
        <Spoiler maxHeight={42} showLabel="Show more" hideLabel="Show less" maw={360}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {m.message}
          </Text>
        </Spoiler>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      value: (m) => (m.handled ? 'handled' : 'unread'),
      searchable: false,
      render: (m) => (
        m.handled ? (
          <Tag>Handled</Tag>
        ) : (
          <Badge color="coffee" variant="filled">
            Unread
          </Badge>
        )
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (m) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button size="compact-xs" variant="light" onClick={() => toggle(m)} aria-label={`${m.handled ? 'Mark unread' : 'Mark handled'}: ${messageName(m)}`}>
            {m.handled ? 'Mark unread' : 'Mark handled'}
          </Button>
          <Tooltip label={`Delete ${messageName(m)}`} openDelay={700}>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${messageName(m)}`} onClick={() => setDeleting(m)}>
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const unread = list.data?.filter((m) => !m.handled).length ?? 0;
  return (
    <Stack gap="md" component="section" aria-label="Contact messages">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2} size="h3">
            Contact Messages
          </Title>
          {list.data && (
            unread ? (
              <Badge color="coffee" variant="filled">
                {unread} unread
              </Badge>
            ) : (
              <Tag>0 unread</Tag>
            )
          )}
        </Group>
      </Group>
      {list.isPending ? (
        <Loading label="Loading messages" />
      ) : list.isError ? (
        <QueryError title="We couldn't load the messages." onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : (
        <DataTable
          label="Messages"
          rows={list.data.filter((m) => (show === 'all' ? true : show === 'unread' ? !m.handled : m.handled))}
          columns={columns}
          rowKey={(m) => m.id}
          initialSort={{ key: 'received', direction: 'desc' }}
          searchPlaceholder="Name, e-mail, subject or text"
          emptyText="No messages yet."
          filters={
            <SegmentedControl
              aria-label="Show messages"
              value={show}
              onChange={(v) => setShow(v as typeof show)}
              data={[
                { value: 'all', label: 'All' },
                { value: 'unread', label: `Unread (${unread})` },
                { value: 'handled', label: 'Handled' },
              ]}
            />
          }
        />
      )}
      <ConfirmDeleteModal
        noun="message"
        name={deleting ? messageName(deleting) : null}
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

/** Notification e-mails that failed every attempt: kept, and retried by hand. */
function FailedJobs() {
  const list = useList(failedJobsResource);
  const retry = useRetryJob();

  const run = async (job: FailedJob) => {
    try {
      await retry.mutateAsync(job.id);
      showSuccess('Job retried', `Notification job ${job.id} was queued again.`);
    } catch (error) {
      showError(error);
    }
  };

  const columns: Column<FailedJob>[] = [
    { key: 'failedAt', header: 'Failed', value: (j) => j.failedAt ?? j.createdAt, searchable: false, render: (j) => formatDateTime(j.failedAt ?? j.createdAt) },
    { key: 'id', header: 'Job', value: (j) => j.id, render: (j) => <Text size="xs" ff="monospace">{j.id}</Text> },
    { key: 'name', header: 'Kind', value: (j) => j.name },
    { key: 'reason', header: 'Reason', value: (j) => j.failedReason },
    { key: 'attempts', header: 'Attempts', value: (j) => j.attemptsMade, searchable: false },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (j) => (
        <Button size="compact-xs" onClick={() => run(j)} loading={retry.isPending && retry.variables === j.id} aria-label={`Retry job ${j.id}`}>
          Retry
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md" component="section" aria-label="Failed notification jobs">
      <Group gap="sm">
        <Title order={2} size="h3">
          Failed Notifications
        </Title>
        {list.data && (
          <Tag color={list.data.length ? 'red' : 'gray'}>{list.data.length} failed</Tag>
        )}
      </Group>
      {list.isPending ? (
        <Loading label="Loading failed jobs" />
      ) : list.isError ? (
        <QueryError title="We couldn't load the failed jobs." onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : (
        <DataTable
          label="Failed jobs"
          rows={list.data}
          columns={columns}
          rowKey={(j) => j.id}
          initialSort={{ key: 'failedAt', direction: 'desc' }}
          emptyText="No failed notification jobs."
        />
      )}
    </Stack>
  );
}

export function MessagesTab() {
  return (
    <Stack gap="xl">
      <Inbox />
      <FailedJobs />
    </Stack>
  );
}
