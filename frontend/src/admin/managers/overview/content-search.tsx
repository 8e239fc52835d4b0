import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import {
  blogResource,
  locationsResource,
  menuItemsResource,
  pageContentResource,
  seoResource,
  useList,
} from '@/admin/api/resources';
import type { DashboardTab } from './overview-tab';

/** One record found: its kind, what it is called, where it is, and the tab that edits it. */
export interface ContentHit {
  kind: 'Blog post' | 'Page section' | 'SEO record' | 'Menu item' | 'Stand';
  title: string;
  detail: string;
  tab: DashboardTab;
  draft: boolean;
  text: string;
}

const MAX_HITS = 25;

const words = (query: string) =>
  query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);

/** The records whose text holds every word of the query, in the order of the kinds. */
export function searchContent(records: ContentHit[], query: string): ContentHit[] {
  const wanted = words(query);
  if (!wanted.length) return [];
  return records.filter((r) => wanted.every((w) => r.text.includes(w)));
}

const haystack = (...parts: (string | null | undefined | string[])[]) =>
  parts
    .flat()
    .filter((p): p is string => typeof p === 'string')
    .join(' \n ')
    .toLowerCase();

/**
 * One box that searches every kind of content at once (docs/web.md, "Drafts and previews"): blog posts,
 * page sections, SEO records, menu items and stands, from the admin's own lists; a hit opens its tab.
 */
export function ContentSearch({ onOpen }: { onOpen: (tab: DashboardTab) => void }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searching = words(deferred).length > 0;
  const blog = useList(blogResource);
  const sections = useList(pageContentResource);
  const seo = useList(seoResource);
  const items = useList(menuItemsResource);
  const stands = useList(locationsResource);

  const records = useMemo<ContentHit[]>(
    () => [
      ...(blog.data ?? []).map((p) => ({
        kind: 'Blog post' as const,
        title: p.title,
        detail: `/blog/${p.slug}`,
        tab: 'blog' as const,
        draft: p.status === 'draft',
        text: haystack(p.title, p.slug, p.excerpt, p.content, p.tags, p.category),
      })),
      ...(sections.data ?? []).map((s) => ({
        kind: 'Page section' as const,
        title: `${s.pageSlug} · ${s.sectionKey}`,
        detail: s.content.slice(0, 80),
        tab: 'settings' as const,
        draft: s.status === 'draft',
        text: haystack(s.pageSlug, s.sectionKey, s.content),
      })),
      ...(seo.data ?? []).map((r) => ({
        kind: 'SEO record' as const,
        title: r.title,
        detail: r.pageSlug,
        tab: 'seo' as const,
        draft: r.status === 'draft',
        text: haystack(r.pageSlug, r.title, r.description, r.keywords),
      })),
      ...(items.data ?? []).map((i) => ({
        kind: 'Menu item' as const,
        title: i.name,
        detail: i.slug,
        tab: 'menu' as const,
        draft: i.status === 'draft',
        text: haystack(i.name, i.slug, i.description, i.category, i.flavors, i.ingredients),
      })),
      ...(stands.data ?? []).map((s) => ({
        kind: 'Stand' as const,
        title: s.name,
        detail: `${s.address}, ${s.city}, ${s.state}`,
        tab: 'locations' as const,
        draft: false,
        text: haystack(s.name, s.address, s.city, s.state, s.zipCode, s.storeNumber),
      })),
    ],
    [blog.data, sections.data, seo.data, items.data, stands.data],
  );
  const hits = useMemo(() => (searching ? searchContent(records, deferred) : []), [records, deferred, searching]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="content-search-title">
      <Title order={2} size="h4" id="content-search-title" mb="sm">
        Search all content
      </Title>
      <TextInput
        type="search"
        aria-label="Search all content"
        placeholder="Blog posts, page sections, SEO, menu items, stands"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {searching && (
        <Stack gap={6} mt="sm" aria-live="polite">
          <Text size="sm" c="dimmed">
            {hits.length === 0
              ? 'Nothing matches.'
              : `${hits.length} ${hits.length === 1 ? 'match' : 'matches'}${hits.length > MAX_HITS ? `, the first ${MAX_HITS} shown` : ''}`}
          </Text>
          <ul aria-label="Search results" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {hits.slice(0, MAX_HITS).map((hit) => (
              <li key={`${hit.kind}:${hit.title}:${hit.detail}`}>
                <Group gap="xs" wrap="nowrap" py={4}>
                  <Badge variant="light" size="sm" w={110}>
                    {hit.kind}
                  </Badge>
                  {hit.draft && (
                    <Badge color="gray" variant="outline" size="sm">
                      Draft
                    </Badge>
                  )}
                  <Text size="sm" fw={600} truncate>
                    {hit.title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate style={{ flex: 1 }}>
                    {hit.detail}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onOpen(hit.tab)}
                    aria-label={`Open ${hit.kind} ${hit.title}`}
                  >
                    Open
                  </Button>
                </Group>
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </Card>
  );
}
