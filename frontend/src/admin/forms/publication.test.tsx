import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fill, findDialog, findRow, renderDashboard, setupAdmin, SLOW, toast } from '@/admin/testing/admin-test-utils';

/** Drafts of SEO records, page sections and drinks (docs/web.md, "Drafts and previews"). */
describe('Publication: draft or published', SLOW, () => {
  it('saves an SEO record as a draft, labels it, and publishes it', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('seo');
    await screen.findByRole('table', { name: 'SEO Settings' });
    await user.click(screen.getByRole('button', { name: 'Add SEO Record' }));
    const dialog = await findDialog('Add SEO Record');
    await fill(user, within(dialog).getByRole('textbox', { name: /Page/ }), 'finder');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Title/ }), 'Flavour finder');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Description/ }), 'Find a drink by flavour.');
    await user.click(within(dialog).getByText('Draft'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await toast('SEO record created')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/seo')[0].body).toMatchObject({ pageSlug: 'finder', status: 'draft' });
    const row = await findRow('SEO Settings', 'finder');
    expect(within(row).getByText('Draft')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    const edit = await findDialog(/Edit/);
    await user.click(within(edit).getByText('Published'));
    await user.click(within(edit).getByRole('button', { name: 'Update' }));
    expect(await toast('SEO record updated')).toBeInTheDocument();
    const id = (api.db.seo.find((r) => r.pageSlug === 'finder') as { id: number }).id;
    expect(api.calls('PUT', `/api/admin/seo/${id}`)[0].body).toMatchObject({ status: 'published' });
    expect(within(await findRow('SEO Settings', 'finder')).queryByText('Draft')).not.toBeInTheDocument();
  });

  it("opens the saved record's preview link in a new tab", async () => {
    const api = setupAdmin();
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await renderDashboard('seo');
    await user.click(await screen.findByRole('button', { name: 'Edit faq' }));
    const dialog = await findDialog(/Edit/);
    await user.click(within(dialog).getByRole('button', { name: 'Preview the saved version' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('http://localhost:3000/faq?preview=test-token-32'));
    expect(api.calls('GET', '/api/admin/seo/32/preview')).toHaveLength(1);
    open.mockRestore();
  });

  it('sends no status for a record that has none and stays published (older answers)', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('seo');
    await user.click(await screen.findByRole('button', { name: 'Edit faq' }));
    const dialog = await findDialog(/Edit/);
    await fill(user, within(dialog).getByRole('textbox', { name: /^Title/ }), 'FAQ 2');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await toast('SEO record updated')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/seo/32')[0].body).not.toHaveProperty('status');
  });
});
