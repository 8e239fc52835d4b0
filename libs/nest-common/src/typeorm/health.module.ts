import { Controller, Get, type DynamicModule, Module } from '@nestjs/common';
import { HealthCheck, HealthCheckService, TerminusModule, TypeOrmHealthIndicator } from '@nestjs/terminus';

@Controller()
class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  /** Alive: the process answers. */
  @Get('health')
  alive(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready: Postgres answers. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([() => this.db.pingCheck('database', { timeout: 1500 })]);
  }
}

@Module({})
export class HealthModule {
  static forTypeOrm(): DynamicModule {
    return { module: HealthModule, imports: [TerminusModule.forRoot({ logger: false })], controllers: [HealthController] };
  }
}
