import { BLOG_CATEGORIES, blogPostWriteSchema, slugify, type BlogPost } from '@coffee-guide/contracts';
import { Select, SimpleGrid, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { blogResource } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import type { Column } from '@/admin/components/data-table';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { useResourceForm } from '@/admin/forms/use-resource-form';
import { formatDate, NameCell, TagList } from '../shared';

const CATEGORY_LABELS: Record<string, string> = {
  reviews: 'Reviews',
  'secret-menu': 'Secret Menu',
  guides: 'Guides',
  news: 'News',
  health: 'Health',
};

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

function BlogForm({ post, onClose }: { post: BlogPost | null; onClose: () => void }) {
  // the slug follows the title until it is edited by hand (a new post only: a published address stays)
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(post === null);
  const initialDate = post ? post.publishedAt.slice(0, 10) : today();
  const { form, modal } = useResourceForm(blogResource, {
    row: post,
    initialValues: {
      title: post?.title ?? '',
      slug: post?.slug ?? '',
      excerpt: post?.excerpt ?? '',
      content: post?.content ?? '',
      category: post?.category ?? 'guides',
      tags: post?.tags ?? [],
      imageUrl: post?.imageUrl ?? '',
      publishedAt: initialDate,
    } as BlogValues,
    toPayload: (v: BlogValues) => ({
      title: v.title,
      slug: v.slug,
      excerpt: v.excerpt,
      content: v.content,
      category: v.category ?? undefined,
      tags: v.tags,
      imageUrl: v.imageUrl,
      // an unchanged date keeps the post's own time of day
      publishedAt: post && v.publishedAt === initialDate ? post.publishedAt : v.publishedAt,
    }),
    schema: blogPostWriteSchema,
    extraValidate: (v): Record<string, string> => (v.slug.trim() === '' ? { slug: 'is required' } : {}),
    noun: 'Blog post',
    savedMessage: (v) => `“${v.title.trim()}” was saved.`,
    onClose,
  });

  const title = form.getInputProps('title');
  const slug = form.getInputProps('slug');

  return (
    <EntityFormModal title={post ? `Edit ${post.title}` : 'Add Blog Post'} size="xl" {...modal}>
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
        <TextInput label="Published" withAsterisk type="date" {...form.getInputProps('publishedAt')} />
      </SimpleGrid>
      <Textarea label="Excerpt" withAsterisk autosize minRows={2} {...form.getInputProps('excerpt')} />
      <Textarea
        label="Content"
        withAsterisk
        description="Plain text; a blank line starts a new paragraph"
        autosize
        minRows={8}
        maxRows={20}
        {...form.getInputProps('content')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Category"
          withAsterisk
          data={BLOG_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] ?? c }))}
          allowDeselect={false}
          {...form.getInputProps('category')}
        />
        <TextInput label="Image URL" placeholder="/images/blog/..." {...form.getInputProps('imageUrl')} />
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
