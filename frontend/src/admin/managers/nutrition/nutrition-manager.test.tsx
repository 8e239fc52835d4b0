import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ROUTES } from '@coffee-guide/contracts';
import { describe, expect, it } from 'vitest';
import { fill, findDialog, pick, renderDashboard, setupAdmin, SLOW, toast } from '@/admin/testing/admin-test-utils';
import { schemaMessage } from '@/admin/testing/schema-messages';

// the form checks an edit with the create schema: every fact is required (docs/decisions.md, "Input rules")
const { create } = ADMIN_ROUTES.nutrition;

const FACTS: [string, string][] = [
  ['Calories (kcal)', '250'],
  ['Fat (g)', '9.5'],
  ['Saturated fat (g)', '6'],
  ['Cholesterol (mg)', '35'],
  ['Sodium (mg)', '140'],
  ['Carbohydrates (g)', '38'],
  ['Fiber (g)', '0'],
  ['Sugars (g)', '36'],
  ['Protein (g)', '4'],
  ['Caffeine (mg)', '0'],
];

describe('Nutrition tab', SLOW, () => {
  it('filters by drink and size', async () => {
    setupAdmin();
    const { user } = await renderDashboard('nutrition');
    const table = await screen.findByRole('table', { name: 'Nutrition' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await user.click(screen.getByRole('radio', { name: 'Medium' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await pick(user, screen.getByRole('tabpanel'), 'Drink', 'Golden Eagle Breve');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('560');
  });

  it('creates a row: integers as integers, grams as text', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('nutrition');
    await screen.findByRole('table', { name: 'Nutrition' });
    await user.click(screen.getByRole('button', { name: 'Add Nutrition Row' }));
    const dialog = await findDialog('Add Nutrition Row');
    await pick(user, dialog, 'Drink', 'Caramelizer');
    await pick(user, dialog, 'Size', 'Large (32 oz)');
    for (const [label, value] of FACTS)
      await fill(user, within(dialog).getByRole('spinbutton', { name: label }), value);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await toast('Nutrition created')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/nutrition')[0].body).toEqual({
      menuItemId: 3,
      size: 'large',
      calories: 250,
      fat: '9.5',
      saturatedFat: '6',
      cholesterol: 35,
      sodium: 140,
      carbohydrates: '38',
      fiber: '0',
      sugars: '36',
      protein: '4',
      caffeine: 0,
    });
    expect(await screen.findByRole('button', { name: 'Edit Caramelizer (large)' })).toBeInTheDocument();
  });

  it('edits a row prefilled, and every fact is required', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('nutrition');
    await user.click(await screen.findByRole('button', { name: 'Edit Americano (small)' }));
    const dialog = await findDialog('Edit nutrition: Americano (small)');
    const calories = within(dialog).getByRole('spinbutton', { name: 'Calories (kcal)' });
    expect(calories).toHaveValue(15);
    expect(within(dialog).getByRole('spinbutton', { name: 'Fat (g)' })).toHaveValue(1.5);

    await user.clear(calories);
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Sugars (g)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findAllByText(schemaMessage(create, {}, 'calories'))).toHaveLength(2);
    expect(calories).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT', '/api/admin/nutrition/201')).toHaveLength(0);

    await fill(user, calories, '12.5');
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Sugars (g)' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(schemaMessage(create, { calories: 12.5 }, 'calories'))).toBeInTheDocument();

    await user.clear(calories);
    await fill(user, calories, '18');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await toast('Nutrition updated')).toBeInTheDocument();
    await waitFor(() => expect(api.db.nutrition.find((n) => n.id === 201)).toMatchObject({ calories: 18, sugars: 0 }));
  });

  it('asks before deleting, naming the drink and size', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('nutrition');
    await user.click(await screen.findByRole('button', { name: 'Delete Golden Eagle Breve (medium)' }));
    const confirm = await findDialog('Delete nutrition row?');
    expect(confirm).toHaveTextContent('“Golden Eagle Breve (medium)”');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toast('Nutrition row deleted')).toBeInTheDocument();
    expect(api.db.nutrition.map((n) => n.id)).toEqual([201, 202]);
  });
});
