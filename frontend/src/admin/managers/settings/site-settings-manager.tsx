import { SITE_SETTING_CATEGORIES, siteSettingWriteSchema, type SiteSetting } from '@coffee-guide/contracts';
import { Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { siteSettingsResource } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import type { Column } from '@/admin/components/data-table';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { useResourceForm } from '@/admin/forms/use-resource-form';
import { Tag } from '../shared';

const columns: Column<SiteSetting>[] = [
  {
    key: 'key',
    header: 'Key',
    value: (r) => r.key,
    render: (r) => (
      <div>
        <Text size="sm" ff="monospace">
          {r.key}
        </Text>
        {r.description && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={260}>
            {r.description}
          </Text>
        )}
      </div>
    ),
  },
  {
    key: 'value',
    header: 'Value',
    value: (r) => r.value,
    render: (r) => (
      <Text size="sm" lineClamp={2} maw={240} style={{ wordBreak: 'break-all' }}>
        {r.value}
      </Text>
    ),
  },
  {
    key: 'category',
    header: 'Category',
    value: (r) => r.category,
    render: (r) => <Tag>{r.category}</Tag>,
  },
];

type SettingValues = { key: string; value: string; description: string; category: string | null };

function SiteSettingForm({ setting, onClose }: { setting: SiteSetting | null; onClose: () => void }) {
  const { form, modal } = useResourceForm(siteSettingsResource, {
    row: setting,
    initialValues: {
      key: setting?.key ?? '',
      value: setting?.value ?? '',
      description: setting?.description ?? '',
      category: setting?.category ?? 'general',
    } as SettingValues,
    toPayload: (v: SettingValues) => ({ ...v, category: v.category ?? undefined }),
    schema: siteSettingWriteSchema,
    noun: 'Site setting',
    savedMessage: (v) => `“${v.key.trim()}” was saved.`,
    onClose,
  });

  return (
    <EntityFormModal title={setting ? `Edit ${setting.key}` : 'Add Site Setting'} {...modal}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Key" withAsterisk {...form.getInputProps('key')} />
        <Select
          label="Category"
          data={SITE_SETTING_CATEGORIES.map((c) => ({ value: c, label: c }))}
          allowDeselect={false}
          {...form.getInputProps('category')}
        />
      </SimpleGrid>
      <Textarea label="Value" withAsterisk autosize minRows={2} {...form.getInputProps('value')} />
      <TextInput label="Description" {...form.getInputProps('description')} />
    </EntityFormModal>
  );
}

export function SiteSettingsManager() {
  return (
    <CrudManager
      title="Site Settings"
      noun="site setting"
      resource={siteSettingsResource}
      itemName={(r) => r.key}
      columns={columns}
      table={{
        searchPlaceholder: 'Key or value',
        initialSort: { key: 'key', direction: 'asc' },
        emptyText: 'No site settings yet.',
      }}
      renderForm={(row, close) => <SiteSettingForm setting={row} onClose={close} />}
    />
  );
}
