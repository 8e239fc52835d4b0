import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ROUTES } from '@coffee-guide/contracts';
import { describe, expect, it } from 'vitest';
import {
  fill,
  findDialog,
  findRow,
  pick,
  renderDashboard,
  setupAdmin,
  SLOW,
  toast,
} from '@/admin/testing/admin-test-utils';
import { schemaMessage } from '@/admin/testing/schema-messages';

function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('Blog tab', SLOW, () => {
  it('shows two tags then +N on a row', async () => {
    setupAdmin();
    await renderDashboard('blog');
    const row = await findRow('Blog Posts', 'Secret Menu Guide');
    expect(within(row).getByText('secret')).toBeInTheDocument();
    expect(within(row).getByText('guide')).toBeInTheDocument();
    expect(within(row).queryByText('rebel')).not.toBeInTheDocument();
    expect(within(row).getByText('+2')).toBeInTheDocument();
  });

  it('creates a post: the slug filled from the title, today as the date, tags as chips', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('blog');
    await screen.findByRole('table', { name: 'Blog Posts' });
    await user.click(screen.getByRole('button', { name: 'Add Blog Post' }));
    const dialog = await findDialog('Add Blog Post');
    expect(within(dialog).getByLabelText(/Published/)).toHaveValue(today());

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Rebel: A Review!');
    expect(within(dialog).getByRole('textbox', { name: /Slug/ })).toHaveValue('rebel-a-review');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Excerpt' }), 'Is it worth it?');
    await fill(user, within(dialog).getByRole('textbox', { name: /Content/ }), 'Yes.\n\nIt is.');
    await pick(user, dialog, 'Category', 'Reviews');
    await user.type(within(dialog).getByRole('combobox', { name: /Tags/ }), 'energy, rebel,');
    expect(within(dialog).getByText('energy')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await toast('Blog post created')).toBeInTheDocument();
    expect(await findRow('Blog Posts', 'Rebel: A Review!')).toHaveTextContent('/blog/rebel-a-review');
    expect(api.calls('POST', '/api/admin/blog')[0].body).toEqual({
      title: 'Rebel: A Review!',
      slug: 'rebel-a-review',
      excerpt: 'Is it worth it?',
      content: 'Yes.\n\nIt is.',
      category: 'reviews',
      tags: ['energy', 'rebel'],
      imageUrl: '',
      publishedAt: today(),
    });
  });

  it("edits a post prefilled; a published post's slug stays when its title changes", async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('blog');
    await user.click(await screen.findByRole('button', { name: 'Edit Secret Menu Guide' }));
    const dialog = await findDialog('Edit Secret Menu Guide');
    expect(within(dialog).getByRole('textbox', { name: /Slug/ })).toHaveValue('secret-menu-guide');
    expect(within(dialog).getByLabelText(/Published/)).toHaveValue('2025-06-01');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' 2025');
    expect(within(dialog).getByRole('textbox', { name: /Slug/ })).toHaveValue('secret-menu-guide');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await toast('Blog post updated')).toBeInTheDocument();
    // an unchanged date keeps the post's own time
    expect(api.calls('PUT', '/api/admin/blog/21')[0].body).toMatchObject({
      title: 'Secret Menu Guide 2025',
      publishedAt: '2025-06-01T15:00:00.000Z',
    });
  });

  it('requires title, slug, excerpt, content and the published date', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('blog');
    await screen.findByRole('table', { name: 'Blog Posts' });
    await user.click(screen.getByRole('button', { name: 'Add Blog Post' }));
    const dialog = await findDialog('Add Blog Post');
    await user.clear(within(dialog).getByLabelText(/Published/));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText(schemaMessage(ADMIN_ROUTES.blog.create, {}, 'title'))).toHaveLength(5);
    expect(api.calls('POST', '/api/admin/blog')).toHaveLength(0);
  });

  it('asks before deleting, naming the post', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('blog');
    await user.click(await screen.findByRole('button', { name: 'Delete Secret Menu Guide' }));
    const confirm = await findDialog('Delete blog post?');
    expect(confirm).toHaveTextContent('“Secret Menu Guide”');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toast('Blog post deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No posts yet.')).toBeInTheDocument());
    expect(api.db.blog).toHaveLength(0);
  });
});
