import { Module } from '@nestjs/common';
import { AdminAuditController } from './admin-audit.controller';
import { AdminCatalogService } from './admin-catalog.service';
import { CatalogCsvImporters } from './admin-csv';
import { AdminCsvController } from './admin-csv.controller';
import { AdminMenuItemsController } from './admin-menu-items.controller';
import { AdminNutritionController } from './admin-nutrition.controller';
import { AdminPricesController } from './admin-prices.controller';
import { AdminRecipesController, AdminRecipesService } from './admin-recipes.controller';
import { AuditService } from './audit.service';

/**
 * /admin/menu-items, /admin/prices, /admin/nutrition (each with its CSV export and import), /admin/foods,
 * /admin/recipes, /admin/audit: behind the admin token.
 */
@Module({
  controllers: [AdminCsvController, AdminMenuItemsController, AdminPricesController, AdminNutritionController, AdminAuditController, AdminRecipesController],
  providers: [AdminCatalogService, AuditService, CatalogCsvImporters, AdminRecipesService],
})
export class AdminModule {}
