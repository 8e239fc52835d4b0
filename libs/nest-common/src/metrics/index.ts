export * from './app-metrics';
export * from './http';
export * from './metrics.module';
