import { REVISION_TARGETS, revisionControllers } from '@coffee-guide/nest-common/typeorm';
import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminStandsController } from './admin-stands.controller';
import { standRevisionTargets } from './stand-revisions';
import { StandWriter } from './stand-writer';
import { StandsController } from './stands.controller';
import { StandsCsvController } from './stands-csv.controller';
import { StandsService } from './stands.service';

@Module({
  // The history of stands: /admin/locations/:id/revisions, /deleted and restore (nest-common's revisions).
  controllers: [StandsController, StandsCsvController, AdminStandsController, ...revisionControllers(['locations'])],
  providers: [
    StandsService,
    StandWriter,
    { provide: REVISION_TARGETS, useFactory: standRevisionTargets, inject: [StandsService, StandWriter, DataSource] },
  ],
  exports: [StandsService],
})
export class StandsModule {}
