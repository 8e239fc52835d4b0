export * from './operations';
export * from './openapi';
