import {
  DATA_CORRECTION_SUBJECT,
  isSitePath,
  parseCorrectionItem,
  type ContactMessage,
  type FailedJob,
} from '@coffee-guide/contracts';
import { Anchor, Badge, Button, Group, SegmentedControl, Spoiler, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { failedJobsResource, messagesResource, useList, useMarkMessage, useRetryJob } from '@/admin/api/resources';
import { ConfirmDeleteModal, useConfirmDelete } from '@/admin/components/confirm-delete-modal';
import { useRole } from '@/admin/session/use-role';
import { DataTable, type Column } from '@/admin/components/data-table';
import { ListState, ManagerSection } from '@/admin/components/manager-section';
import { actionsColumn, DeleteRowButton, RowActions } from '@/admin/components/row-actions';
import { writeWithToast } from '@/admin/components/toasts';
import { formatDateTime, NameCell, Tag } from '../shared';

const messageName = (m: ContactMessage) => `${m.subject} from ${m.name}`;

/** The admin form of the item a correction is about: the Menu or Locations tab with that row's form open. */
export function correctionFormHref(item: string | null | undefined): string | null {
  const parsed = parseCorrectionItem(item);
  if (!parsed) return null;
  return `/admin/dashboard?tab=${parsed.kind === 'drink' ? 'menu' : 'locations'}&edit=${parsed.id}`;
}

/** A report-an-error message: marked as a correction, with its page and a link to the item's admin form. */
function SubjectCell({ m }: { m: ContactMessage }) {
  const correction = m.subject === DATA_CORRECTION_SUBJECT;
  const form = correctionFormHref(m.item);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {correction && (
          <Badge color="orange" variant="light" size="sm">
            Correction
          </Badge>
        )}
        <Text size="sm">{m.subject}</Text>
      </Group>
      {/* Only a path of this site is a link; an older stored value of another kind shows as text (docs/security.md). */}
      {isSitePath(m.page) ? (
        <Anchor href={m.page} target="_blank" rel="noopener" size="xs">
          {m.page}
        </Anchor>
      ) : (
        m.page && (
          <Text size="xs" c="dimmed">
            {m.page}
          </Text>
        )
      )}
      {form && (
        <Anchor component={Link} to={form} size="xs" fw={700}>
          Open the {parseCorrectionItem(m.item)!.kind}&apos;s form
        </Anchor>
      )}
    </Stack>
  );
}

/** The contact inbox: unread first, mark handled, delete after confirming (docs/decisions.md, "Contact inbox"). */
function Inbox() {
  const { canWrite } = useRole();
  const list = useList(messagesResource);
  const mark = useMarkMessage();
  const remove = useConfirmDelete(messagesResource, 'message', messageName);
  const [show, setShow] = useState<'all' | 'unread' | 'handled'>('all');

  const toggle = (m: ContactMessage) =>
    writeWithToast(() => mark.mutateAsync({ id: m.id, handled: !m.handled }), {
      title: m.handled ? 'Marked unread' : 'Marked handled',
      message: messageName(m),
    });

  const columns: Column<ContactMessage>[] = [
    {
      key: 'received',
      header: 'Received',
      value: (m) => m.submittedAt,
      searchable: false,
      render: (m) => formatDateTime(m.submittedAt),
    },
    {
      key: 'from',
      header: 'From',
      value: (m) => `${m.name} ${m.email}`,
      render: (m) => <NameCell name={m.name} detail={m.email} weight={m.handled ? 400 : 700} />,
    },
    {
      key: 'subject',
      header: 'Subject',
      value: (m) => `${m.subject} ${m.page ?? ''}`,
      render: (m) => <SubjectCell m={m} />,
    },
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
      render: (m) =>
        m.handled ? (
          <Tag>Handled</Tag>
        ) : (
          <Badge color="coffee" variant="filled">
            Unread
          </Badge>
        ),
    },
    actionsColumn((m) =>
      // a viewer reads the inbox and changes nothing (docs/security.md, "Roles")
      !canWrite ? null : (
        <RowActions>
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => toggle(m)}
            aria-label={`${m.handled ? 'Mark unread' : 'Mark handled'}: ${messageName(m)}`}
          >
            {m.handled ? 'Mark unread' : 'Mark handled'}
          </Button>
          <DeleteRowButton name={messageName(m)} onClick={() => remove.ask(m)} />
        </RowActions>
      ),
    ),
  ];

  const unread = list.data?.filter((m) => !m.handled).length ?? 0;
  return (
    <ManagerSection
      label="Contact messages"
      title="Contact Messages"
      badge={
        list.data &&
        (unread ? (
          <Badge color="coffee" variant="filled">
            {unread} unread
          </Badge>
        ) : (
          <Tag>0 unread</Tag>
        ))
      }
    >
      <ListState query={list} what="messages" skeletons={4}>
        {(messages) => (
          <DataTable
            label="Messages"
            rows={messages.filter((m) => (show === 'all' ? true : show === 'unread' ? !m.handled : m.handled))}
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
      </ListState>
      <ConfirmDeleteModal {...remove.modalProps} />
    </ManagerSection>
  );
}

/** Notification e-mails that failed every attempt: kept, and retried by hand. */
function FailedJobs() {
  const { canWrite } = useRole();
  const list = useList(failedJobsResource);
  const retry = useRetryJob();

  const run = (job: FailedJob) =>
    writeWithToast(() => retry.mutateAsync(job.id), {
      title: 'Job retried',
      message: `Notification job ${job.id} was queued again.`,
    });

  const columns: Column<FailedJob>[] = [
    {
      key: 'failedAt',
      header: 'Failed',
      value: (j) => j.failedAt ?? j.createdAt,
      searchable: false,
      render: (j) => formatDateTime(j.failedAt ?? j.createdAt),
    },
    {
      key: 'id',
      header: 'Job',
      value: (j) => j.id,
      render: (j) => (
        <Text size="xs" ff="monospace">
          {j.id}
        </Text>
      ),
    },
    { key: 'name', header: 'Kind', value: (j) => j.name },
    { key: 'reason', header: 'Reason', value: (j) => j.failedReason },
    { key: 'attempts', header: 'Attempts', value: (j) => j.attemptsMade, searchable: false },
    actionsColumn((j) =>
      !canWrite ? null : (
        <Button
          size="compact-xs"
          onClick={() => run(j)}
          loading={retry.isPending && retry.variables === j.id}
          aria-label={`Retry job ${j.id}`}
        >
          Retry
        </Button>
      ),
    ),
  ];

  return (
    <ManagerSection
      label="Failed notification jobs"
      title="Failed Notifications"
      badge={list.data && <Tag color={list.data.length ? 'red' : 'gray'}>{list.data.length} failed</Tag>}
    >
      <ListState query={list} what="failed jobs" skeletons={4}>
        {(jobs) => (
          <DataTable
            label="Failed jobs"
            rows={jobs}
            columns={columns}
            rowKey={(j) => j.id}
            initialSort={{ key: 'failedAt', direction: 'desc' }}
            emptyText="No failed notification jobs."
          />
        )}
      </ListState>
    </ManagerSection>
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
