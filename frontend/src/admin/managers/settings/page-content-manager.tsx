import {
  CONTENT_TYPES,
  pageContentWriteSchema,
  type PageContentSection,
  type PublishStatus,
} from '@coffee-guide/contracts';
import { Group, Select, SimpleGrid, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { pageContentResource } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import type { Column } from '@/admin/components/data-table';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { DraftBadge, PreviewButton, PublicationControl, statusOf, statusPayload } from '@/admin/forms/publication';
import { useResourceForm } from '@/admin/forms/use-resource-form';
import { StatusBadge } from '../shared';

export const sectionName = (r: Pick<PageContentSection, 'pageSlug' | 'sectionKey'>) =>
  `${r.pageSlug} / ${r.sectionKey}`;

const columns: Column<PageContentSection>[] = [
  { key: 'page', header: 'Page', csvColumn: 'pageSlug', value: (r) => r.pageSlug },
  { key: 'section', header: 'Section', csvColumn: 'sectionKey', value: (r) => r.sectionKey },
  {
    key: 'content',
    header: 'Content',
    value: (r) => r.content,
    render: (r) => (
      <Text size="xs" lineClamp={2} maw={280}>
        {r.content}
      </Text>
    ),
  },
  { key: 'type', header: 'Type', csvColumn: 'contentType', value: (r) => r.contentType, searchable: false },
  {
    key: 'active',
    header: 'Status',
    value: (r) => `${r.isActive ? 'active' : 'inactive'}${r.status === 'draft' ? ' draft' : ''}`,
    searchable: false,
    render: (r) => (
      <Group gap={4}>
        <StatusBadge on={r.isActive} onLabel="active" offLabel="inactive" />
        <DraftBadge status={r.status} />
      </Group>
    ),
  },
];

type SectionValues = {
  pageSlug: string;
  sectionKey: string;
  content: string;
  contentType: string | null;
  isActive: boolean;
  status: PublishStatus;
};

function PageContentForm({ section, onClose }: { section: PageContentSection | null; onClose: () => void }) {
  const { form, modal } = useResourceForm(pageContentResource, {
    row: section,
    initialValues: {
      pageSlug: section?.pageSlug ?? '',
      sectionKey: section?.sectionKey ?? '',
      content: section?.content ?? '',
      contentType: section?.contentType ?? 'text',
      isActive: section?.isActive ?? true,
      status: statusOf(section),
    } as SectionValues,
    toPayload: ({ status, ...v }: SectionValues) => ({
      ...v,
      contentType: v.contentType ?? undefined,
      ...statusPayload(status, section),
    }),
    schema: pageContentWriteSchema,
    noun: 'Page content',
    savedMessage: (v) =>
      `“${sectionName({ pageSlug: v.pageSlug.trim(), sectionKey: v.sectionKey.trim() })}” was saved.`,
    onClose,
  });

  return (
    <EntityFormModal title={section ? `Edit ${sectionName(section)}` : 'Add Page Content'} size="xl" {...modal}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Page" withAsterisk description="e.g. about, faq, home" {...form.getInputProps('pageSlug')} />
        <TextInput
          label="Section key"
          withAsterisk
          description="e.g. hero.title"
          {...form.getInputProps('sectionKey')}
        />
        <Select
          label="Content type"
          data={[...CONTENT_TYPES]}
          allowDeselect={false}
          {...form.getInputProps('contentType')}
        />
      </SimpleGrid>
      <Textarea
        label="Content"
        withAsterisk
        autosize
        minRows={6}
        maxRows={20}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        {...form.getInputProps('content')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <PublicationControl value={form.values.status} onChange={(status) => form.setFieldValue('status', status)} />
      </SimpleGrid>
      {section && <PreviewButton resource="page-content" id={section.id} />}
    </EntityFormModal>
  );
}

export function PageContentManager() {
  return (
    <CrudManager
      title="Page Content"
      noun="page content section"
      resource={pageContentResource}
      csv="page-content"
      itemName={sectionName}
      columns={columns}
      table={{
        searchPlaceholder: 'Page, section or text',
        initialSort: { key: 'page', direction: 'asc' },
        emptyText: 'No page content yet.',
      }}
      renderForm={(row, close) => <PageContentForm section={row} onClose={close} />}
    />
  );
}
