import {
  type FoodData,
  type FoodWrite,
  foodWriteSchema,
  type RecipeData,
  type RecipeWrite,
  recipeWriteSchema,
} from '@coffee-guide/contracts';
import {
  AdminJwtGuard,
  type AdminPrincipal,
  type AuditActor,
  CurrentAdmin,
  recordAudit,
  ValidationFailed,
  ZodPipe,
} from '@coffee-guide/nest-common';
import { type Recipe, drinkChoices, recipeComponents } from '@coffee-guide/recipe';
import { Body, Controller, Get, Injectable, NotFoundException, Param, Put, Req, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { foodTableOf, loadFoods, loadRecipe, recomputeRows, usesFood } from '../recipe/recipe.store';
import { actorOf, idParam } from './admin-params';

const foodKeyParam = z.string().regex(/^[a-zA-Z]{1,40}$/, 'must be a food key');

/**
 * The foods table and the drinks' recipes (docs/recipes.md). A correction recomputes, in its own
 * transaction, every stored price and nutrition row that depends on it (rows set by hand excepted) and
 * is audited with the number of rows it changed.
 */
@Injectable()
export class AdminRecipesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  listFoods(): Promise<FoodData[]> {
    return loadFoods(this.db);
  }

  async updateFood(actor: AuditActor, key: string, input: FoodWrite): Promise<{ food: FoodData; recomputed: number }> {
    return this.db.transaction(async (manager) => {
      const locked: unknown[] = await manager.query(`SELECT key FROM foods WHERE key = $1 FOR UPDATE`, [key]);
      if (!locked.length) throw new NotFoundException(`No food "${key}"`);
      const before = (await loadFoods(manager)).find((f) => f.key === key)!;
      await manager.query(
        `UPDATE foods SET kcal = $2, fat = $3, sat = $4, chol = $5, sodium = $6, carbs = $7, fiber = $8, sugars = $9,
           protein = $10, caffeine = $11, edited = true, updated_at = now() WHERE key = $1`,
        [
          key,
          input.kcal,
          input.fat,
          input.sat,
          input.chol,
          input.sodium,
          input.carbs,
          input.fiber,
          input.sugars,
          input.protein,
          input.caffeine,
        ],
      );
      const foods = await loadFoods(manager);
      const after = foods.find((f) => f.key === key)!;
      const recipes: Array<{ menu_item_id: number; recipe: Recipe }> = await manager.query(
        `SELECT menu_item_id, recipe FROM recipes`,
      );
      const affected = recipes.filter((r) => usesFood(r.recipe, key)).map((r) => r.menu_item_id);
      const recomputed = affected.length ? await recomputeRows(manager, affected, foodTableOf(foods)) : 0;
      await recordAudit(manager, actor, {
        entity: 'food',
        entityId: key,
        action: 'update',
        before,
        after: { ...after, drinks: affected.length, rowsRecomputed: recomputed },
      });
      return { food: after, recomputed };
    });
  }

  async getRecipe(menuItemId: number) {
    const items: Array<{ variants: string[] }> = await this.db.query(`SELECT variants FROM menu_items WHERE id = $1`, [
      menuItemId,
    ]);
    if (!items.length) throw new NotFoundException(`No menu item with id ${menuItemId}`);
    const recipe = await loadRecipe(this.db, menuItemId);
    return { menuItemId, recipe, choices: drinkChoices(recipe, items[0].variants) };
  }

  async updateRecipe(
    actor: AuditActor,
    menuItemId: number,
    input: RecipeWrite,
  ): Promise<{ menuItemId: number; recipe: RecipeData; recomputed: number }> {
    const recipe = input.recipe as Recipe;
    for (let i = 0; i < 3; i++) {
      try {
        recipeComponents(recipe, i, true);
      } catch (err) {
        throw new ValidationFailed({ recipe: (err as Error).message });
      }
    }
    return this.db.transaction(async (manager) => {
      const items: unknown[] = await manager.query(`SELECT id FROM menu_items WHERE id = $1 FOR UPDATE`, [menuItemId]);
      if (!items.length) throw new NotFoundException(`No menu item with id ${menuItemId}`);
      const before = await loadRecipe(manager, menuItemId);
      await manager.query(
        `INSERT INTO recipes (menu_item_id, recipe, edited) VALUES ($1, $2::jsonb, true)
         ON CONFLICT (menu_item_id) DO UPDATE SET recipe = EXCLUDED.recipe, edited = true, updated_at = now()`,
        [menuItemId, JSON.stringify(recipe)],
      );
      const recomputed = await recomputeRows(manager, [menuItemId], foodTableOf(await loadFoods(manager)));
      await recordAudit(manager, actor, {
        entity: 'recipe',
        entityId: menuItemId,
        action: before ? 'update' : 'create',
        before,
        after: { recipe, rowsRecomputed: recomputed },
      });
      return { menuItemId, recipe: input.recipe, recomputed };
    });
  }
}

@UseGuards(AdminJwtGuard)
@Controller('admin')
export class AdminRecipesController {
  constructor(private readonly recipes: AdminRecipesService) {}

  @Get('foods')
  foods() {
    return this.recipes.listFoods();
  }

  @Put('foods/:key')
  updateFood(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('key', new ZodPipe(foodKeyParam)) key: string,
    @Body(new ZodPipe(foodWriteSchema)) body: FoodWrite,
  ) {
    return this.recipes.updateFood(actorOf(admin, req), key, body);
  }

  @Get('recipes/:id')
  recipe(@Param('id', new ZodPipe(idParam)) id: number) {
    return this.recipes.getRecipe(id);
  }

  @Put('recipes/:id')
  updateRecipe(
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: { id?: unknown },
    @Param('id', new ZodPipe(idParam)) id: number,
    @Body(new ZodPipe(recipeWriteSchema)) body: RecipeWrite,
  ) {
    return this.recipes.updateRecipe(actorOf(admin, req), id, body);
  }
}
