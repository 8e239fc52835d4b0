import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AppMetrics } from './app-metrics';

/** Makes the app's one AppMetrics injectable everywhere (createApp registers it). */
@Global()
@Module({})
export class MetricsModule {
  static register(metrics: AppMetrics): DynamicModule {
    return { module: MetricsModule, providers: [{ provide: AppMetrics, useValue: metrics }], exports: [AppMetrics] };
  }
}
