import { Module } from '@nestjs/common';
import { AdminStandsController } from './admin-stands.controller';
import { StandWriter } from './stand-writer';
import { StandsController } from './stands.controller';
import { StandsCsvController } from './stands-csv.controller';
import { StandsService } from './stands.service';

@Module({
  controllers: [StandsController, StandsCsvController, AdminStandsController],
  providers: [StandsService, StandWriter],
  exports: [StandsService],
})
export class StandsModule {}
