import {
  apiErrorSchema,
  auditListSchema,
  customisedDrinkSchema,
  drinkDetailSchema,
  foodsTableSchema,
  nutritionFactsSchema,
} from '@coffee-guide/contracts';
import { startedWithJwks } from '@coffee-guide/nest-common/testing';
import {
  AMOUNTS,
  FOODS,
  type Recipe,
  customisedFigures,
  drinkChoices,
  drinkNutrition,
  parseChanges,
} from '@coffee-guide/recipe';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import { startCatalog } from './app';

describe('build your drink: recipes, customised figures, foods (real Postgres)', () => {
  const started = startedWithJwks((env) => startCatalog(undefined, env));
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let token: string;
  beforeAll(() => {
    ({ app, dataSource, token } = started());
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const put = (url: string, payload: unknown, bearer: string | null = token) =>
    app.inject({
      method: 'PUT',
      url,
      payload: payload as object,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  it("returns each drink's recipe and the choices that make sense for it", async () => {
    const latte = drinkDetailSchema.parse((await get('/menu/items/caramel-latte')).json());
    expect(latte.customise.customisable).toBe(true);
    expect(latte.customise.recipe?.kind).toBe('espresso-milk');
    expect(latte.customise.milks).toEqual(['milk', 'half-and-half', 'protein-milk', 'oat-milk']);
    expect(latte.customise.shots?.defaults).toEqual(AMOUNTS.shots);
    expect(latte.customise.serves).toEqual(['iced', 'hot']);
    const caramel = latte.customise.flavours.find((f) => f.key === 'caramel');
    expect(caramel).toMatchObject({ onMenu: true, sugarFreeAvailable: true, defaultSugarFree: false });
    expect(latte.customise.flavours.some((f) => f.key === 'vanilla' && !f.onMenu)).toBe(true);

    const lemonade = drinkDetailSchema.parse((await get('/menu/items/aquaberry-lemonade')).json());
    expect(lemonade.customise.milks).toEqual([]);
    expect(lemonade.customise.shots).toBeNull();
  });

  it("computes a customised drink: the stored row plus the recipe's difference", async () => {
    const res = await get('/menu/items/caramel-latte/customised?size=large&milk=oat&shots=5&vanilla=sf:2');
    expect(res.statusCode).toBe(200);
    const body = customisedDrinkSchema.parse(res.json());
    expect(body.query).toBe('size=large&milk=oat&shots=5&vanilla=sf%3A2');
    expect(body.changed).toBe(true);
    const detail = drinkDetailSchema.parse((await get('/menu/items/caramel-latte')).json());
    const large = detail.sizeDetails.find((s) => s.size === 'large')!;
    expect(body.menu).toEqual({ price: large.price, nutrition: large.nutrition });
    // oat +0.50, one extra shot +0.35, an added syrup +0.50
    expect(body.difference.priceCents).toBe(135);
    const recipe = detail.customise.recipe as Recipe;
    const choices = drinkChoices(recipe, detail.variants);
    const expected = customisedFigures(
      {
        recipe,
        category: 'coffee-classics',
        sizes: detail.sizeDetails.map((s) => ({ size: s.size, price: s.price, nutrition: s.nutrition })),
      },
      choices,
      parseChanges({ size: 'large', milk: 'oat', shots: '5', vanilla: 'sf:2' }, choices).changes,
    );
    expect(body.nutrition).toEqual(expected.nutrition);
    expect(body.nutrition!.caffeine - large.nutrition!.caffeine).toBe(
      Math.round((AMOUNTS.shotMl * FOODS.espresso.caffeine) / 100),
    );
    expect(body.summary).toContain('+64 mg caffeine');
    expect(body.ingredients).toContain('oat milk');
    expect(body.ingredients).toContain('sugar-free vanilla syrup');

    const plain = customisedDrinkSchema.parse((await get('/menu/items/caramel-latte/customised?size=medium')).json());
    expect(plain.changed).toBe(false);
    expect(plain.nutrition).toEqual(detail.sizeDetails.find((s) => s.size === 'medium')!.nutrition);
  });

  it('answers a change the drink does not allow with a 400 naming each field', async () => {
    const res = await get('/menu/items/aquaberry-lemonade/customised?milk=oat&shots=3&size=huge');
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['milk', 'shots', 'size']);
    expect(body.errors?.milk).toMatch(/no milk/);
    const sf = await get('/menu/items/caramel-latte/customised?hazelnut=sf:2&shots=40');
    expect(sf.statusCode).toBe(400);
    expect(sf.json().errors).toEqual({
      hazelnut: 'hazelnut has no sugar-free version',
      shots: 'must be a whole number from 1 to 8',
    });
    expect((await get('/menu/items/caramel-latte/customised?caramel=' + 'x'.repeat(60))).statusCode).toBe(400);
    expect((await get('/menu/items/no-such-drink/customised?milk=oat')).statusCode).toBe(404);
  });

  it('serves the foods table with its sources', async () => {
    const body = foodsTableSchema.parse((await get('/menu/foods')).json());
    const oat = body.foods.find((f) => f.key === 'oatMilk')!;
    expect(oat.source).toMatch(/Oatly/);
    expect(oat.kcal).toBeCloseTo(FOODS.oatMilk.kcal, 10);
    expect(body.foods).toHaveLength(Object.keys(FOODS).length);
  });

  it('a corrected food recomputes every row that depends on it, in one audited write; hand-set rows stay', async () => {
    const ids = async () =>
      (await dataSource.query(
        `SELECT n.id, n.size FROM nutrition n JOIN menu_items m ON m.id = n.menu_item_id WHERE m.slug = 'caramel-latte'`,
      )) as Array<{ id: number; size: string }>;
    const small = (await ids()).find((r) => r.size === 'small')!;
    const hand = {
      calories: 111,
      fat: '1.0',
      saturatedFat: 0,
      cholesterol: 0,
      sodium: 0,
      carbohydrates: 0,
      fiber: 0,
      sugars: 0,
      protein: 0,
      caffeine: 0,
    };
    expect((await put(`/admin/nutrition/${small.id}`, hand)).statusCode).toBe(200);

    const { allergen: _a, ...milkFigures } = FOODS.milk;
    const invalid = await put('/admin/foods/milk', { ...milkFigures, kcal: -5, sugars: 'lots' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['kcal', 'sugars']);
    const res = await put('/admin/foods/milk', { ...milkFigures, kcal: 60 });
    expect(res.statusCode).toBe(200);
    expect(res.json().recomputed).toBeGreaterThan(0);

    const detail = drinkDetailSchema.parse((await get('/menu/items/caramel-latte')).json());
    const foods = { ...FOODS, milk: { ...FOODS.milk, kcal: 60 } };
    const model = drinkNutrition(detail.customise.recipe as Recipe, foods);
    expect(detail.sizeDetails[0].nutrition?.calories).toBe(111);
    expect(nutritionFactsSchema.parse(detail.sizeDetails[1].nutrition)).toEqual(model.perSize[1]);
    expect(detail.sizeDetails[2].nutrition).toEqual(model.perSize[2]);

    const audit = auditListSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/admin/audit?limit=5', headers: { authorization: `Bearer ${token}` } })
      ).json(),
    );
    expect(audit.find((e) => e.entity === 'food')).toMatchObject({ entityId: 'milk', action: 'update' });
    expect((await put('/admin/foods/milk', milkFigures, null)).statusCode).toBe(401);
    expect((await put('/admin/foods/unobtainium', milkFigures)).statusCode).toBe(404);
  });

  it('an edited recipe recomputes the drink; a recipe that overfills the cup is a 400', async () => {
    const item = (await dataSource.query(`SELECT id FROM menu_items WHERE slug = 'golden-eagle'`))[0] as { id: number };
    const current = await app.inject({
      method: 'GET',
      url: `/admin/recipes/${item.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(current.statusCode).toBe(200);
    const recipe = current.json().recipe as Recipe;
    const bad = await put(`/admin/recipes/${item.id}`, {
      recipe: {
        ...recipe,
        extraShots: 8,
        sweetCream: true,
        softTop: true,
        flavourings: [...recipe.flavourings, ...recipe.flavourings, ...recipe.flavourings],
      },
    });
    expect([400]).toContain(bad.statusCode);
    const res = await put(`/admin/recipes/${item.id}`, { recipe: { ...recipe, extraShots: 1 } });
    expect(res.statusCode).toBe(200);
    const detail = drinkDetailSchema.parse((await get('/menu/items/golden-eagle')).json());
    expect(detail.customise.recipe?.extraShots).toBe(1);
    const prices = (await dataSource.query(
      `SELECT size, price FROM prices p JOIN menu_items m ON m.id = p.menu_item_id WHERE m.slug = 'golden-eagle' ORDER BY p.id`,
    )) as Array<{ price: string }>;
    // the menu's 5.25 / 6.25 / 7.25 model price (soft top) plus one extra shot, 0.35
    expect(prices.map((p) => p.price)).toEqual(['5.60', '6.35', '7.10']);
  });
});
