import { Module } from '@nestjs/common';
import { CatalogCsvImporters } from './admin-csv';
import { AdminCsvController } from './admin-csv.controller';
import { AdminMenuItemsService } from './admin-menu-items.service';
import { AdminNutritionService } from './admin-nutrition.service';
import { AdminPricesService } from './admin-prices.service';
import { AdminMenuItemsController } from './admin-menu-items.controller';
import { AdminNutritionController } from './admin-nutrition.controller';
import { AdminPricesController } from './admin-prices.controller';
import { AdminRecipesController, AdminRecipesService } from './admin-recipes.controller';

/**
 * /admin/menu-items, /admin/prices, /admin/nutrition (each with its CSV export and import), /admin/foods,
 * /admin/recipes: behind the admin token (/admin/audit: AuditTrailModule of nest-common).
 */
@Module({
  controllers: [
    AdminCsvController,
    AdminMenuItemsController,
    AdminPricesController,
    AdminNutritionController,
    AdminRecipesController,
  ],
  providers: [
    AdminMenuItemsService,
    AdminPricesService,
    AdminNutritionService,
    CatalogCsvImporters,
    AdminRecipesService,
  ],
})
export class AdminModule {}
