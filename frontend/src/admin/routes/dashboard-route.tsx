// The admin is a client-only app with many components: Mantine's whole stylesheet, in the admin's own chunk.
import '@mantine/core/styles.layer.css';
import { Badge, Button, Container, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageHead } from '@/lib/use-page-head';
import { AdminsTab } from '../admins/admins-tab';
import { messagesResource, useList } from '../api/resources';
import { AuditTab } from '../audit/audit-tab';
import { signOut } from '../api/auth';
import { BlogManager } from '../managers/blog/blog-manager';
import { FoodsManager } from '../managers/foods/foods-manager';
import { LocationsManager } from '../managers/locations/locations-manager';
import { MenuItemsManager } from '../managers/menu-items/menu-items-manager';
import { MessagesTab } from '../managers/messages/messages-tab';
import { NutritionManager } from '../managers/nutrition/nutrition-manager';
import { OverviewTab, type DashboardTab } from '../managers/overview/overview-tab';
import { PricesManager } from '../managers/prices/prices-manager';
import { SeoManager } from '../managers/seo/seo-manager';
import { PageContentManager } from '../managers/settings/page-content-manager';
import { SiteSettingsManager } from '../managers/settings/site-settings-manager';
import { RequireAdminSession, signInPath } from '../session/require-admin-session';
import { SessionExpiredModal } from '../session/session-expired-modal';
import { clearSession } from '../session/session-store';
import { useAdminSession } from '../session/use-admin-session';
import { useRole } from '../session/use-role';
import classes from './dashboard.module.css';

function SettingsTab() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
      <PageContentManager />
      <SiteSettingsManager />
    </SimpleGrid>
  );
}

/**
 * The tabs in their order, each with its panel (the overview's cards open the other tabs); `owners` only for
 * owners (docs/security.md, "Roles").
 */
const TABS: {
  value: DashboardTab;
  label: string;
  Panel: ComponentType<{ onOpen: (tab: DashboardTab) => void }>;
  owners?: boolean;
}[] = [
  { value: 'overview', label: 'Overview', Panel: OverviewTab },
  { value: 'menu', label: 'Menu', Panel: MenuItemsManager },
  { value: 'prices', label: 'Prices', Panel: PricesManager },
  { value: 'nutrition', label: 'Nutrition', Panel: NutritionManager },
  { value: 'foods', label: 'Foods', Panel: FoodsManager },
  { value: 'locations', label: 'Locations', Panel: LocationsManager },
  { value: 'blog', label: 'Blog', Panel: BlogManager },
  { value: 'seo', label: 'SEO', Panel: SeoManager },
  { value: 'settings', label: 'Settings', Panel: SettingsTab },
  { value: 'messages', label: 'Messages', Panel: MessagesTab },
  { value: 'audit', label: 'Audit', Panel: AuditTab },
  { value: 'admins', label: 'Administrators', Panel: AdminsTab, owners: true },
];

const ROLE_NAMES = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' } as const;

const isTab = (v: string | null): v is DashboardTab => TABS.some((t) => t.value === v);

function UnreadCount() {
  const messages = useList(messagesResource);
  const unread = messages.data?.filter((m) => !m.handled).length ?? 0;
  if (!unread) return null;
  return (
    <Badge size="sm" circle aria-label={`${unread} unread`}>
      {unread}
    </Badge>
  );
}

function Dashboard() {
  const [params, setParams] = useSearchParams();
  const { role, canManageAdmins } = useRole();
  const tabs = TABS.filter((t) => !t.owners || canManageAdmins);
  const wanted = params.get('tab');
  const tab: DashboardTab = tabs.some((t) => t.value === wanted) ? (wanted as DashboardTab) : 'overview';
  const open = (next: DashboardTab) => setParams(next === 'overview' ? {} : { tab: next });
  const session = useAdminSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const leave = async () => {
    try {
      await signOut();
    } catch {
      // the session ends here whatever the server answers
    }
    clearSession();
    queryClient.removeQueries({ queryKey: ['admin'] });
    navigate(signInPath(), { replace: true });
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap">
          <Group gap="sm" align="center">
            <Title order={1}>Admin Dashboard</Title>
            <Badge size="lg" variant="filled">
              Admin Panel
            </Badge>
          </Group>
          <Group gap="sm">
            {session.admin && (
              <Text size="sm" c="dimmed">
                Signed in as {session.admin.name || session.admin.email}
              </Text>
            )}
            {role && (
              <Badge variant="outline" color="gray" data-testid="admin-role">
                {ROLE_NAMES[role]}
              </Badge>
            )}
            <Button variant="default" onClick={leave}>
              Sign Out
            </Button>
          </Group>
        </Group>

        <Tabs value={tab} onChange={(v) => isTab(v) && open(v)} keepMounted={false}>
          <Tabs.List className={classes.tabList}>
            {tabs.map((t) => (
              <Tabs.Tab
                key={t.value}
                value={t.value}
                className={classes.tab}
                rightSection={t.value === 'messages' ? <UnreadCount /> : undefined}
              >
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ value, Panel }) => (
            <Tabs.Panel key={value} value={value} pt="lg">
              <Panel onOpen={open} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <SessionExpiredModal onSignOut={leave} />
    </Container>
  );
}

/** /admin/dashboard (docs/decisions.md, "Pages and routes"), behind the session guard. */
export function AdminDashboardRoute() {
  usePageHead({ type: 'admin', page: 'dashboard' });
  return (
    <RequireAdminSession>
      <Dashboard />
    </RequireAdminSession>
  );
}
