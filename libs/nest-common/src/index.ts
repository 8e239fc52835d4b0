export * from './bootstrap';
export * from './database';
export * from './env';
export * from './health.module';
export * from './http-exception.filter';
export * from './logging';
export * from "./validation";
export * from './auth';
