import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ROUTES } from '@coffee-guide/contracts';
import { describe, expect, it } from 'vitest';
import { fill, findDialog, findRow, renderDashboard, setupAdmin, SLOW, toast } from '@/admin/testing/admin-test-utils';
import { schemaMessage } from '@/admin/testing/schema-messages';

describe('SEO tab', SLOW, () => {
  it('shows active/inactive on the rows', async () => {
    setupAdmin();
    await renderDashboard('seo');
    expect(within(await findRow('SEO Settings', 'home')).getByText('active')).toBeInTheDocument();
    expect(within(await findRow('SEO Settings', 'faq')).getByText('inactive')).toBeInTheDocument();
  });

  it('creates a record with a live search-result preview and character counts', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('seo');
    await screen.findByRole('table', { name: 'SEO Settings' });
    await user.click(screen.getByRole('button', { name: 'Add SEO Record' }));
    const dialog = await findDialog('Add SEO Record');
    await fill(user, within(dialog).getByRole('textbox', { name: /Page/ }), 'menu/cold-brew');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Title/ }), '{brand} Cold Brew Menu');
    const preview = within(dialog).getByRole('figure', { name: 'Search result preview' });
    expect(within(preview).getByTestId('seo-preview-title')).toHaveTextContent('Dutch Bros Cold Brew Menu');
    expect(preview).toHaveTextContent('menu/cold-brew');
    expect(within(dialog).getByText('25 / 60 characters')).toBeInTheDocument();

    const long =
      'Every cold brew on the menu, with estimated prices by size, calories, caffeine and sugar, plus the seasonal specials and the secret menu favourites fans order.';
    await fill(user, within(dialog).getByRole('textbox', { name: /^Description/ }), long);
    expect(within(dialog).getByText(`${long.length} / 160 characters`)).toBeInTheDocument();
    expect(within(preview).getByTestId('seo-preview-description').textContent!.length).toBeLessThanOrEqual(160);

    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /JSON-LD/ }),
      '{"@context": "https://schema.org", "@type": "WebPage"}',
    );
    expect(within(dialog).getByText('Valid JSON-LD')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await toast('SEO record created')).toBeInTheDocument();
    expect(await findRow('SEO Settings', 'menu/cold-brew')).toHaveTextContent('active');
    expect(api.calls('POST', '/api/admin/seo')[0].body).toMatchObject({
      pageSlug: 'menu/cold-brew',
      title: '{brand} Cold Brew Menu',
      description: long,
      robotsDirective: 'index,follow',
      schemaMarkup: '{"@context": "https://schema.org", "@type": "WebPage"}',
      isActive: true,
    });
  });

  it('validates the JSON-LD and the required fields, and sends nothing', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('seo');
    await user.click(await screen.findByRole('button', { name: 'Edit home' }));
    const dialog = await findDialog('Edit SEO: home');
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('{brand} Menu, Prices & Nutrition');
    const markup = within(dialog).getByRole('textbox', { name: /JSON-LD/ });
    expect(JSON.parse((markup as HTMLTextAreaElement).value)).toMatchObject({ '@type': 'WebSite' });

    await user.clear(markup);
    await fill(user, markup, '{"@type": "WebPage"');
    const unreadable = schemaMessage(ADMIN_ROUTES.seo.update, { schemaMarkup: '{"@type": "WebPage"' }, 'schemaMarkup');
    expect(await within(dialog).findByText(`JSON-LD ${unreadable}`)).toBeInTheDocument();
    await user.clear(markup);
    await fill(user, markup, '{"@type": "WebPage"}');
    expect(await within(dialog).findByText('JSON-LD needs "@context": "https://schema.org"')).toBeInTheDocument();

    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(
      await within(dialog).findByText(schemaMessage(ADMIN_ROUTES.seo.update, { title: '' }, 'title')),
    ).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT', '/api/admin/seo/31')).toHaveLength(0);

    await fill(user, title, 'Home');
    await user.clear(markup);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await toast('SEO record updated')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.db.seo.find((r) => r.id === 31)).toMatchObject({ title: 'Home', schemaMarkup: null }),
    );
  });

  it('asks before deleting, naming the page', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('seo');
    await user.click(await screen.findByRole('button', { name: 'Delete faq' }));
    const confirm = await findDialog('Delete SEO record?');
    expect(confirm).toHaveTextContent('“faq”');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toast('SEO record deleted')).toBeInTheDocument();
    expect(api.db.seo.map((r) => r.pageSlug)).toEqual(['home']);
  });
});
