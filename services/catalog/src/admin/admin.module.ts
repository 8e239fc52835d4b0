import { REVISION_TARGETS, revisionControllers } from '@coffee-guide/nest-common/typeorm';
import { Module } from '@nestjs/common';
import { MenuModule } from '../menu/menu.module';
import { CatalogCsvImporters } from './admin-csv';
import { AdminCsvController } from './admin-csv.controller';
import { AdminMenuItemsService } from './admin-menu-items.service';
import { AdminNutritionService } from './admin-nutrition.service';
import { AdminPricesService } from './admin-prices.service';
import { AdminMenuItemsController } from './admin-menu-items.controller';
import { AdminNutritionController } from './admin-nutrition.controller';
import { AdminPricesController } from './admin-prices.controller';
import { AdminRecipesController, AdminRecipesService } from './admin-recipes.controller';
import { CATALOG_REVISION_RESOURCES, CatalogRevisionTargets } from './admin-revisions';

/**
 * /admin/menu-items, /admin/prices, /admin/nutrition (each with its CSV export and import), /admin/foods,
 * /admin/recipes: behind the admin token (/admin/audit: AuditTrailModule of nest-common); the history of
 * drinks, prices and nutrition (`/admin/<resource>/:id/revisions`, `/deleted`, restore: nest-common's revisions).
 */
@Module({
  imports: [MenuModule],
  controllers: [
    AdminCsvController,
    AdminMenuItemsController,
    AdminPricesController,
    AdminNutritionController,
    AdminRecipesController,
    ...revisionControllers(CATALOG_REVISION_RESOURCES),
  ],
  providers: [
    AdminMenuItemsService,
    AdminPricesService,
    AdminNutritionService,
    CatalogCsvImporters,
    AdminRecipesService,
    CatalogRevisionTargets,
    {
      provide: REVISION_TARGETS,
      useFactory: (
        t: CatalogRevisionTargets,
        m: AdminMenuItemsService,
        p: AdminPricesService,
        n: AdminNutritionService,
      ) => t.targets(m, p, n),
      inject: [CatalogRevisionTargets, AdminMenuItemsService, AdminPricesService, AdminNutritionService],
    },
  ],
})
export class AdminModule {}
