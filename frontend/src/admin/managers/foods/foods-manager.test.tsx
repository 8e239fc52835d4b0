import { FOOD_KEYS, FOOD_SOURCES, FOODS } from '@coffee-guide/recipe';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, findDialog, renderDashboard, setupAdmin, SLOW, toast } from '@/admin/testing/admin-test-utils';

const foods = FOOD_KEYS.map((key) => {
  const f: (typeof FOODS)[typeof key] & { addedSugar?: boolean; allergen?: 'Milk' } = FOODS[key];
  return {
    key,
    ...FOOD_SOURCES[key],
    kcal: f.kcal,
    fat: f.fat,
    sat: f.sat,
    chol: f.chol,
    sodium: f.sodium,
    carbs: f.carbs,
    fiber: f.fiber,
    sugars: f.sugars,
    protein: f.protein,
    caffeine: f.caffeine,
    addedSugar: !!f.addedSugar,
    allergen: f.allergen ?? null,
    edited: false,
  };
});
const answer = (status: number, body: unknown) => ({ status, body });

describe('Foods tab', SLOW, () => {
  it('lists the foods with their sources and saves a correction, saying how many rows it recomputed', async () => {
    const api = setupAdmin();
    api.on('GET', '/api/admin/foods', () => answer(200, foods));
    api.on('PUT', '/api/admin/foods/oatMilk', (req) =>
      answer(200, {
        food: { ...foods.find((f) => f.key === 'oatMilk'), ...(req.body as object), edited: true },
        recomputed: 6,
      }),
    );
    const { user } = await renderDashboard('foods');
    const table = await screen.findByRole('table', { name: 'Foods' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(foods.length + 1));
    const oatRow = within(table).getByRole('row', { name: /Oat milk/ });
    expect(oatRow).toHaveTextContent('Oatly');

    await user.click(within(oatRow).getByRole('button', { name: 'Edit Oat milk' }));
    const dialog = await findDialog('Edit Oat milk');
    const kcal = within(dialog).getByRole('spinbutton', { name: 'Calories (kcal)' });
    expect(kcal).toHaveValue(58.333);
    await user.clear(kcal);
    await fill(user, kcal, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await toast('Food saved')).toBeInTheDocument();
    const body = api.calls('PUT', '/api/admin/foods/oatMilk')[0].body as Record<string, number>;
    expect(body.kcal).toBe(70);
    expect(body.protein).toBeCloseTo(FOODS.oatMilk.protein, 2);
    expect(Object.keys(body).sort()).toEqual([
      'caffeine',
      'carbs',
      'chol',
      'fat',
      'fiber',
      'kcal',
      'protein',
      'sat',
      'sodium',
      'sugars',
    ]);
  });
});
