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

const { pageContent, siteSettings } = ADMIN_ROUTES;

describe('Settings tab: page content and site settings side by side', SLOW, () => {
  it('shows both managers, page content rows with active/inactive', async () => {
    setupAdmin();
    await renderDashboard('settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'Page Content' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Site Settings' })).toBeInTheDocument();
    expect(within(await findRow('Page Content', 'hero.title')).getByText('active')).toBeInTheDocument();
    expect(within(await findRow('Page Content', 'intro')).getByText('inactive')).toBeInTheDocument();
    expect(await findRow('Site Settings', 'brandName')).toHaveTextContent('Dutch Bros');
  });

  it('creates a page content section, and requires page, section key and content', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('settings');
    await screen.findByRole('table', { name: 'Page Content' });
    await user.click(screen.getByRole('button', { name: 'Add Page Content Section' }));
    const dialog = await findDialog('Add Page Content');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText(schemaMessage(pageContent.create, {}, 'pageSlug'))).toHaveLength(3);
    expect(api.calls('POST', '/api/admin/page-content')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: /Page/ }), 'about');
    await fill(user, within(dialog).getByRole('textbox', { name: /Section key/ }), 'mission');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Content' }), 'Make ordering easier.');
    await pick(user, dialog, 'Content type', 'markdown');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await toast('Page content created')).toBeInTheDocument();
    expect(await findRow('Page Content', 'mission')).toHaveTextContent('markdown');
    expect(api.calls('POST', '/api/admin/page-content')[0].body).toEqual({
      pageSlug: 'about',
      sectionKey: 'mission',
      content: 'Make ordering easier.',
      contentType: 'markdown',
      isActive: true,
    });
  });

  it('edits a section prefilled and deletes one after confirming', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('settings');
    await user.click(await screen.findByRole('button', { name: 'Edit faq / intro' }));
    const dialog = await findDialog('Edit faq / intro');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await toast('Page content updated')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await findRow('Page Content', 'intro')).getByText('active')).toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Delete about / hero.title' }));
    const confirm = await findDialog('Delete page content section?');
    expect(confirm).toHaveTextContent('“about / hero.title”');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toast('Page content section deleted')).toBeInTheDocument();
    expect(api.db.pageContent.map((s) => s.id)).toEqual([42]);
  });

  it('creates and edits a site setting; key and value required; the value is checked by what its key means', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('settings');
    await screen.findByRole('table', { name: 'Site Settings' });
    await user.click(screen.getByRole('button', { name: 'Add Site Setting' }));
    let dialog = await findDialog('Add Site Setting');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText(schemaMessage(siteSettings.create, {}, 'key'))).toHaveLength(2);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Key' }), 'social.instagramUrl');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Value' }), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const refused = { key: 'social.instagramUrl', value: 'javascript:alert(1)' };
    expect(await within(dialog).findByText(schemaMessage(siteSettings.create, refused, 'value'))).toBeInTheDocument();

    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    await user.clear(value);
    await fill(user, value, 'https://instagram.com/example');
    await pick(user, dialog, 'Category', 'social');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await toast('Site setting created')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/site-settings')[0].body).toMatchObject({
      key: 'social.instagramUrl',
      category: 'social',
    });

    await user.click(await screen.findByRole('button', { name: 'Edit contactEmail' }));
    dialog = await findDialog('Edit contactEmail');
    expect(within(dialog).getByRole('textbox', { name: 'Value' })).toHaveValue('hello@coffee-guide.example');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await toast('Site setting updated')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/site-settings/52')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete brandName' }));
    const confirm = await findDialog('Delete site setting?');
    expect(confirm).toHaveTextContent('“brandName”');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE', '/api/admin/site-settings/51')).toHaveLength(0);
  });
});
