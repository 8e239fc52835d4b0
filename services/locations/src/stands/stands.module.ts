import { Module } from '@nestjs/common';
import { AdminStandsController } from './admin-stands.controller';
import { StandWriter } from './stand-writer';
import { StandsController } from './stands.controller';
import { StandsService } from './stands.service';

@Module({ controllers: [StandsController, AdminStandsController], providers: [StandsService, StandWriter], exports: [StandsService] })
export class StandsModule {}
