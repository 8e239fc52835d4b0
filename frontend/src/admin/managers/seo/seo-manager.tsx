import { ROBOTS_DIRECTIVES, seoRecordWriteSchema, type PublishStatus, type SeoRecord } from '@coffee-guide/contracts';
import { Grid, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { siteQueryOptions, useSiteSettings } from '@/lib/site';
import { seoResource } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import { MediaUrlInput } from '@/admin/components/media-picker';
import type { Column } from '@/admin/components/data-table';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { DraftBadge, PreviewButton, PublicationControl, statusOf, statusPayload } from '@/admin/forms/publication';
import { useResourceForm } from '@/admin/forms/use-resource-form';
import { StatusBadge } from '../shared';
import { jsonLdProblem } from './json-ld';
import { DESCRIPTION_LIMIT, SeoPreview, TITLE_LIMIT } from './seo-preview';

const columns: Column<SeoRecord>[] = [
  {
    key: 'page',
    csvColumn: 'pageSlug',
    header: 'Page',
    value: (r) => r.pageSlug,
    render: (r) => (
      <Text size="sm" ff="monospace">
        {r.pageSlug}
      </Text>
    ),
  },
  { key: 'title', header: 'Title', csvColumn: 'title', value: (r) => r.title },
  { key: 'robots', header: 'Robots', csvColumn: 'robotsDirective', value: (r) => r.robotsDirective },
  {
    key: 'active',
    header: 'Status',
    value: (r) => `${r.isActive ? 'active' : 'inactive'}${r.status === 'draft' ? ' draft' : ''}`,
    render: (r) => (
      <Group gap={4}>
        <StatusBadge on={r.isActive} onLabel="active" offLabel="inactive" />
        <DraftBadge status={r.status} />
      </Group>
    ),
  },
];

type SeoValues = {
  pageSlug: string;
  title: string;
  description: string;
  keywords: string;
  canonicalUrl: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  robotsDirective: string | null;
  schemaMarkup: string;
  isActive: boolean;
  status: PublishStatus;
};

/** "42 / 60 characters" under a field, flagged when past what search engines show. */
function count(text: string, limit: number, fill: (t: string) => string) {
  const n = fill(text).length;
  return (
    <Text span size="xs" c={n > limit ? 'red.9' : 'dimmed'} data-over={n > limit || undefined}>
      {n} / {limit} characters{n > limit ? ': search results cut it' : ''}
    </Text>
  );
}

function SeoForm({ record, onClose }: { record: SeoRecord | null; onClose: () => void }) {
  const { settings } = useSiteSettings();
  const site = useQuery(siteQueryOptions());
  const siteName = site.data?.settings.siteName || 'Coffee Guide';
  const fill = (t: string) => t.replaceAll('{brand}', settings.brandName).replaceAll('{siteName}', siteName);
  const { form, modal } = useResourceForm(seoResource, {
    row: record,
    initialValues: {
      pageSlug: record?.pageSlug ?? '',
      title: record?.title ?? '',
      description: record?.description ?? '',
      keywords: record?.keywords ?? '',
      canonicalUrl: record?.canonicalUrl ?? '',
      ogTitle: record?.ogTitle ?? '',
      ogDescription: record?.ogDescription ?? '',
      ogImage: record?.ogImage ?? '',
      robotsDirective: record?.robotsDirective ?? 'index,follow',
      schemaMarkup: record?.schemaMarkup ? JSON.stringify(record.schemaMarkup, null, 2) : '',
      isActive: record?.isActive ?? true,
      status: statusOf(record),
    } as SeoValues,
    toPayload: ({ status, ...v }: SeoValues) => ({
      ...v,
      robotsDirective: v.robotsDirective ?? undefined,
      ...statusPayload(status, record),
    }),
    schema: seoRecordWriteSchema,
    extraValidate: (v): Record<string, string> => {
      const problem = jsonLdProblem(v.schemaMarkup);
      return problem ? { schemaMarkup: problem } : {};
    },
    noun: 'SEO record',
    savedMessage: (v) => `The SEO of “${v.pageSlug.trim()}” was saved.`,
    onClose,
  });
  const v = form.values;
  const jsonLdLive = jsonLdProblem(v.schemaMarkup);
  const markupProps = form.getInputProps('schemaMarkup');

  return (
    <EntityFormModal title={record ? `Edit SEO: ${record.pageSlug}` : 'Add SEO Record'} size="80rem" {...modal}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Page"
                withAsterisk
                description="The path without the leading '/': home, menu/coffee-classics"
                {...form.getInputProps('pageSlug')}
              />
              <Select
                label="Robots"
                data={[...ROBOTS_DIRECTIVES]}
                allowDeselect={false}
                {...form.getInputProps('robotsDirective')}
              />
            </SimpleGrid>
            <TextInput
              label="Title"
              withAsterisk
              description={count(v.title, TITLE_LIMIT, fill)}
              {...form.getInputProps('title')}
            />
            <Textarea
              label="Description"
              withAsterisk
              autosize
              minRows={2}
              description={count(v.description, DESCRIPTION_LIMIT, fill)}
              {...form.getInputProps('description')}
            />
            <TextInput label="Keywords" description="Comma separated" {...form.getInputProps('keywords')} />
            <TextInput
              label="Canonical URL"
              placeholder="/menu/coffee-classics"
              {...form.getInputProps('canonicalUrl')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Social title"
                description={count(v.ogTitle, TITLE_LIMIT, fill)}
                {...form.getInputProps('ogTitle')}
              />
              <MediaUrlInput label="Social image" placeholder="/og-default.png" {...form.getInputProps('ogImage')} />
            </SimpleGrid>
            <Textarea
              label="Social description"
              autosize
              minRows={2}
              description={count(v.ogDescription, DESCRIPTION_LIMIT, fill)}
              {...form.getInputProps('ogDescription')}
            />
            <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
            <PublicationControl value={v.status} onChange={(status) => form.setFieldValue('status', status)} />
            {record && !record.pageSlug.includes(':') && <PreviewButton resource="seo" id={record.id} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <SeoPreview
              title={v.title}
              description={v.description}
              url={v.canonicalUrl || `/${v.pageSlug === 'home' ? '' : v.pageSlug}`}
              brand={settings.brandName}
              siteName={siteName}
            />
            <Textarea
              label="Structured data (JSON-LD)"
              description={v.schemaMarkup.trim() === '' ? 'Empty: none' : jsonLdLive ? undefined : 'Valid JSON-LD'}
              autosize
              minRows={8}
              maxRows={18}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              {...markupProps}
              error={markupProps.error ?? (jsonLdLive ? `JSON-LD ${jsonLdLive}` : undefined)}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </EntityFormModal>
  );
}

export function SeoManager() {
  return (
    <CrudManager
      title="SEO Settings"
      noun="SEO record"
      resource={seoResource}
      csv="seo"
      itemName={(r) => r.pageSlug}
      columns={columns}
      table={{
        searchPlaceholder: 'Page or title',
        initialSort: { key: 'page', direction: 'asc' },
        emptyText: 'No SEO records yet.',
      }}
      renderForm={(row, close) => <SeoForm record={row} onClose={close} />}
    />
  );
}
