import { Module } from '@nestjs/common';
import { AdminAuditController } from './admin-audit.controller';
import { AdminCatalogService } from './admin-catalog.service';
import { AdminMenuItemsController } from './admin-menu-items.controller';
import { AdminNutritionController } from './admin-nutrition.controller';
import { AdminPricesController } from './admin-prices.controller';
import { AuditService } from './audit.service';

/** /admin/menu-items, /admin/prices, /admin/nutrition, /admin/audit: behind the admin token. */
@Module({
  controllers: [AdminMenuItemsController, AdminPricesController, AdminNutritionController, AdminAuditController],
  providers: [AdminCatalogService, AuditService],
})
export class AdminModule {}
