import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES, ADMIN_ROUTES } from '@coffee-guide/contracts';
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

const rowsOf = async () =>
  within(await screen.findByRole('table', { name: 'Prices' }))
    .getAllByRole('row')
    .slice(1);

describe('Prices tab', SLOW, () => {
  it('filters the rows by drink and by size', async () => {
    setupAdmin();
    const { user } = await renderDashboard('prices');
    expect(await rowsOf()).toHaveLength(5);

    await pick(user, screen.getByRole('tabpanel'), 'Drink', 'Americano');
    await waitFor(async () => expect(await rowsOf()).toHaveLength(3));
    await user.click(screen.getByRole('radio', { name: 'Medium' }));
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Americano');
    expect(rows[0]).toHaveTextContent('$4.10');
    expect(screen.getByText('Showing 1–1 of 1 rows')).toBeInTheDocument();
  });

  it('creates a price row: the drink id as an integer, the price as text', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('prices');
    await screen.findByRole('table', { name: 'Prices' });
    await user.click(screen.getByRole('button', { name: 'Add Price' }));
    const dialog = await findDialog('Add Price');
    await pick(user, dialog, 'Drink', 'Caramelizer');
    await pick(user, dialog, 'Size', 'Medium (24 oz)');
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Price' }), '5.25');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await toast('Price created')).toBeInTheDocument();
    const row = await findRow('Prices', 'Caramelizer');
    expect(row).toHaveTextContent('$5.25');
    expect(api.calls('POST', '/api/admin/prices')[0].body).toEqual({ menuItemId: 3, size: 'medium', price: '5.25' });
  });

  it('edits a row in the same form, prefilled', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('prices');
    await user.click(await screen.findByRole('button', { name: 'Edit Americano (medium)' }));
    const dialog = await findDialog('Edit price: Americano (medium)');
    expect(within(dialog).getByRole('combobox', { name: 'Drink' })).toHaveValue('Americano');
    expect(within(dialog).getByRole('combobox', { name: 'Size' })).toHaveValue('Medium (24 oz)');
    const price = within(dialog).getByRole('spinbutton', { name: 'Price' });
    expect(price).toHaveValue(4.1);
    await user.clear(price);
    await fill(user, price, '4.35');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await toast('Price updated')).toBeInTheDocument();
    await waitFor(() => expect(api.db.prices.find((p) => p.id === 102)?.price).toBe('4.35'));
    expect(await screen.findByText('$4.35')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/prices/102')[0].body).toEqual({ menuItemId: 1, size: 'medium', price: '4.35' });
  });

  it('shows the required and numeric rules at their fields, and the server refusal as the Error toast', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('prices');
    await screen.findByRole('table', { name: 'Prices' });
    await user.click(screen.getByRole('button', { name: 'Add Price' }));
    const dialog = await findDialog('Add Price');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const { create } = ADMIN_ROUTES.prices;
    expect(await within(dialog).findAllByText(schemaMessage(create, {}, 'menuItemId'))).toHaveLength(2); // drink and price
    expect(schemaMessage(create, {}, 'price')).toBe(schemaMessage(create, {}, 'menuItemId'));
    expect(within(dialog).getByText(schemaMessage(create, {}, 'size'))).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/prices')).toHaveLength(0);

    await pick(user, dialog, 'Drink', 'Americano');
    await pick(user, dialog, 'Size', 'Small (16 oz)');
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Price' }), '3.999');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(schemaMessage(create, { menuItemId: 1, size: 'small', price: '3.999' }, 'price')),
    ).toBeInTheDocument();

    const price = within(dialog).getByRole('spinbutton', { name: 'Price' });
    await user.clear(price);
    await fill(user, price, '3.99');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await toast('Error')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_MESSAGES.sizeTaken('Americano', 'small', 'price'))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Price' })).toBeInTheDocument();
  });

  it('asks before deleting, naming the drink and size', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('prices');
    await user.click(await screen.findByRole('button', { name: 'Delete Golden Eagle Breve (small)' }));
    const confirm = await findDialog('Delete price?');
    expect(confirm).toHaveTextContent(
      'Delete the price “Golden Eagle Breve (small)”? You can bring it back from Deleted.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await toast('Price deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Golden Eagle Breve (small)' })).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE', '/api/admin/prices/104')).toHaveLength(1);
  });
});
