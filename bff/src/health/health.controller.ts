import { Controller, Get } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';

@Controller('api')
export class HealthController {
  constructor(private readonly redis: RedisService) {}

  /** Alive, with what the BFF can see of its dependencies; the BFF answers even while Redis is away. */
  @Get('health')
  health() {
    return { status: 'ok', redis: this.redis.ready ? 'up' : 'down' };
  }
}
