import { Controller, Get, type DynamicModule, Module, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const PING_TIMEOUT_MS = 1500;

type Check = { database: { status: 'up' } | { status: 'down'; message: string } };

/**
 * `/health` and `/ready` without @nestjs/terminus: that package loads @nestjs/swagger and lodash into every
 * service for its decorators (4 MB each, docs/capacity.md). The answers keep terminus' shape.
 */
@Controller()
class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Alive: the process answers. */
  @Get('health')
  alive(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready: Postgres answers within 1.5 s; else a 503. */
  @Get('ready')
  async ready() {
    const database = await this.ping();
    const details: Check = { database };
    if (database.status === 'up') return { status: 'ok', info: details, error: {}, details };
    throw new ServiceUnavailableException({ status: 'error', info: {}, error: details, details });
  }

  private async ping(): Promise<Check['database']> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.db.query('SELECT 1'),
        new Promise(
          (_, reject) =>
            (timer = setTimeout(() => reject(new Error(`timeout of ${PING_TIMEOUT_MS}ms exceeded`)), PING_TIMEOUT_MS)),
        ),
      ]);
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', message: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }
}

@Module({})
export class HealthModule {
  static forTypeOrm(): DynamicModule {
    return { module: HealthModule, controllers: [HealthController] };
  }
}
