import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CONTENT_ENV, type ContentEnv } from './env';

/** The parsed environment, injectable everywhere as CONTENT_ENV. */
@Global()
@Module({})
export class ConfigModule {
  static register(env: ContentEnv): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: CONTENT_ENV, useValue: env }], exports: [CONTENT_ENV] };
  }
}
