import type { AuditEntry } from '@coffee-guide/contracts';
import { Anchor, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { QueryError } from '@/components/query-error/query-error';
import { formatIsoDate } from '@/lib/format';
import { useNow } from '@/lib/now';
import { useStaleAfterMonths } from '@/lib/site-bundle';
import { isStale } from '@/lib/stale';
import {
  auditQueryOptions,
  blogResource,
  locationsResource,
  menuItemsResource,
  seoResource,
  useList,
  type Resource,
} from '@/admin/api/resources';
import { formatDateTime, Tag } from '../shared';
import { ContentSearch } from './content-search';

export type DashboardTab =
  | 'overview'
  | 'menu'
  | 'prices'
  | 'nutrition'
  | 'foods'
  | 'locations'
  | 'blog'
  | 'seo'
  | 'settings'
  | 'messages'
  | 'audit'
  | 'admins';

const numberFormat = new Intl.NumberFormat('en-US');

function CountCard<Row>({
  label,
  resource,
  tab,
  onOpen,
}: {
  label: string;
  resource: Resource<Row>;
  tab: DashboardTab;
  onOpen: (t: DashboardTab) => void;
}) {
  const list = useList(resource);
  return (
    <Card withBorder padding="lg" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {list.isPending ? (
        <div role="status" aria-label={`Loading ${label}`}>
          <Skeleton height={34} width={80} mt={6} />
        </div>
      ) : list.isError ? (
        <Text size="sm" c="red.9" mt={6}>
          Could not load
        </Text>
      ) : (
        <Text fz={32} fw={800} lh={1.2} data-testid={`count-${tab}`}>
          {numberFormat.format(list.data.length)}
        </Text>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        mt="xs"
        px={0}
        onClick={() => onOpen(tab)}
        aria-label={`Go to ${label}`}
      >
        Manage
      </Button>
    </Card>
  );
}

/** "Updated price · Golden Eagle (medium)", "Sign in": what changed, named from the entry's before/after. */
function describe(entry: AuditEntry): { action: string; item: string } {
  const snapshot = (entry.after ?? entry.before) as Record<string, unknown> | null;
  const pick = (...keys: string[]) =>
    keys.map((k) => snapshot?.[k]).find((v): v is string => typeof v === 'string' && v !== '');
  const name = pick('menuItemName', 'name', 'title', 'pageSlug', 'key', 'email');
  const size = pick('size');
  const item = name
    ? size
      ? `${name} (${size})`
      : name
    : entry.entityId && entry.entity !== 'session'
      ? `#${entry.entityId}`
      : '';
  const verb: Record<string, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };
  const entity = entry.entity.replace(/-/g, ' ');
  // CRUD names its entity ("Updated price"); other actions speak for themselves ("Sign in", "Password change")
  const action = verb[entry.action] ? `${verb[entry.action]} ${entity}` : entry.action.replace(/-/g, ' ');
  return { action: action.charAt(0).toUpperCase() + action.slice(1), item };
}

const ACTION_COLORS: Record<string, string> = { create: 'teal', update: 'blue', delete: 'red' };

function RecentChanges() {
  const audit = useQuery(auditQueryOptions(15));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recent-changes-title">
      <Title order={2} size="h4" id="recent-changes-title" mb="sm">
        Recent Changes
      </Title>
      {audit.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading recent changes">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={24} />
          ))}
        </Stack>
      ) : audit.isError ? (
        <QueryError
          title="We couldn't load the recent changes."
          onRetry={() => audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : audit.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={6} aria-labelledby="recent-changes-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Service</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.map((entry) => {
                const { action, item } = describe(entry);
                return (
                  <Table.Tr key={`${entry.service}-${entry.id}`}>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(entry.at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Tag color={ACTION_COLORS[entry.action] ?? 'gray'}>{action}</Tag>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {entry.service}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** docs/decisions.md, "Pages and routes": count cards and Quick Actions to the Menu, Prices and SEO tabs; the recent changes. */
const STALE_SHOWN = 8;

/** What is out of date (docs/data/figures.md): drinks and stands whose as-of date is older than `staleAfterMonths`. */
function StaleData() {
  const items = useList(menuItemsResource);
  const stands = useList(locationsResource);
  const months = useStaleAfterMonths();
  const now = useNow();
  const groups = [
    { label: 'Menu items', tab: 'menu', rows: (items.data ?? []).filter((i) => isStale(i.asOf, now, months)) },
    { label: 'Stands', tab: 'locations', rows: (stands.data ?? []).filter((s) => isStale(s.asOf, now, months)) },
  ] as const;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="stale-title">
      <Title order={2} size="h4" id="stale-title" mb="xs">
        Out-of-date Data
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Figures whose as-of date is more than {months} months old (the site setting staleAfterMonths); their pages say
        so.
      </Text>
      {items.isPending || stands.isPending ? (
        <Skeleton height={40} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {groups.map((g) => (
            <div key={g.tab} data-testid={`stale-${g.tab}`}>
              <Text fw={700} size="sm">
                {g.label}: {numberFormat.format(g.rows.length)}
              </Text>
              {g.rows.length === 0 ? (
                <Text size="sm">Nothing out of date.</Text>
              ) : (
                <List size="sm" spacing={2}>
                  {g.rows.slice(0, STALE_SHOWN).map((r) => (
                    <List.Item key={r.id}>
                      <Anchor component={Link} to={`/admin/dashboard?tab=${g.tab}&edit=${r.id}`} size="sm">
                        {r.name}
                      </Anchor>{' '}
                      <Text span size="xs" c="dimmed">
                        as of {r.asOf ? formatIsoDate(r.asOf) : 'unknown'}
                      </Text>
                    </List.Item>
                  ))}
                  {g.rows.length > STALE_SHOWN && (
                    <List.Item>and {numberFormat.format(g.rows.length - STALE_SHOWN)} more</List.Item>
                  )}
                </List>
              )}
            </div>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

export function OverviewTab({ onOpen }: { onOpen: (tab: DashboardTab) => void }) {
  return (
    <Stack gap="lg">
      <ContentSearch onOpen={onOpen} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <CountCard label="Menu Items" resource={menuItemsResource} tab="menu" onOpen={onOpen} />
        <CountCard label="Locations" resource={locationsResource} tab="locations" onOpen={onOpen} />
        <CountCard label="Blog Posts" resource={blogResource} tab="blog" onOpen={onOpen} />
        <CountCard label="SEO Pages" resource={seoResource} tab="seo" onOpen={onOpen} />
      </SimpleGrid>
      <Card withBorder padding="lg" component="section" aria-labelledby="quick-actions-title">
        <Title order={2} size="h4" id="quick-actions-title" mb="sm">
          Quick Actions
        </Title>
        <Group gap="sm">
          <Button onClick={() => onOpen('menu')}>Manage Menu Items</Button>
          <Button variant="light" onClick={() => onOpen('prices')}>
            Update Prices
          </Button>
          <Button variant="light" onClick={() => onOpen('seo')}>
            Edit SEO Settings
          </Button>
        </Group>
      </Card>
      <StaleData />
      <RecentChanges />
    </Stack>
  );
}
