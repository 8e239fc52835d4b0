import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES, ADMIN_ROUTES, validationFailedBody } from '@coffee-guide/contracts';
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

const { create } = ADMIN_ROUTES.menuItems;

describe('Menu tab: menu items manager', SLOW, () => {
  it('lists the drinks with their Popular, Secret and Seasonal tags and the row count', async () => {
    setupAdmin();
    await renderDashboard('menu');
    const eagle = await findRow('Menu Items', 'Golden Eagle Breve');
    expect(within(eagle).getByText('Popular')).toBeInTheDocument();
    expect(within(eagle).getByText('Seasonal')).toBeInTheDocument();
    expect(within(eagle).queryByText('Secret')).not.toBeInTheDocument();
    expect(within(await findRow('Menu Items', 'Caramelizer')).getByText('Secret')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3 rows')).toBeInTheDocument();
  });

  it('creates a drink with its prices: the payload, the success toast, the refreshed list', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('menu');
    await screen.findByRole('table', { name: 'Menu Items' });
    await user.click(screen.getByRole('button', { name: 'Add Menu Item' }));

    const dialog = await findDialog('Add Menu Item');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Lavender Cold Brew');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Cold brew with lavender.');
    await pick(user, dialog, 'Category', 'Cold Brew');
    await user.click(within(dialog).getByRole('switch', { name: 'Seasonal' }));
    await user.type(within(dialog).getByRole('combobox', { name: /Ingredients/ }), 'Cold brew, Lavender syrup,');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Small price/ }), '4.5');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Large price/ }), '6.25');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await toast('Menu item created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Menu Item' })).not.toBeInTheDocument());
    const row = await findRow('Menu Items', 'Lavender Cold Brew');
    expect(within(row).getByText('Seasonal')).toBeInTheDocument();
    expect(within(row).getByText('Cold Brew')).toBeInTheDocument();

    const [post] = api.calls('POST', '/api/admin/menu-items');
    expect(post.body).toMatchObject({
      name: 'Lavender Cold Brew',
      description: 'Cold brew with lavender.',
      category: 'cold-brew',
      isSeasonal: true,
      ingredients: ['Cold brew', 'Lavender syrup'],
      sizes: [
        { size: 'small', price: '4.5' },
        { size: 'large', price: '6.25' },
      ],
    });
    expect(post.body).not.toHaveProperty('slug');
    expect(api.db.prices.filter((p) => p.menuItemName === 'Lavender Cold Brew').map((p) => [p.size, p.price])).toEqual([
      ['small', '4.50'],
      ['large', '6.25'],
    ]);
  });

  it('edits a drink in the same form, prefilled, and sends no sizes', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('menu');
    await user.click(within(await findRow('Menu Items', 'Americano')).getByRole('button', { name: 'Edit Americano' }));

    const dialog = await findDialog('Edit Americano');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Americano');
    expect(within(dialog).getByRole('switch', { name: 'Popular' })).toBeChecked();
    expect(within(dialog).getByText('Espresso')).toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton', { name: /Small price/ })).not.toBeInTheDocument();

    await user.clear(name);
    await fill(user, name, 'Americano Grande');
    await user.click(within(dialog).getByRole('switch', { name: 'Popular' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await toast('Menu item updated')).toBeInTheDocument();
    const row = await findRow('Menu Items', 'Americano Grande');
    expect(within(row).queryByText('Popular')).not.toBeInTheDocument();
    const [put] = api.calls('PUT', '/api/admin/menu-items/1');
    expect(put.body).toMatchObject({ name: 'Americano Grande', isPopular: false, ingredients: ['Espresso', 'Water'] });
    expect(put.body).not.toHaveProperty('sizes');
  });

  it('shows the schema errors at their fields and sends nothing', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('menu');
    await screen.findByRole('table', { name: 'Menu Items' });
    await user.click(screen.getByRole('button', { name: 'Add Menu Item' }));
    const dialog = await findDialog('Add Menu Item');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Medium price/ }), '4.555');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const sent = { name: '', description: '', category: 'cold-brew', sizes: [{ size: 'medium', price: '4.555' }] };
    expect(schemaMessage(create, sent, 'description')).toBe(schemaMessage(create, sent, 'name'));
    expect(await within(dialog).findAllByText(schemaMessage(create, sent, 'name'))).toHaveLength(2); // name and description
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(schemaMessage(create, sent, 'sizes.0.price'))).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/menu-items')).toHaveLength(0);
  });

  it("shows the server's per-field message at its field and the Error toast", async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('menu');
    await screen.findByRole('table', { name: 'Menu Items' });
    await user.click(screen.getByRole('button', { name: 'Add Menu Item' }));
    const dialog = await findDialog('Add Menu Item');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Americano');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Again.');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText(ADMIN_MESSAGES.drinkSlugTaken('americano'))).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Slug/ })).toHaveAttribute('aria-invalid', 'true');
    expect(await toast('Error')).toBeInTheDocument();
    expect(
      screen.getByText(validationFailedBody({ slug: ADMIN_MESSAGES.drinkSlugTaken('americano') }).message),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Menu Item' })).toBeInTheDocument();
    expect(api.db.menuItems).toHaveLength(3);
  });

  it('asks before deleting, naming the drink; Cancel keeps it, Delete removes it', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('menu');
    await user.click(
      within(await findRow('Menu Items', 'Caramelizer')).getByRole('button', { name: 'Delete Caramelizer' }),
    );

    let confirm = await findDialog('Delete menu item?');
    expect(confirm).toHaveTextContent('Delete the menu item “Caramelizer”? You can bring it back from Deleted.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE', '/api/admin/menu-items/3')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Caramelizer' }));
    confirm = await findDialog('Delete menu item?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await toast('Menu item deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Menu Items' })).queryByText('Caramelizer'),
      ).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE', '/api/admin/menu-items/3')).toHaveLength(1);
    expect(screen.getByText('Showing 1–2 of 2 rows')).toBeInTheDocument();
  });

  it('asks before closing a form with unsaved changes', async () => {
    setupAdmin();
    const { user } = await renderDashboard('menu');
    await user.click(within(await findRow('Menu Items', 'Americano')).getByRole('button', { name: 'Edit Americano' }));
    const dialog = await findDialog('Edit Americano');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Extra');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const ask = within(dialog).getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Americano Extra');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Americano' })).not.toBeInTheDocument());
  });

  it('searches, sorts by a column and pages', async () => {
    const api = setupAdmin();
    const { makeMenuItem } = await import('@/admin/testing/fixtures');
    for (let i = 4; i <= 30; i++)
      api.db.menuItems.push(makeMenuItem({ id: i, name: `Drink ${String(i).padStart(2, '0')}` }));
    const { user } = await renderDashboard('menu');
    const table = await screen.findByRole('table', { name: 'Menu Items' });
    expect(screen.getByText('Showing 1–25 of 30 rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('Showing 26–30 of 30 rows')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    // the first cell is the row's selection checkbox
    const firstName = () => within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[1].textContent;
    expect(firstName()).toMatch(/^Golden Eagle Breve/);

    await user.type(screen.getByRole('searchbox', { name: 'Search menu items' }), 'secret');
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1 matching rows (30 in all)')).toBeInTheDocument());
    expect(firstName()).toMatch(/^Caramelizer/);
  });
});
