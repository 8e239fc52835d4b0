import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ROUTES } from '@coffee-guide/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { AUTOSAVE } from './blog-manager';

function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('Blog tab', SLOW, () => {
  // autosave has tests of its own: elsewhere a pause while typing must not save a draft
  beforeEach(() => {
    AUTOSAVE.delayMs = 60_000;
  });
  afterEach(() => {
    AUTOSAVE.delayMs = 1000;
  });

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
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await toast('Blog post published')).toBeInTheDocument();
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
      status: 'published',
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
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await toast('Blog post published')).toBeInTheDocument();
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
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
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

  it('saves a draft without closing, labels drafts and scheduled posts, and publishes', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('blog');
    await screen.findByRole('table', { name: 'Blog Posts' });
    await user.click(screen.getByRole('button', { name: 'Add Blog Post' }));
    const dialog = await findDialog('Add Blog Post');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Next Week');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Excerpt' }), 'Soon.');
    await fill(user, within(dialog).getByRole('textbox', { name: /Content/ }), 'Coming up.');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));

    expect(await toast('Draft saved')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/blog')[0].body).toMatchObject({ title: 'Next Week', status: 'draft' });
    // still open, now the saved draft: the next save is its update
    expect(within(dialog).getByText('Draft')).toBeInTheDocument();
    expect(await findRow('Blog Posts', 'Next Week')).toHaveTextContent('Draft');

    await user.clear(within(dialog).getByLabelText(/Published/));
    await user.type(within(dialog).getByLabelText(/Published/), '2099-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await toast('Blog post published')).toBeInTheDocument();
    const id = (api.db.blog.find((p) => p.title === 'Next Week') as { id: number }).id;
    expect(api.calls('PUT', `/api/admin/blog/${id}`)[0].body).toMatchObject({
      status: 'published',
      publishedAt: '2099-01-01',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // a published post with a future date is labelled scheduled, an older one published
    expect(await findRow('Blog Posts', 'Next Week')).toHaveTextContent('Scheduled');
    expect(await findRow('Blog Posts', 'Secret Menu Guide')).toHaveTextContent('Published');
  });

  it('shows the Markdown body beside the text as the page shows it, HTML as text', async () => {
    setupAdmin();
    const { user } = await renderDashboard('blog');
    await screen.findByRole('table', { name: 'Blog Posts' });
    await user.click(screen.getByRole('button', { name: 'Add Blog Post' }));
    const dialog = await findDialog('Add Blog Post');
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /Content/ }),
      '## Heading\n\nSome **bold** and [a page](/menu) and [bad](javascript:alert(1)).\n\n> A quote\n\n<script>alert(2)</script>',
    );
    const preview = within(dialog).getByTestId('markdown-preview');
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Heading' })).toBeInTheDocument());
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(within(preview).getByRole('link', { name: 'a page' })).toHaveAttribute('href', '/menu');
    expect(within(preview).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(preview.querySelector('blockquote')).toHaveTextContent('A quote');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview).toHaveTextContent('<script>alert(2)</script>');
  });

  it('autosaves a draft once typing pauses, as a draft, then updates that draft; never a published post', async () => {
    AUTOSAVE.delayMs = 300;
    const api = setupAdmin();
    const { user } = await renderDashboard('blog');
    await screen.findByRole('table', { name: 'Blog Posts' });
    await user.click(screen.getByRole('button', { name: 'Add Blog Post' }));
    const dialog = await findDialog('Add Blog Post');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Autosaved');
    // not yet a valid post: nothing is sent
    await new Promise((r) => setTimeout(r, 600));
    expect(api.calls('POST', '/api/admin/blog')).toHaveLength(0);
    await fill(user, within(dialog).getByRole('textbox', { name: 'Excerpt' }), 'Saved by itself.');
    await fill(user, within(dialog).getByRole('textbox', { name: /Content/ }), 'Body.');
    await waitFor(() => expect(api.calls('POST', '/api/admin/blog')).toHaveLength(1), { timeout: 3000 });
    expect(api.calls('POST', '/api/admin/blog')[0].body).toMatchObject({ title: 'Autosaved', status: 'draft' });
    expect(await within(dialog).findByText(/Draft saved automatically/)).toBeInTheDocument();
    const id = (api.db.blog.find((p) => p.title === 'Autosaved') as { id: number }).id;
    await user.type(within(dialog).getByRole('textbox', { name: /Content/ }), ' More.');
    await waitFor(() => expect(api.calls('PUT', `/api/admin/blog/${id}`)).toHaveLength(1), { timeout: 3000 });
    expect(api.calls('PUT', `/api/admin/blog/${id}`)[0].body).toMatchObject({
      content: 'Body. More.',
      status: 'draft',
    });
    expect(api.calls('POST', '/api/admin/blog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // a published post is never saved by itself
    await user.click(await screen.findByRole('button', { name: 'Edit Secret Menu Guide' }));
    const edit = await findDialog('Edit Secret Menu Guide');
    await user.type(within(edit).getByRole('textbox', { name: 'Title' }), ' changed');
    await new Promise((r) => setTimeout(r, 900));
    expect(api.calls('PUT', '/api/admin/blog/21')).toHaveLength(0);
  });

  it('opens a preview of the draft in a new tab, saving it first', async () => {
    const api = setupAdmin();
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await renderDashboard('blog');
    await screen.findByRole('table', { name: 'Blog Posts' });
    await user.click(screen.getByRole('button', { name: 'Add Blog Post' }));
    const dialog = await findDialog('Add Blog Post');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Previewed');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Excerpt' }), 'See it first.');
    await fill(user, within(dialog).getByRole('textbox', { name: /Content/ }), 'Body.');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(tab.location.href).toMatch(/\/blog\/previewed\?preview=test-token-\d+$/));
    expect(open).toHaveBeenCalledTimes(1);
    expect(api.calls('POST', '/api/admin/blog')[0].body).toMatchObject({ status: 'draft' });
    const id = (api.db.blog.find((p) => p.title === 'Previewed') as { id: number }).id;
    expect(api.calls('GET', `/api/admin/blog/${id}/preview`)).toHaveLength(1);
    open.mockRestore();
  });
});
