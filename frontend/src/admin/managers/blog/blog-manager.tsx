import {
  BLOG_CATEGORIES,
  blogPostSchema,
  blogPostWriteSchema,
  previewLinkSchema,
  type BlogPost,
  type PublishStatus,
} from '@coffee-guide/contracts';
import { slugify } from '@coffee-guide/domain';
import { Badge, Button, Paper, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Markdown } from '@/components/markdown/markdown';
import { blogResource, useSave } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import { MediaUrlInput } from '@/admin/components/media-picker';
import type { Column } from '@/admin/components/data-table';
import { showError } from '@/admin/components/toasts';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { useEntityForm } from '@/admin/forms/use-entity-form';
import { firstSegment, validatePayload } from '@/admin/forms/validation';
import { adminFetch } from '@/admin/session/admin-fetch';
import { formatDate, NameCell, TagList } from '../shared';

const CATEGORY_LABELS: Record<string, string> = {
  reviews: 'Reviews',
  'secret-menu': 'Secret Menu',
  guides: 'Guides',
  news: 'News',
  health: 'Health',
};

/** How long typing must pause before a draft is saved by itself (tests set it). */
export const AUTOSAVE = { delayMs: 1000 };

/** A post's state as the table and the editor label it: a draft, scheduled (a future date) or published. */
export function postState(post: Pick<BlogPost, 'status' | 'publishedAt'>, now = Date.now()) {
  if (post.status === 'draft') return 'draft' as const;
  return Date.parse(post.publishedAt) > now ? ('scheduled' as const) : ('published' as const);
}

export function PostStateBadge({ post }: { post: Pick<BlogPost, 'status' | 'publishedAt'> }) {
  const state = postState(post);
  if (state === 'draft')
    return (
      <Badge color="gray" variant="light" size="sm">
        Draft
      </Badge>
    );
  if (state === 'scheduled')
    return (
      <Badge color="blue" variant="light" size="sm" title={`Goes live ${new Date(post.publishedAt).toLocaleString()}`}>
        Scheduled
      </Badge>
    );
  return (
    <Badge color="green" variant="light" size="sm">
      Published
    </Badge>
  );
}

const columns: Column<BlogPost>[] = [
  {
    key: 'title',
    csvColumn: 'title',
    header: 'Title',
    value: (r) => r.title,
    render: (r) => <NameCell name={r.title} detail={`/blog/${r.slug}`} />,
  },
  {
    key: 'category',
    header: 'Category',
    csvColumn: 'category',
    value: (r) => CATEGORY_LABELS[r.category] ?? r.category,
  },
  // docs/decisions.md, "Pages and routes": blog rows show 2 tags then '+N'
  { key: 'tags', header: 'Tags', value: (r) => r.tags.join(' '), render: (r) => <TagList tags={r.tags} max={2} /> },
  {
    key: 'status',
    header: 'Status',
    csvColumn: 'status',
    value: (r) => postState(r),
    render: (r) => <PostStateBadge post={r} />,
  },
  {
    key: 'publishedAt',
    header: 'Published',
    csvColumn: 'publishedAt',
    value: (r) => r.publishedAt,
    searchable: false,
    render: (r) => formatDate(r.publishedAt),
  },
];

type BlogValues = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string | null;
  tags: string[];
  imageUrl: string;
  publishedAt: string;
};

/** Today in the admin's own calendar, as a date input reads it. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const extraValidate = (v: BlogValues): Record<string, string> => (v.slug.trim() === '' ? { slug: 'is required' } : {});

/**
 * The blog post editor (docs/web.md, "Drafts and previews"): "Save draft" keeps the dialog open, "Publish"
 * publishes and closes it, "Preview" opens the post's page as it is now (a draft is saved first). A draft is
 * also saved by itself once typing pauses (AUTOSAVE), never published by it. The body is Markdown,
 * shown beside the text as the post page shows it.
 */
export function BlogForm({ post, onClose }: { post: BlogPost | null; onClose: () => void }) {
  // the slug follows the title until it is edited by hand (a new post only: a published address stays)
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(post === null);
  const [record, setRecord] = useState<BlogPost | null>(post);
  const recordRef = useRef<BlogPost | null>(post);
  const [autosavedAt, setAutosavedAt] = useState<Date | null>(null);
  const [previewing, setPreviewing] = useState(false);
  /** The status the next save writes, and whether the dialog closes after it. */
  const intent = useRef<{ status: PublishStatus; close: boolean }>({
    status: post ? (post.status ?? 'published') : 'draft',
    close: true,
  });
  const save = useSave<BlogPost, unknown>(blogResource);
  const initialDate = post ? post.publishedAt.slice(0, 10) : today();

  const toPayload = (v: BlogValues, status: PublishStatus) => ({
    title: v.title,
    slug: v.slug,
    excerpt: v.excerpt,
    content: v.content,
    category: v.category ?? undefined,
    tags: v.tags,
    imageUrl: v.imageUrl,
    // an unchanged date keeps the post's own time of day
    publishedAt: post && v.publishedAt === initialDate ? post.publishedAt : v.publishedAt,
    status,
  });

  /** Creates the post or writes its record; the editor goes on with the answer. */
  const write = async (payload: unknown): Promise<BlogPost> => {
    const saved = blogPostSchema.parse(await save.mutateAsync({ id: recordRef.current?.id, payload }));
    recordRef.current = saved;
    setRecord(saved);
    return saved;
  };

  const { form, onSubmit, saving, generalError } = useEntityForm<BlogValues, unknown>({
    initialValues: {
      title: post?.title ?? '',
      slug: post?.slug ?? '',
      excerpt: post?.excerpt ?? '',
      content: post?.content ?? '',
      category: post?.category ?? 'guides',
      tags: post?.tags ?? [],
      imageUrl: post?.imageUrl ?? '',
      publishedAt: initialDate,
    },
    toPayload: (v) => toPayload(v, intent.current.status),
    schema: blogPostWriteSchema,
    extraValidate,
    save: write,
    success: {
      // read when the save ends: the button pressed decides it
      get title() {
        return intent.current.status === 'draft' ? 'Draft saved' : 'Blog post published';
      },
      message: (v) =>
        intent.current.status === 'draft'
          ? `“${v.title.trim()}” was saved as a draft.`
          : `“${v.title.trim()}” was published.`,
    },
    onSaved: () => {
      if (intent.current.close) onClose();
    },
  });

  // a new post is a draft until published; a post without a status is published
  const isDraft = record ? record.status === 'draft' : true;
  const dirty = form.isDirty();

  // Autosave: a draft (or a new post) is saved as a draft once typing pauses, when the API would take it.
  const values = form.getValues();
  useEffect(() => {
    if (!isDraft || !dirty || saving || save.isPending) return;
    const timer = setTimeout(() => {
      const snapshot = form.getValues();
      const payload = toPayload(snapshot, 'draft');
      const errors = { ...validatePayload(blogPostWriteSchema, payload, firstSegment), ...extraValidate(snapshot) };
      if (Object.keys(errors).length) return;
      write(payload)
        .then(() => {
          form.resetDirty(snapshot);
          setAutosavedAt(new Date());
        })
        .catch(() => {
          // shown by the next explicit save, which sends the same payload
        });
    }, AUTOSAVE.delayMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, isDraft, dirty, saving]);

  const submitAs = (status: PublishStatus, close: boolean) => {
    intent.current = { status, close };
    onSubmit();
  };

  /** Saves a draft first when there is anything unsaved, then opens the signed link in a new tab. */
  const preview = async () => {
    setPreviewing(true);
    // opened at once, in the click, so no pop-up blocker stops it; pointed at the link once it is made
    const tab = window.open('about:blank', '_blank');
    try {
      if (!recordRef.current || dirty) {
        const snapshot = form.getValues();
        const payload = toPayload(snapshot, 'draft');
        const errors = { ...validatePayload(blogPostWriteSchema, payload, firstSegment), ...extraValidate(snapshot) };
        if (Object.keys(errors).length) {
          form.setErrors(errors);
          tab?.close();
          return;
        }
        await write(payload);
        form.resetDirty(snapshot);
      }
      const link = await adminFetch(`/api/admin/blog/${recordRef.current!.id}/preview`, { schema: previewLinkSchema });
      if (tab) tab.location.href = link.url;
      else window.open(link.url, '_blank');
    } catch (error) {
      tab?.close();
      showError(error);
    } finally {
      setPreviewing(false);
    }
  };

  const title = form.getInputProps('title');
  const slug = form.getInputProps('slug');
  const content = form.getInputProps('content');

  return (
    <EntityFormModal
      title={post ? `Edit ${post.title}` : 'Add Blog Post'}
      size="90rem"
      mode={record ? 'edit' : 'create'}
      dirty={dirty}
      saving={saving}
      generalError={generalError}
      onSubmit={(event) => {
        event?.preventDefault();
        submitAs(isDraft ? 'draft' : 'published', !isDraft);
      }}
      onClose={onClose}
      status={
        <Text size="sm" c="dimmed" mr="auto" aria-live="polite" data-testid="editor-status">
          {record && <PostStateBadge post={record} />}{' '}
          {autosavedAt && isDraft ? `Draft saved automatically at ${autosavedAt.toLocaleTimeString()}` : ''}
        </Text>
      }
      actions={
        <>
          <Button
            variant="light"
            onClick={() => void preview()}
            loading={previewing}
            disabled={saving || (!isDraft && dirty)}
          >
            Preview
          </Button>
          <Button
            variant="default"
            onClick={() => submitAs('draft', false)}
            loading={saving && intent.current.status === 'draft'}
          >
            Save draft
          </Button>
          <Button onClick={() => submitAs('published', true)} loading={saving && intent.current.status === 'published'}>
            Publish
          </Button>
        </>
      }
    >
      <TextInput
        label="Title"
        withAsterisk
        {...title}
        onChange={(e) => {
          const value = e.currentTarget.value;
          title.onChange(value);
          if (slugFollowsTitle) form.setFieldValue('slug', slugify(value));
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Slug"
          withAsterisk
          description={slugFollowsTitle ? 'Filled from the title' : 'The post’s address: /blog/slug'}
          {...slug}
          onChange={(e) => {
            setSlugFollowsTitle(false);
            slug.onChange(e.currentTarget.value);
          }}
        />
        <TextInput
          label="Published"
          withAsterisk
          type="date"
          description="A future date schedules the post"
          {...form.getInputProps('publishedAt')}
        />
      </SimpleGrid>
      <Textarea label="Excerpt" withAsterisk autosize minRows={2} {...form.getInputProps('excerpt')} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label="Content"
          withAsterisk
          description="Markdown: ## heading, **bold**, *emphasis*, - list, > quote, [link](/menu), ![picture](https://...)"
          autosize
          minRows={12}
          maxRows={30}
          {...content}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="blog-preview-label">
            Preview
          </Text>
          <Paper withBorder p="sm" aria-labelledby="blog-preview-label" data-testid="markdown-preview" mih={200}>
            <Markdown content={form.getValues().content} baseHeadingLevel={2} size="sm" />
          </Paper>
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Category"
          withAsterisk
          data={BLOG_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] ?? c }))}
          allowDeselect={false}
          {...form.getInputProps('category')}
        />
        <MediaUrlInput label="Image URL" placeholder="/images/blog/..." {...form.getInputProps('imageUrl')} />
      </SimpleGrid>
      <TagsInput
        label="Tags"
        description="A comma ends a tag"
        splitChars={[',']}
        clearable
        {...form.getInputProps('tags')}
      />
    </EntityFormModal>
  );
}

export function BlogManager() {
  return (
    <CrudManager
      title="Blog Posts"
      noun="blog post"
      resource={blogResource}
      csv="blog"
      itemName={(r) => r.title}
      columns={columns}
      table={{
        searchPlaceholder: 'Title, category or tag',
        initialSort: { key: 'publishedAt', direction: 'desc' },
        emptyText: 'No posts yet.',
      }}
      renderForm={(row, close) => <BlogForm post={row} onClose={close} />}
    />
  );
}
