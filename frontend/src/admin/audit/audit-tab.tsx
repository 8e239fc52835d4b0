import type { AuditEntry } from '@coffee-guide/contracts';
import { Button, Card, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { QueryError } from '@/components/query-error/query-error';
import { filteredAuditQueryOptions, useAdministrators } from '../api/history';
import { useAdminNames } from '../history/admin-names';
import { ChangeTable } from '../history/history-panel';
import { formatDateTime, Tag } from '../managers/shared';
import { useAdminSession } from '../session/use-admin-session';
import { useRole } from '../session/use-role';

/** The kinds of row the audit trail names (its `entity`), for the resource filter. */
export const AUDIT_RESOURCES = [
  { value: 'menu-item', label: 'Menu items' },
  { value: 'price', label: 'Prices' },
  { value: 'nutrition', label: 'Nutrition' },
  { value: 'recipe', label: 'Recipes' },
  { value: 'food', label: 'Foods' },
  { value: 'location', label: 'Locations' },
  { value: 'blog-post', label: 'Blog posts' },
  { value: 'seo', label: 'SEO' },
  { value: 'page-content', label: 'Page content' },
  { value: 'site-setting', label: 'Site settings' },
  { value: 'contact-message', label: 'Messages' },
  { value: 'failed-job', label: 'Failed jobs' },
  { value: 'administrator', label: 'Administrators' },
  { value: 'session', label: 'Sign-ins' },
];

/** What differs between an entry's before and after, field by field (every field of a create or a delete). */
export function entryChanges(entry: AuditEntry): { field: string; before: unknown; after: unknown }[] {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const before = isRecord(entry.before) ? entry.before : {};
  const after = isRecord(entry.after) ? entry.after : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (f) => f !== 'updatedAt' && f !== 'createdAt',
  );
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

const ACTION_COLORS: Record<string, string> = { create: 'teal', update: 'blue', delete: 'red', restore: 'grape' };

interface Filters {
  admin: string | null;
  resource: string | null;
  from: string;
  to: string;
}

/**
 * The audit trail (docs/web.md, "Audit"): who changed what and when, each change's values before and after,
 * filtered by administrator, kind of row and day (the filters are the API's query parameters).
 */
export function AuditTab() {
  const [filters, setFilters] = useState<Filters>({ admin: null, resource: null, from: '', to: '' });
  const [open, setOpen] = useState<string | null>(null);
  const { canManageAdmins } = useRole();
  const me = useAdminSession().admin;
  const admins = useAdministrators(canManageAdmins);
  const names = useAdminNames();
  const audit = useQuery(
    filteredAuditQueryOptions({
      limit: 200,
      admin: filters.admin ?? undefined,
      resource: filters.resource ?? undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
    }),
  );
  const adminOptions = canManageAdmins
    ? (admins.data ?? []).map((a) => ({ value: a.id, label: a.email }))
    : me
      ? [{ value: me.id, label: me.email }]
      : [];
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="audit-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="audit-title">
          Audit trail
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Administrator"
            placeholder="Anyone"
            data={adminOptions}
            value={filters.admin}
            onChange={(admin) => set({ admin })}
            clearable
            w={240}
          />
          <Select
            label="Resource"
            placeholder="Everything"
            data={AUDIT_RESOURCES}
            value={filters.resource}
            onChange={(resource) => set({ resource })}
            clearable
            w={200}
          />
          <TextInput
            label="From"
            type="date"
            value={filters.from}
            onChange={(e) => set({ from: e.currentTarget.value })}
          />
          <TextInput label="To" type="date" value={filters.to} onChange={(e) => set({ to: e.currentTarget.value })} />
          <Button variant="default" onClick={() => setFilters({ admin: null, resource: null, from: '', to: '' })}>
            Clear filters
          </Button>
        </Group>
        {audit.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading the audit trail">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={24} />
            ))}
          </Stack>
        ) : audit.isError ? (
          <QueryError
            title="We couldn't load the audit trail."
            onRetry={() => audit.refetch()}
            retrying={audit.isFetching}
          />
        ) : audit.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes match these filters.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={6} aria-labelledby="audit-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Before and after</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.map((entry) => {
                  const key = `${entry.service}-${entry.id}`;
                  const changes = entryChanges(entry);
                  return (
                    <Fragment key={key}>
                      <Table.Tr>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(entry.at)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{names(entry.adminId)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Tag color={ACTION_COLORS[entry.action] ?? 'gray'}>{`${entry.action} ${entry.entity}`}</Tag>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{entry.entityId ? `#${entry.entityId}` : ''}</Text>
                        </Table.Td>
                        <Table.Td>
                          {changes.length > 0 && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              aria-expanded={open === key}
                              onClick={() => setOpen(open === key ? null : key)}
                            >
                              {open === key ? 'Hide' : `${changes.length} field${changes.length === 1 ? '' : 's'}`}
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                      {open === key && (
                        <Table.Tr>
                          <Table.Td colSpan={5}>
                            <ChangeTable
                              fz="xs"
                              changes={changes}
                              label={`Before and after of ${entry.action} ${entry.entity}`}
                            />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
